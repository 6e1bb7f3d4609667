package org.fabricsim.runtime.training;

import java.util.List;

import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;
import org.fabricsim.runtime.spec.TopologySpec;

/** Blackwell parts and systems of the held-out and fit rows, with the catalog's figures (nvidia.fabric). */
final class BlackwellFixtures {
    /**
     * GB200, one GPU (catalog): BF16 2,500, FP8 5,000 TFLOPS; 186 GB at 8.0 TB/s; MAMF 72.9%, FP8 MAMF 72.3%
     * (3,615.6 of 5,000 TFLOP/s); NVLink5 at its measured 75.5%; 148 SMs.
     */
    static final AcceleratorSpec GB200 = new AcceleratorSpec("nvidia.GB200", "NVIDIA", 2500e12, 5000e12,
            186_000_000_000L, 8.0e12, 0.729, 0.723, 900e9, 0.755).withArchitecture("blackwell", 148);
    /**
     * B200 (catalog): BF16 2,250, FP8 4,500 TFLOPS; 180 GB at 8.0 TB/s; MAMF 77.6%, FP8 MAMF 76.3% (3,432.5 of 4,500
     * TFLOP/s); NVLink5 at 75.5%; 148 SMs.
     */
    static final AcceleratorSpec B200 = new AcceleratorSpec("nvidia.B200", "NVIDIA", 2250e12, 4500e12,
            180_000_000_000L, 8.0e12, 0.776, 0.763, 900e9, 0.755).withArchitecture("blackwell", 148);
    /** NVLink5: 900 GB/s per GPU per direction (18 x 50 GB/s); hop latency as NVLink4's fixture. */
    static final FabricSpec NVLINK5 = new FabricSpec("nvidia.NVLink5", "NVIDIA",
            FabricSpec.FabricScope.SCALE_UP, false, "NVIDIA", 900e9, 100_000, true,
            FabricSpec.CongestionControl.INFINIBAND, false, false, true, FabricSpec.DEFAULT_FLOWS_PER_PEER);

    private BlackwellFixtures() {
    }

    /**
     * {@code domains} NVLink domains of {@code gpus} GB200 each (GPUs of one NVL72 rack) on a two-tier NDR fat-tree of
     * QM9700, one 400G NIC per GPU, adaptive routing.
     */
    static ClusterSpec gb200Racks(int domains, int gpus) {
        NodeSpec rack = new NodeSpec("nvidia.GB200_NVL72", GB200, gpus, new ScaleUpSpec(NVLINK5,
                ScaleUpSpec.Kind.RACK_SCALE, gpus, 900e9, true), TrainingFixtures.CX7, gpus, true);
        return new ClusterSpec("fixtures.GB200Racks", rack, domains, new ScaleOutSpec(TrainingFixtures.NDR,
                new TopologySpec.FatTree(TrainingFixtures.QM9700, 2, List.of(1.0, 1.0)), ScaleOutSpec.Routing.ADAPTIVE),
                0, null, null);
    }

    /** {@code nodes} DGX B200 (8 B200 on NVLink5 switches, 8 x 400G NDR) on 8 rails of two-tier QM9700 fat-trees. */
    static ClusterSpec dgxB200(int nodes) {
        NodeSpec node = new NodeSpec("nvidia.DGX_B200", B200, 8, new ScaleUpSpec(NVLINK5, ScaleUpSpec.Kind.SWITCHED, 8,
                900e9, true), TrainingFixtures.CX7, 8, true);
        return new ClusterSpec("fixtures.DgxB200", node, nodes, new ScaleOutSpec(TrainingFixtures.NDR,
                new TopologySpec.RailOptimized(TrainingFixtures.QM9700, 8, 2, List.of(1.0, 1.0)),
                ScaleOutSpec.Routing.ADAPTIVE), 0, null, null);
    }
}
