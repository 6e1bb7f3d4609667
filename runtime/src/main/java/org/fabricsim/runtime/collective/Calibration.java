package org.fabricsim.runtime.collective;

/**
 * The one set of efficiency and latency constants the engine is calibrated with. Each states
 * its source; none is fitted to the measurements it is checked against
 * ({@code validation/reference/collectives.csv}).
 */
public final class Calibration {
    /**
     * Fraction of the NVLink datasheet rate a GPU-to-GPU transfer achieves: 396 GB/s measured
     * pairwise on 8×H200 against 450 GB/s spec, 88% (stas00/ml-engineering, quoted in
     * validation/reference/hardware.md). The default for accelerators whose catalog entry states no
     * measured {@code scale-up-efficiency} of their own.
     */
    public static final double NVLINK_EFFICIENCY = 0.88;

    /**
     * Fraction of a NIC's line rate NCCL achieves: "24 GB/s is the peak performance per 200G NIC"
     * (NCCL maintainer, NVIDIA/nccl-tests issue #119), 24 / 25 = 96%.
     */
    public static final double NIC_EFFICIENCY = 0.96;

    /**
     * Share of the NVLink port rate in-switch reduction (NVLS multimem traffic) achieves relative to
     * GPU-to-GPU copies: NCCL src/tuning/nvls.cc nvlsEfficiency[Hopper] = 0.85, the factor NCCL's
     * cost model applies to the NVLS graph's bandwidth (Blackwell: 0.74, not modelled here). It
     * multiplies {@link #NVLINK_EFFICIENCY} already in the link rate. The switch's reduction rate
     * (450 GB/s per GPU through NVLS on DGX H100, validation/reference/hardware.md) equals the port
     * rate, so the ports, not the reduction units, bound NVLS.
     */
    public static final double NVLS_EFFICIENCY = 0.85;

    /** Software latency of one ring step over NVLink: NCCL tuning.cc hwLat[NVLINK][RING][SIMPLE] = 3.4 µs. */
    public static final long NVLINK_STEP_OVERHEAD_PS = 3_400_000;

    /** Software latency of one ring step over the network: NCCL tuning.cc hwLat[NET][RING][SIMPLE] = 14 µs. */
    public static final long NET_STEP_OVERHEAD_PS = 14_000_000;

    /** Latency of an NVLS (in-switch) all-reduce: NCCL tuning.cc hwLat[NVLINK][NVLS][SIMPLE] = 25 µs. */
    public static final long NVLS_STEP_OVERHEAD_PS = 25_000_000;

    /** Base latency of a ring collective: NCCL tuning.cc baseLat[RING][SIMPLE] = 8.4 µs. */
    public static final long RING_BASE_LATENCY_PS = 8_400_000;

    /**
     * NCCL's "plateau effect of ring": ncclTopoGetAlgoTime multiplies the latency of a Simple ring
     * all-reduce across nodes by 1.4 (compute capability ≥ 8.0; 1.9 before) when nBytes /
     * (nChannels · nRanks) ≥ 64 (src/graph/tuning.cc, NCCL 2.2x).
     */
    public static final double RING_PLATEAU_FACTOR = 1.4;

    private Calibration() {
    }
}
