package org.fabricsim.runtime.collective;

import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;

/** The systems of validation/reference/collectives.csv as engine topologies, links at the default profile. */
final class ReferenceClusters {
    /** NVLink4 (H100/H200): 450 GB/s per GPU per direction, datasheet (hardware.md). */
    static final LinkClass NVLINK4 = new LinkClass(450e9, 0).derated(Calibration.DEFAULT.nvlinkEfficiency());
    /** NVLink5 (B200): 900 GB/s per GPU per direction, datasheet (hardware.md). */
    static final LinkClass NVLINK5 = new LinkClass(900e9, 0).derated(Calibration.DEFAULT.nvlinkEfficiency());
    /**
     * H800 NVLink: ~200 GB/s per direction (hardware.md) at the catalog's measured {@code
     * scale-up-efficiency} of H800_SXM, 80%: 160 GB/s (DeepSeek-V3 report, arXiv 2412.19437 §3.2.2).
     */
    static final LinkClass NVLINK_H800 = new LinkClass(200e9, 0).derated(0.80);
    /** 400 Gb/s NIC (ConnectX-7 NDR, EFA 400G), fabric links alike. */
    static final LinkClass NIC_400G = LinkClass.ofGigabitsPerSecond(400, 0)
            .derated(Calibration.DEFAULT.nicEfficiency());
    /** DeepEP's normal kernels as benchmarked: 4096 tokens, hidden 7168, top-8 of 256 experts, FP8 dispatch. */
    static final ExpertKernels DEEPEP_NORMAL = new ExpertKernels(false, 4096, 7168, 8, 256, true);
    /** DeepEP's low-latency kernels as benchmarked: 128 tokens, otherwise the same. */
    static final ExpertKernels DEEPEP_LOW_LATENCY = new ExpertKernels(true, 128, 7168, 8, 256, true);
    /** DeepEP README, low-latency kernels: {EP, dispatch us, dispatch GB/s, combine us, combine GB/s}. */
    static final double[][] DEEPEP_LOW_LATENCY_ROWS = { { 8, 77, 98, 114, 127 }, { 32, 155, 48, 273, 53 },
            { 128, 192, 39, 369, 39 } };

    private ReferenceClusters() {
    }

    static ClusterTopology node8(LinkClass nvlink, boolean nvls) {
        return ClusterTopology.build(ClusterParameters.singleDomain(ScaleUpParameters.switched(8, nvlink, nvls)));
    }

    /** Nodes of 8 GPUs on an NVSwitch, 8 rail NICs each, one non-blocking scale-out switch. */
    static ClusterTopology nodes(int count, LinkClass nvlink) {
        return ClusterTopology.build(new ClusterParameters(8 * count, ScaleUpParameters.switched(8, nvlink, false),
                NIC_400G, FatTreeParameters.singleSwitch(NIC_400G)));
    }

    /**
     * DeepEP's kernels on {@code ranks} H800 GPUs (one NVLink node up to 8, else nodes of 8 on 400G
     * IB) with the kernel fixed cost of {@code calibration}.
     */
    static ExpertKernels.Run deepEp(ExpertKernels kernels, int ranks, boolean dispatch, Calibration calibration) {
        ClusterTopology cluster = ranks <= 8 ? node8(NVLINK_H800, false) : nodes(ranks / 8, NVLINK_H800);
        return kernels.run(cluster, ranks, dispatch, CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, 0, ranks),
                calibration.expertKernelFixedPs());
    }
}
