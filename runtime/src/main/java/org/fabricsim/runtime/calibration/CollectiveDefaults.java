package org.fabricsim.runtime.calibration;

import java.util.List;

/**
 * The collective constants of the default profile ({@code collective.*}), read by
 * {@code org.fabricsim.runtime.collective.Calibration}. Efficiencies are fractions, latencies
 * seconds. The efficiencies and software latencies are free within physical bounds (a user's
 * nccl-tests measurements move them); the ring plateau factor is a constant of NCCL's source and
 * stays fixed (a fit would trade it against the step latencies it multiplies). A profile may state
 * another within [1, 1.9], the editor's range ({@code Calibration.RING_PLATEAU_FACTOR_LEAST} and
 * {@code RING_PLATEAU_FACTOR_MOST}: no less than the ring's own steps, no more than any NCCL release).
 */
final class CollectiveDefaults {
    private static final String NCCL_TUNING = "NCCL src/graph/tuning.cc";

    static final List<CalibrationParameter> PARAMETERS = List.of(
            new CalibrationParameter("collective.nvlink-efficiency", 0.816, 0.70, 0.95,
                    "fraction of the NVLink datasheet rate NCCL's kernels achieve GPU to GPU, for accelerators"
                            + " whose catalog entry states no scale-up-efficiency",
                    "NCCL ring all-reduce busbw 367.2 GB/s on 8xH200 against 450 GB/s spec (collectives.csv"
                            + " h200-nvl-ring-16g, NCCL 2.27.7); copy-engine copies reach 396 (hardware.md); bounds:"
                            + " the datasheet rate less protocol overhead"),
            new CalibrationParameter("collective.nic-efficiency", 0.96, 0.80, 1.00,
                    "fraction of a NIC's line rate NCCL achieves, on NICs and fabric links",
                    "24 GB/s peak per 200G NIC (NCCL maintainer, NVIDIA/nccl-tests issue #119), 24 / 25;"
                            + " bounds: at most the line rate"),
            new CalibrationParameter("collective.nvls-efficiency", 0.85, 0.60, 1.00,
                    "share of the NVLink port rate in-switch reduction (NVLS multimem traffic) achieves",
                    "NCCL src/tuning/nvls.cc nvlsEfficiency[Hopper] = 0.85 (Blackwell 0.74)"),
            new CalibrationParameter("collective.nvlink-step-overhead", 3.4e-6, 1e-6, 10e-6,
                    "software latency of one ring step over NVLink, seconds",
                    NCCL_TUNING + " hwLat[NVLINK][RING][SIMPLE] = 3.4 us", CalibrationParameter.SECONDS),
            new CalibrationParameter("collective.net-step-overhead", 14e-6, 5e-6, 40e-6,
                    "software latency of one ring step over the network, seconds",
                    NCCL_TUNING + " hwLat[NET][RING][SIMPLE] = 14 us", CalibrationParameter.SECONDS),
            new CalibrationParameter("collective.nvls-step-overhead", 25e-6, 5e-6, 50e-6,
                    "latency of an NVLS (in-switch) all-reduce step, seconds",
                    NCCL_TUNING + " hwLat[NVLINK][NVLS][SIMPLE] = 25 us", CalibrationParameter.SECONDS),
            new CalibrationParameter("collective.ring-base-latency", 8.4e-6, 2e-6, 20e-6,
                    "base latency added once to a ring collective, seconds",
                    NCCL_TUNING + " baseLat[RING][SIMPLE] = 8.4 us", CalibrationParameter.SECONDS),
            new CalibrationParameter("collective.ring-plateau-factor", 1.4, 1.4, 1.4,
                    "factor on the step latencies of a Simple ring all-reduce across nodes with at least 64"
                            + " bytes per channel and rank",
                    NCCL_TUNING + " ncclTopoGetAlgoTime, compute capability >= 8.0 (NCCL 2.2x); a constant of"
                            + " NCCL's code, not fitted"),
            new CalibrationParameter("collective.expert-kernel-overhead", 35e-6, 0, 80e-6,
                    "fixed cost of one DeepEP-style dispatch or combine kernel (launch, NVSHMEM/IBGDA signalling"
                            + " and completion polling), seconds",
                    "fitted to the DeepEP low-latency rows deepep-ll-ep8/32/128 dispatch and combine (DeepEP"
                            + " README; ExpertKernelFitTest); bounds: none to the 77 us of the fastest published kernel",
                    CalibrationParameter.SECONDS),
            new CalibrationParameter("collective.framework-call-overhead", 17.9e-6, 0, 50e-6,
                    "host cost of one synchronised framework call (torch.distributed dispatch, NCCL enqueue and"
                            + " kernel launch inside the timed region), added to benchmarks timed by a framework"
                            + " call, seconds",
                    "fitted to the torch.distributed rows h200-nvl-auto-1m/16m/128m (ml-engineering"
                            + " all_reduce_bench.py, one call per trial; FrameworkCallFitTest); the bench's own"
                            + " notes put PyTorch's per-call host overhead at some 20-30 us; bounds: none to 50 us",
                    CalibrationParameter.SECONDS),
            new CalibrationParameter("collective.kernel-launch", 4.2e-6, 1e-6, 10e-6,
                    "host time one thread takes to launch one GPU's kernel of a collective call; a thread driving g"
                            + " GPUs (nccl-tests -g) spends g of them on every call, so a call queued back to back"
                            + " takes at least g of them, seconds",
                    "measured: NVIDIA/nccl-tests issue #123 on a DGX-A100, NCCL_ALGO=Ring NCCL_MAX_NCHANNELS=1"
                            + " all_reduce_perf -b 8 -e 128 -g N: 16.88, 20.8, 25.2, 29.5, 33.7 us at N = 4..8,"
                            + " N x 4.2 us within 1%; bounds: the host's CPU (the -g 8 rows of"
                            + " collectives-heldout-2.csv imply 5.2-5.5 us)",
                    CalibrationParameter.SECONDS));

    private CollectiveDefaults() {
    }
}
