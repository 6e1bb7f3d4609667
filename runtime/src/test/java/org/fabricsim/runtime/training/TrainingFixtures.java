package org.fabricsim.runtime.training;

import java.util.List;

import org.fabricsim.runtime.compute.ComputeCalibration;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CostSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * Specs with the figures of the standard catalog (dsl/src/main/resources/fabric/catalog/nvidia.fabric)
 * and of the examples' clusters (examples/llama3-405b/cluster.fabric, examples/megatron-h100).
 */
final class TrainingFixtures {
    /**
     * H100_SXM as the catalog states it: BF16 989, FP8 1979 TFLOPS, 81,559 MiB at 3.35 TB/s, efficiency 80.3% (MAMF),
     * fp8-efficiency 77.0% (TileLang's FP8 GEMM on H800), 18 x 25 GB/s NVLink4.
     */
    static final AcceleratorSpec H100 = new AcceleratorSpec("nvidia.H100_SXM", "NVIDIA", 989e12, 1979e12,
            81_559L << 20, 3.35e12, 0.803, 0.770, 450e9, 0).withArchitecture("hopper", 132);
    /** NVLink4: 25 GB/s per link, NVLS; the catalog states no latency. */
    static final FabricSpec NVLINK4 = new FabricSpec("nvidia.NVLink4", "NVIDIA", FabricSpec.FabricScope.SCALE_UP, false,
            "NVIDIA", 25e9, 0, true, FabricSpec.CongestionControl.NONE, false, false, true,
            FabricSpec.DEFAULT_FLOWS_PER_PEER);
    /** InfiniBand_NDR: 400 Gb/s, credit-based, adaptive routing, SHARPv3. */
    static final FabricSpec NDR = new FabricSpec("nvidia.InfiniBand_NDR", "NVIDIA", FabricSpec.FabricScope.SCALE_OUT,
            false, "", 50e9, 0, true, FabricSpec.CongestionControl.INFINIBAND, true, false, true,
            FabricSpec.DEFAULT_FLOWS_PER_PEER);
    /**
     * MetaRoCE (examples/llama3-405b): 400 Gb/s RoCEv2, PFC, no DCQCN, ECMP over 16 flows per GPU pair
     * (training.csv llama3 notes "16 flows per GPU pair"; hardware.md).
     */
    static final FabricSpec META_ROCE = new FabricSpec("meta.llama3.MetaRoCE", "IBTA", FabricSpec.FabricScope.SCALE_OUT,
            true, "", 50e9, 0, true, FabricSpec.CongestionControl.NONE, false, false, false, 16);
    /** ConnectX7: 1 x 400 Gb/s, PCIe Gen5 x16. */
    static final NicSpec CX7 = new NicSpec("nvidia.ConnectX7", "NVIDIA", 1, 50e9, 64e9, 0);
    /** Broadcom Tomahawk 4 (25.6 Tb/s, 64 x 400G) with its ports split into 128 x 200G (MegaScale §3.6). */
    static final SwitchSpec TOMAHAWK4_SPLIT = new SwitchSpec("broadcom.Tomahawk4", "Broadcom", 128, 25e9, 0, 0, false,
            false);
    /** QM9700: 64 x 400 Gb/s, SHARPv3. */
    static final SwitchSpec QM9700 = new SwitchSpec("nvidia.QM9700", "NVIDIA", 64, 50e9, 0, 0, true, false);
    /** DGX_H100 / Grand Teton: 8 x H100 on a switched NVLink4 domain (450 GB/s per GPU), 8 x ConnectX7 rail-aligned. */
    static final NodeSpec DGX_H100 = new NodeSpec("nvidia.DGX_H100", H100, 8,
            new ScaleUpSpec(NVLINK4, ScaleUpSpec.Kind.SWITCHED, 8, 450e9, true), CX7, 8, true);

    /** A100_SXM 80 GB: BF16/FP16 312 TFLOPS, 80 GB at 2,039 GB/s, efficiency 86.9% (MAMF), 12 x 25 GB/s NVLink3. */
    static final AcceleratorSpec A100 = new AcceleratorSpec("nvidia.A100_SXM", "NVIDIA", 312e12, 0, 80_000_000_000L,
            2039e9, 0.869, 300e9).withArchitecture("ampere", 108);
    /** NVLink3: 25 GB/s per link; the A100's NVSwitch has no in-switch reduction. */
    static final FabricSpec NVLINK3 = new FabricSpec("nvidia.NVLink3", "NVIDIA", FabricSpec.FabricScope.SCALE_UP, false,
            "NVIDIA", 25e9, 0, true, FabricSpec.CongestionControl.NONE, false, false, false,
            FabricSpec.DEFAULT_FLOWS_PER_PEER);
    /** InfiniBand HDR: 200 Gb/s, credit-based, adaptive routing (Selene). */
    static final FabricSpec HDR = new FabricSpec("nvidia.InfiniBand_HDR", "NVIDIA", FabricSpec.FabricScope.SCALE_OUT,
            false, "", 25e9, 0, true, FabricSpec.CongestionControl.INFINIBAND, true, false, false,
            FabricSpec.DEFAULT_FLOWS_PER_PEER);
    /** RoCEv2 at 200 Gb/s (MegaScale: "8x200G RoCE NICs on 8 different ToRs"), ECMP. */
    static final FabricSpec ROCE_200 = new FabricSpec("standards.RoCEv2_200", "IBTA", FabricSpec.FabricScope.SCALE_OUT,
            true, "", 25e9, 0, true, FabricSpec.CongestionControl.DCQCN, false, false, false,
            FabricSpec.DEFAULT_FLOWS_PER_PEER);
    /** ConnectX-6: 1 x 200 Gb/s, PCIe Gen4 x16. */
    static final NicSpec CX6 = new NicSpec("nvidia.ConnectX6", "NVIDIA", 1, 25e9, 32e9, 0);
    /** DGX A100: 8 x A100 on a switched NVLink3 domain (300 GB/s per GPU), 8 x 200G NICs rail-aligned. */
    static final NodeSpec DGX_A100 = new NodeSpec("nvidia.DGX_A100", A100, 8,
            new ScaleUpSpec(NVLINK3, ScaleUpSpec.Kind.SWITCHED, 8, 300e9, false), CX6, 8, true);

    /**
     * Megatron-LM as of SC'21: PyTorch eager with Apex fused LayerNorm, TorchScript-fused bias-GeLU and
     * bias-dropout-add, and unfused attention (QKᵀ, fused scale-mask-softmax, dropout, P·V); seven
     * element-wise kernels per layer forward: two norms, two bias-dropout-adds, bias-GeLU, and the
     * permute-contiguous copy of the attention context (megatron/model/transformer.py, 2021).
     */
    static final SoftwareSpec MEGATRON_2021 = new SoftwareSpec("fabric.catalog.stacks.MegatronLM2021",
            SoftwareSpec.AttentionKernel.UNFUSED, 0, 0, 7);
    /**
     * Megatron-DeepSpeed (BigScience's fork, 2022): Megatron-LM 2021's kernels under DeepSpeed's pipeline engine and
     * BF16 optimizer, which folds every micro-batch's BF16 gradients into FP32 copies outside the GEMMs
     * ({@link org.fabricsim.runtime.compute.ComputeCalibration#BF16_OPTIMIZER_ACCUMULATE_BYTES}) and, though it shards
     * the optimizer states as ZeRO-1, all-reduces the whole FP32 gradient (the engine's
     * {@code buffered_allreduce_fallback} over the optimizer's {@code get_grads_for_reduction()}, "currently for BF16
     * optimizer"), then all-gathers the updated BF16 parameters.
     */
    static final SoftwareSpec MEGATRON_DEEPSPEED = MEGATRON_2021.withGradientHandling(
            "fabric.catalog.stacks.MegatronDeepSpeed", ComputeCalibration.BF16_OPTIMIZER_ACCUMULATE_BYTES, true);

    private TrainingFixtures() {
    }

    /**
     * t.Small of the study and search tests: 8 DGX H100 (64 GPUs) on two leaves of a non-blocking two-tier NDR
     * QM9700 fat-tree, ECMP, with {@code cost} (null: none).
     */
    static ClusterSpec small(CostSpec cost) {
        return new ClusterSpec("t.Small", DGX_H100, 8, new ScaleOutSpec(NDR, new TopologySpec.FatTree(QM9700, 2,
                List.of(1.0)), ScaleOutSpec.Routing.ECMP), 0, cost, null);
    }

    /** Grand16K of examples/llama3-405b: 2,048 nodes, three-tier RoCE Clos, 1:7 at aggregation, ECMP, $4/h. */
    static ClusterSpec grand16k() {
        return new ClusterSpec("meta.llama3.Grand16K", DGX_H100, 2048, new ScaleOutSpec(META_ROCE,
                new TopologySpec.FatTree(null, 3, List.of(1.0, 1.0, 7.0)), ScaleOutSpec.Routing.ECMP), 0,
                new CostSpec("meta.llama3.H100At4", 4, 0, 0, 0, 0, 1), null);
    }

    /** SuperPod6K of examples/megatron-h100: 768 DGX H100 on 8 NDR rails of two-tier QM9700 fat-trees, adaptive. */
    static ClusterSpec superPod6k() {
        return new ClusterSpec("nvidia.megatron.SuperPod6K", DGX_H100, 768, new ScaleOutSpec(NDR,
                new TopologySpec.RailOptimized(QM9700, 8, 2, List.of(1.0, 1.0)), ScaleOutSpec.Routing.ADAPTIVE), 0,
                null, null);
    }

    /**
     * Selene (Megatron-LM SC'21 notes): DGX A100 80 GB, 8 x HDR 200G InfiniBand per node, three-level
     * non-blocking fat-tree, adaptive routing; sized for the largest row (3,072 GPUs = 384 nodes, the held-out 1T row).
     */
    static ClusterSpec selene() {
        return new ClusterSpec("nvidia.Selene", DGX_A100, 384, new ScaleOutSpec(HDR,
                new TopologySpec.FatTree(null, 3, List.of(1.0, 1.0, 1.0)), ScaleOutSpec.Routing.ADAPTIVE), 0, null,
                null);
    }

    /**
     * The MegaScale A100 cluster (NSDI'24 §3.6 "Network performance tuning", and the training.csv
     * notes): eight 200G RoCE NICs per server, each on a different ToR ("in a multi-rail way"), up to
     * 64 servers under one set of ToRs, three tiers of Tomahawk 4 at 1:1 downlink to uplink, ECMP;
     * sized for the largest row (8,192 GPUs). Each ToR's 400G downlinks are split into two 200G ports:
     * a 128-port 200G switch here, since a fabric has one link rate (its 400G uplinks, which halve the
     * hashing conflicts, are modelled as twice as many 200G uplinks).
     */
    static ClusterSpec megaScaleA100() {
        return new ClusterSpec("bytedance.MegaScaleA100", DGX_A100, 1024, new ScaleOutSpec(ROCE_200,
                new TopologySpec.RailOptimized(TOMAHAWK4_SPLIT, 8, 3, List.of(1.0, 1.0, 1.0)),
                ScaleOutSpec.Routing.ECMP), 0, null, null);
    }

    /** A dense transformer; head width = hidden ÷ heads. */
    static TransformerSpec dense(String name, int layers, int hidden, int ffn, int heads, int kvHeads, int vocab,
            boolean gated) {
        return new TransformerSpec(name, layers, hidden, ffn, heads, kvHeads, hidden / heads, vocab, gated, 0, 0, 0, 0,
                0, 0, 0);
    }

    /** A training job with micro-batch 1, BF16, full DP overlap, TP with sequence parallelism. */
    static TrainingSpec training(String name, TransformerSpec model, ClusterSpec cluster, int sequence, long batch,
            ParallelismSpec plan, TrainingSpec.PipelineSchedule schedule, TrainingSpec.Sharding sharding) {
        return new TrainingSpec(name, model, cluster, plan.accelerators(), sequence, batch, 1, Precision.BF16, plan,
                schedule, 1, sharding, TrainingSpec.Recompute.NONE, 1.0);
    }
}
