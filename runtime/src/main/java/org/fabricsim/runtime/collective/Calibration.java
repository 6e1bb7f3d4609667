package org.fabricsim.runtime.collective;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.sim.ClockCause;
import org.fabricsim.runtime.sim.ClockLimit;

/**
 * The collective constants of a {@link CalibrationProfile} ({@code collective.*}), in the engine's
 * units. Each parameter states its source and bounds in the profile (the default's are in the
 * standard catalog, {@code fabric.catalog.calibration.Default}); read once per run, O(parameters).
 *
 * @param nvlinkEfficiency   fraction of the NVLink datasheet rate a GPU-to-GPU transfer achieves, the
 *                           default for accelerators whose catalog entry states no measured
 *                           {@code scale-up-efficiency} (88%: 396 of 450 GB/s measured on 8×H200)
 * @param nicEfficiency      fraction of a NIC's line rate NCCL achieves (24 of 25 GB/s per 200G NIC)
 * @param nvlsEfficiency     share of the NVLink port rate in-switch reduction (NVLS multimem traffic)
 *                           achieves relative to GPU-to-GPU copies (NCCL nvlsEfficiency[Hopper] = 0.85);
 *                           it multiplies {@code nvlinkEfficiency} already in the link rate. The switch's
 *                           reduction rate equals the port rate, so the ports, not the reduction units,
 *                           bound NVLS.
 * @param nvlinkStepPs       software latency of one ring step over NVLink, ps
 * @param netStepPs          software latency of one ring step over the network, ps
 * @param nvlsStepPs         latency of an NVLS (in-switch) all-reduce, ps
 * @param ringBasePs         base latency of a ring collective, ps
 * @param ringPlateauFactor  NCCL's "plateau effect of ring": the factor on the latency of a Simple
 *                           ring all-reduce across nodes when nBytes / (nChannels · nRanks) ≥ 64
 * @param expertKernelFixedPs fixed cost of one DeepEP-style dispatch or combine kernel ({@link
 *                           ExpertKernels}), ps
 * @param frameworkCallPs    host cost of one synchronised framework call ({@link Harness#FRAMEWORK_CALL}), ps
 * @param kernelLaunchPs     host time one thread takes to launch one GPU's kernel of a call ({@link
 *                           Harness#NCCL_TESTS}: a thread driving g GPUs spends g of them on every call), ps
 */
public record Calibration(double nvlinkEfficiency, double nicEfficiency, double nvlsEfficiency, long nvlinkStepPs,
        long netStepPs, long nvlsStepPs, long ringBasePs, double ringPlateauFactor, long expertKernelFixedPs,
        long frameworkCallPs, long kernelLaunchPs) {
    /** Profile parameter of {@link #nvlinkEfficiency}. */
    public static final String NVLINK_EFFICIENCY = "collective.nvlink-efficiency";
    /** Profile parameter of {@link #nicEfficiency}. */
    public static final String NIC_EFFICIENCY = "collective.nic-efficiency";
    /** Profile parameter of {@link #nvlsEfficiency}. */
    public static final String NVLS_EFFICIENCY = "collective.nvls-efficiency";
    /** Profile parameter of {@link #nvlinkStepPs}, seconds. */
    public static final String NVLINK_STEP_OVERHEAD = "collective.nvlink-step-overhead";
    /** Profile parameter of {@link #netStepPs}, seconds. */
    public static final String NET_STEP_OVERHEAD = "collective.net-step-overhead";
    /** Profile parameter of {@link #nvlsStepPs}, seconds. */
    public static final String NVLS_STEP_OVERHEAD = "collective.nvls-step-overhead";
    /** Profile parameter of {@link #ringBasePs}, seconds. */
    public static final String RING_BASE_LATENCY = "collective.ring-base-latency";
    /** Profile parameter of {@link #ringPlateauFactor}. */
    public static final String RING_PLATEAU_FACTOR = "collective.ring-plateau-factor";
    /**
     * The least {@link #ringPlateauFactor}: it multiplies a ring's step latencies, so below 1 a ring across nodes
     * would pay less latency than the same ring's steps (NCCL's plateau only ever slows it); {@link StepOverheads}
     * refuses less.
     */
    public static final double RING_PLATEAU_FACTOR_LEAST = 1.0;
    /**
     * The largest {@link #ringPlateauFactor} any NCCL release has used (src/graph/tuning.cc, "Plateau effect of
     * ring"): 1.9 on every GPU from 2.7.3 (2020), then 1.9 below compute capability 9.0 and 1.5 from it (2.17.1),
     * and 1.9 below 8.0 and 1.4 from it since 2.18.1 (2023), through 2.30.7. A factor above it is no NCCL release's.
     */
    public static final double RING_PLATEAU_FACTOR_MOST = 1.9;
    /** Profile parameter of {@link #expertKernelFixedPs}, seconds. */
    public static final String EXPERT_KERNEL_OVERHEAD = "collective.expert-kernel-overhead";
    /** Profile parameter of {@link #frameworkCallPs}, seconds. */
    public static final String FRAMEWORK_CALL_OVERHEAD = "collective.framework-call-overhead";
    /** Profile parameter of {@link #kernelLaunchPs}, seconds. */
    public static final String KERNEL_LAUNCH = "collective.kernel-launch";

    /** The constants of the default profile. */
    public static final Calibration DEFAULT = of(CalibrationProfile.defaults());

    private static final double PS_PER_SECOND = 1e12;
    private static final double BLACKWELL_TO_HOPPER_NVLS = 0.74 / 0.85;

    /** The collective constants of {@code profile}, latencies rounded to the picosecond. */
    public static Calibration of(CalibrationProfile profile) {
        return new Calibration(profile.value(NVLINK_EFFICIENCY), profile.value(NIC_EFFICIENCY),
                profile.value(NVLS_EFFICIENCY), picoseconds(profile, NVLINK_STEP_OVERHEAD),
                picoseconds(profile, NET_STEP_OVERHEAD), picoseconds(profile, NVLS_STEP_OVERHEAD),
                picoseconds(profile, RING_BASE_LATENCY), profile.value(RING_PLATEAU_FACTOR),
                picoseconds(profile, EXPERT_KERNEL_OVERHEAD), picoseconds(profile, FRAMEWORK_CALL_OVERHEAD),
                picoseconds(profile, KERNEL_LAUNCH));
    }

    /**
     * The NVLS efficiency on {@code generation}: {@link #nvlsEfficiency} is Hopper's; Blackwell's is
     * scaled by NCCL's ratio of the two (nvlsEfficiency 0.74 / 0.85, NCCL 2.30.7 src/graph/tuning.cc).
     * NCCL has no NVLS before Hopper; earlier generations keep Hopper's figure for switches that
     * reduce.
     */
    public double nvlsEfficiency(Generation generation) {
        return generation == Generation.BLACKWELL ? nvlsEfficiency * BLACKWELL_TO_HOPPER_NVLS : nvlsEfficiency;
    }

    /** NCCL's Simple-protocol latencies of this calibration, as nccl-tests times them. */
    public StepOverheads stepOverheads() {
        return new StepOverheads(nvlinkStepPs, netStepPs, nvlsStepPs, ringBasePs, ringPlateauFactor);
    }

    /** NCCL's Simple-protocol latencies as {@code harness} times a call from one thread per GPU. */
    public StepOverheads stepOverheads(Harness harness) {
        return stepOverheads(harness, 1);
    }

    /**
     * NCCL's Simple-protocol latencies as {@code harness} times a call; none for {@link Harness#IDEAL}. Under
     * {@link Harness#NCCL_TESTS} each thread drives {@code gpusPerThread} GPUs (nccl-tests {@code -g}) and launches
     * their kernels of every call in turn, so a call queued back to back takes at least {@code gpusPerThread ·
     * kernelLaunchPs} ({@link StepOverheads#launchFloorPs}); a product past the clock's range is refused naming
     * {@code collective.kernel-launch} ({@link ClockLimit#times}).
     */
    public StepOverheads stepOverheads(Harness harness, int gpusPerThread) {
        if (gpusPerThread < 1 || gpusPerThread > 1 && harness != Harness.NCCL_TESTS) {
            throw new IllegalArgumentException("a thread drives at least one GPU, and more only under nccl-tests, not "
                    + gpusPerThread + " under " + harness.label());
        }
        return switch (harness) {
            case IDEAL -> StepOverheads.NONE;
            case FRAMEWORK_CALL -> stepOverheads().withHostCallPs(frameworkCallPs);
            case NCCL_TESTS -> stepOverheads().withLaunchFloorPs(ClockLimit.times(kernelLaunchPs, gpusPerThread, 0,
                    ClockCause.KERNEL_LAUNCH));
        };
    }

    private static long picoseconds(CalibrationProfile profile, String parameter) {
        return Math.round(profile.value(parameter) * PS_PER_SECOND);
    }
}
