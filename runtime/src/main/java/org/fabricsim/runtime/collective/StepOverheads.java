package org.fabricsim.runtime.collective;

/**
 * Software latency α_sw, NCCL's latency model (src/graph/tuning.cc, ncclTopoTuneModel and
 * ncclTopoGetAlgoTime). Every executed step adds its transfers' hop latency by where they run
 * (see {@link ScheduleRunner}); a ring reduce-scatter, all-gather or all-reduce also pays NCCL's
 * base latency once, and a ring all-reduce across scale-up domains with at least 64 bytes per
 * channel and rank has its step latencies scaled by NCCL's ring plateau factor.
 *
 * @param scaleUpPs     a hop inside a scale-up domain
 * @param scaleOutPs    a hop across the scale-out fabric
 * @param inNetworkPs   a step of in-switch reduction
 * @param ringBasePs    added once to a ring collective
 * @param ringPlateau   factor on the step latencies of a multi-domain ring all-reduce, ≥ 1
 */
public record StepOverheads(long scaleUpPs, long scaleOutPs, long inNetworkPs, long ringBasePs, double ringPlateau) {
    /** No software latency: steps cost their network time only. */
    public static final StepOverheads NONE = new StepOverheads(0, 0, 0);

    /** NCCL's Simple-protocol latencies of the default profile (see {@link Calibration#stepOverheads}). */
    public static final StepOverheads NCCL = Calibration.DEFAULT.stepOverheads();

    public StepOverheads {
        if (scaleUpPs < 0 || scaleOutPs < 0 || inNetworkPs < 0 || ringBasePs < 0 || !(ringPlateau >= 1)) {
            throw new IllegalArgumentException("step overheads must be non-negative and the plateau at least 1");
        }
    }

    /** Per-hop latencies only: no ring base latency, no plateau. */
    public StepOverheads(long scaleUpPs, long scaleOutPs, long inNetworkPs) {
        this(scaleUpPs, scaleOutPs, inNetworkPs, 0, 1.0);
    }
}
