package org.fabricsim.runtime.collective;

/**
 * Software latency α_sw added once per executed step, by where the step runs (NCCL's hwLat).
 *
 * @param scaleUpPs   a step whose transfers all stay inside scale-up domains
 * @param scaleOutPs  a step with any transfer across the scale-out fabric
 * @param inNetworkPs a step of in-switch reduction
 */
public record StepOverheads(long scaleUpPs, long scaleOutPs, long inNetworkPs) {
    /** No software latency: steps cost their network time only. */
    public static final StepOverheads NONE = new StepOverheads(0, 0, 0);

    /** NCCL's Simple-protocol step latencies (see {@link Calibration}). */
    public static final StepOverheads NCCL = new StepOverheads(Calibration.NVLINK_STEP_OVERHEAD_PS,
            Calibration.NET_STEP_OVERHEAD_PS, Calibration.NVLS_STEP_OVERHEAD_PS);

    public StepOverheads {
        if (scaleUpPs < 0 || scaleOutPs < 0 || inNetworkPs < 0) {
            throw new IllegalArgumentException("step overheads must be non-negative");
        }
    }
}
