package org.fabricsim.runtime.collective;

/**
 * The one set of efficiency and latency constants the engine is calibrated with. Each states
 * its source; none is fitted to the measurements it is checked against
 * ({@code shared/reference/collectives.csv}).
 */
public final class Calibration {
    /**
     * Fraction of the NVLink datasheet rate a GPU-to-GPU transfer achieves: 396 GB/s measured
     * pairwise on 8×H200 against 450 GB/s spec, 88% (stas00/ml-engineering, quoted in
     * shared/reference/hardware.md).
     */
    public static final double NVLINK_EFFICIENCY = 0.88;

    /**
     * Fraction of a NIC's line rate NCCL achieves: "24 GB/s is the peak performance per 200G NIC"
     * (NCCL maintainer, NVIDIA/nccl-tests issue #119), 24 / 25 = 96%.
     */
    public static final double NIC_EFFICIENCY = 0.96;

    /** Software latency of one ring step over NVLink: NCCL tuning.cc hwLat[NVLINK][RING][SIMPLE] = 3.4 µs. */
    public static final long NVLINK_STEP_OVERHEAD_PS = 3_400_000;

    /** Software latency of one ring step over the network: NCCL tuning.cc hwLat[NET][RING][SIMPLE] = 14 µs. */
    public static final long NET_STEP_OVERHEAD_PS = 14_000_000;

    /** Latency of an NVLS (in-switch) all-reduce: NCCL tuning.cc hwLat[NVLINK][NVLS][SIMPLE] = 25 µs. */
    public static final long NVLS_STEP_OVERHEAD_PS = 25_000_000;

    private Calibration() {
    }
}
