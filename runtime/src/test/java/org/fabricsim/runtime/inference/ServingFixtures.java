package org.fabricsim.runtime.inference;

import java.util.List;

import org.fabricsim.runtime.sim.RoutedMaximum;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CostSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TransformerSpec;

/** Specs with the standard catalog's figures (dsl/src/main/resources/fabric/catalog/nvidia.fabric). */
final class ServingFixtures {
    /**
     * H100 SXM: BF16 989, FP8 1979 TFLOPS, 81,559 MiB at 3.35 TB/s of which the driver keeps 437.72 MiB, MAMF 80.3%
     * (BF16) and 77.0% (FP8), NVLink4 450 GB/s (catalog).
     */
    static final AcceleratorSpec H100 = new AcceleratorSpec("nvidia.H100_SXM", "NVIDIA", 989e12, 1979e12, 81_559L << 20,
            3.35e12, 0.803, 0.770, 450e9, 0).withArchitecture("hopper", 132).withReservedMemory(458_982_687L);
    /**
     * H200 SXM: the H100's GH100 compute (132 SMs, BF16 989, FP8 1979 TFLOPS, MAMF 80.3% and 77.0%, NVLink4 450
     * GB/s) with 141 GB of HBM3e at 4.8 TB/s (NVIDIA H200 datasheet), 143,771 MiB as nvidia-smi reports it, of which
     * the driver keeps 615.8 MiB (catalog).
     */
    static final AcceleratorSpec H200 = new AcceleratorSpec("nvidia.H200_SXM", "NVIDIA", 989e12, 1979e12,
            143_771L << 20, 4.8e12, 0.803, 0.770, 450e9, 0).withArchitecture("hopper", 132)
            .withReservedMemory(645_713_101L);
    /** NVLink4: 450 GB/s per GPU per direction; 100 ns per hop (as the engine benchmarks' NVLink class). */
    static final FabricSpec NVLINK4 = new FabricSpec("nvidia.NVLink4", "NVIDIA", FabricSpec.FabricScope.SCALE_UP, false,
            "NVIDIA", 450e9, 100_000, true, FabricSpec.CongestionControl.INFINIBAND, false, false, true,
            FabricSpec.DEFAULT_FLOWS_PER_PEER);
    /** RoCE 400G: 50 GB/s links, 500 ns per hop. */
    static final FabricSpec ROCE400 = new FabricSpec("std.RoCE400", "IEEE", FabricSpec.FabricScope.SCALE_OUT, true, "",
            50e9, 500_000, true, FabricSpec.CongestionControl.DCQCN, false, false, false,
            FabricSpec.DEFAULT_FLOWS_PER_PEER);
    /** ConnectX-7: one 400 Gb/s port, PCIe Gen5 x16. */
    static final NicSpec CX7 = new NicSpec("nvidia.ConnectX7", "NVIDIA", 1, 50e9, 64e9, 1_000_000);
    /** Spectrum-4 SN5600 used as 128 x 400 GbE. */
    static final SwitchSpec SN5600 = new SwitchSpec("nvidia.SN5600", "NVIDIA", 128, 50e9, 600_000, 0, false, false);

    /** Llama 3.1 8B (Meta model card / config.json). */
    /**
     * The busiest rank's load over the mean when 100 tokens route at random to their top-2 of 8 experts
     * over 2 EP ranks (the toy MoE of the serving tests): a rank's copies have mean μ = 100·2/2 = 100
     * and variance 200·(1/2)(1/2)(6/7) = 42.86; the two ranks deviate by ±d, so the busiest expects
     * μ + E|d| = μ + σ·√(2/π) = 105.22 ({@link RoutedMaximum}).
     */
    static final double TOY_MOE_ROUTED_LOAD_100 = 1 + Math.sqrt(200 * 0.25 * 6 / 7) * Math.sqrt(2 / Math.PI) / 100;

    static final TransformerSpec LLAMA3_8B = new TransformerSpec("meta.Llama3_8B", 32, 4096, 14336, 32, 8, 128, 128256,
            true, 0, 0, 0, 0, 0, 0, 0);
    /** Llama 3.3 70B (config.json). */
    static final TransformerSpec LLAMA3_70B = new TransformerSpec("meta.Llama3_70B", 80, 8192, 28672, 64, 8, 128, 128256,
            true, 0, 0, 0, 0, 0, 0, 0);
    /** Llama 3.1 405B (config.json). */
    static final TransformerSpec LLAMA3_405B = new TransformerSpec("meta.Llama3_405B", 126, 16384, 53248, 128, 8, 128,
            128256, true, 0, 0, 0, 0, 0, 0, 0);
    /**
     * DeepSeek-V3 (config.json): 61 layers, 3 dense, 256 routed + 1 shared expert, top-8, MLA 512 + 64 with the query
     * compressed to rank 1,536 (q_lora_rank).
     */
    static final TransformerSpec DEEPSEEK_V3 = new TransformerSpec("deepseek.V3", 61, 7168, 18432, 128, 128, 128, 129280,
            true, 256, 8, 1, 2048, 3, 512, 64, 1536, 0, false);

    private ServingFixtures() {
    }

    /** {@code nodes} DGX H100 nodes on a RoCE 400G two-tier fat-tree, optionally with a rental price. */
    static ClusterSpec dgxH100(int nodes, double dollarsPerGpuHour) {
        return dgx(H100, nodes, dollarsPerGpuHour);
    }

    /** {@code nodes} DGX nodes of eight {@code gpu} (H100 or H200: the same NVLink4 node) on RoCE 400G. */
    static ClusterSpec dgx(AcceleratorSpec gpu, int nodes, double dollarsPerGpuHour) {
        NodeSpec node = new NodeSpec(gpu == H200 ? "nvidia.DGX_H200" : "nvidia.DGX_H100", gpu, 8,
                new ScaleUpSpec(NVLINK4, ScaleUpSpec.Kind.SWITCHED, 8, 450e9, true), CX7, 8, true);
        ScaleOutSpec scaleOut = nodes > 1
                ? new ScaleOutSpec(ROCE400, new TopologySpec.FatTree(SN5600, 2, List.of(1.0)), ScaleOutSpec.Routing.ECMP)
                : null;
        CostSpec cost = dollarsPerGpuHour > 0 ? new CostSpec("c", dollarsPerGpuHour, 0, 0, 0, 0, 1) : null;
        return new ClusterSpec("t.Dgx" + nodes, node, nodes, scaleOut, 0, cost, null);
    }

    static ParallelismSpec tensor(int tp) {
        return new ParallelismSpec(tp, 1, 1, 1, 1, false);
    }

    static InferenceSpec.Pool pool(InferenceSpec.Role role, int replicas, ParallelismSpec parallel, int maxBatchTokens,
            int maxSequences, int chunk) {
        return new InferenceSpec.Pool(role, replicas, parallel, maxBatchTokens, maxSequences, chunk);
    }

    static InferenceSpec.Traffic fixed(InferenceSpec.Arrival arrival, int prompt, int output, int requests) {
        return new InferenceSpec.Traffic(arrival, new InferenceSpec.Fixed(prompt), new InferenceSpec.Fixed(output),
                requests);
    }
}
