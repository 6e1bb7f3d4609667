package org.fabricsim.runtime.collective;

/**
 * Software latency α_sw, NCCL's latency model (src/graph/tuning.cc, ncclTopoTuneModel and
 * ncclTopoGetAlgoTime). Every executed step adds its transfers' hop latency by where they run
 * (see {@link ScheduleRunner}); a ring reduce-scatter, all-gather or all-reduce also pays NCCL's
 * base latency once, and a ring all-reduce across scale-up domains with at least 64 bytes per
 * channel and rank has its step latencies scaled by NCCL's ring plateau factor. A call timed on its
 * own from a framework (one synchronised {@code torch.distributed} call) also pays the host's per-call
 * cost once, which nccl-tests hides by queueing its calls back to back ({@link Harness}). Queued back
 * to back, a call still takes at least the host's launch of its kernels: one thread launching g GPUs'
 * kernels (nccl-tests {@code -g}) bounds the call below by g launches.
 *
 * @param scaleUpPs     a hop inside a scale-up domain
 * @param scaleOutPs    a hop across the scale-out fabric
 * @param inNetworkPs   a step of in-switch reduction
 * @param ringBasePs    added once to a ring collective
 * @param ringPlateau   factor on the step latencies of a multi-domain ring all-reduce, ≥ 1
 * @param hostCallPs    host time of one call that the timing includes, added once (0: nccl-tests)
 * @param launchFloorPs the least time of a call queued back to back: its host thread's kernel launches, which
 *                      overlap the previous call's kernels (nccl-tests; 0: no floor)
 */
public record StepOverheads(long scaleUpPs, long scaleOutPs, long inNetworkPs, long ringBasePs, double ringPlateau,
        long hostCallPs, long launchFloorPs) {
    /** No software latency: steps cost their network time only. */
    public static final StepOverheads NONE = new StepOverheads(0, 0, 0);

    /** NCCL's Simple-protocol latencies of the default profile (see {@link Calibration#stepOverheads}). */
    public static final StepOverheads NCCL = Calibration.DEFAULT.stepOverheads();

    public StepOverheads {
        if (scaleUpPs < 0 || scaleOutPs < 0 || inNetworkPs < 0 || ringBasePs < 0 || !(ringPlateau >= 1)
                || hostCallPs < 0 || launchFloorPs < 0) {
            throw new IllegalArgumentException("step overheads must be non-negative and the plateau at least 1");
        }
    }

    /** NCCL's latencies as nccl-tests times them: no host cost per call, no launch floor. */
    public StepOverheads(long scaleUpPs, long scaleOutPs, long inNetworkPs, long ringBasePs, double ringPlateau) {
        this(scaleUpPs, scaleOutPs, inNetworkPs, ringBasePs, ringPlateau, 0, 0);
    }

    /** Per-hop latencies only: no ring base latency, no plateau. */
    public StepOverheads(long scaleUpPs, long scaleOutPs, long inNetworkPs) {
        this(scaleUpPs, scaleOutPs, inNetworkPs, 0, 1.0);
    }

    /** These latencies with {@code value} of host time per call. */
    public StepOverheads withHostCallPs(long value) {
        return new StepOverheads(scaleUpPs, scaleOutPs, inNetworkPs, ringBasePs, ringPlateau, value, launchFloorPs);
    }

    /** These latencies with a call taking at least {@code value} ({@link #launchFloorPs}). */
    public StepOverheads withLaunchFloorPs(long value) {
        return new StepOverheads(scaleUpPs, scaleOutPs, inNetworkPs, ringBasePs, ringPlateau, hostCallPs, value);
    }
}
