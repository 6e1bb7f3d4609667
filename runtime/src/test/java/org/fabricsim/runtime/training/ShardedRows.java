package org.fabricsim.runtime.training;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.compute.ComputeCalibration;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * How a row of validation/reference/training-sharded-heldout.csv becomes a spec, by fixed rules: the model from its
 * columns (ffn = 4·hidden: the plain GELU MLP of MPT, BLOOM and MT-NLG; head width hidden ÷ heads); the plan from tp,
 * pp and dp, without sequence parallelism (neither Composer's FSDP nor 2022 Megatron-DeepSpeed has it); BF16; micro-batch,
 * sharding and recompute from their columns; by stack:
 * <ul>
 * <li>{@code composer-fsdp} (MosaicML Composer) and {@code torchtitan-fsdp2}: FSDP with overlap 1 (FSDP prefetches the next unit's all-gather and reduce-scatters behind
 * the backward), FlashAttention-2 at the row's architecture's rate ({@link SoftwareSpec#FLASH_ATTENTION_2} on H100,
 * {@link SoftwareSpec#FLASH_ATTENTION_2_AMPERE} on A100), no TP overlap, and FSDP's copies on the compute stream every
 * micro-batch (the flat gradient of Composer's FSDP, the all-gather copy-outs of FSDP2: {@link #software}); the MPT
 * rows' loss is flash-attn's fused cross entropy, llm-foundry's default ({@link SoftwareSpec#fusedCrossEntropy});</li>
 * <li>{@code megatron-deepspeed}: DeepSpeed's pipeline engine, 1F1B, gradients reduced after the last micro-batch
 * (overlap 0), Megatron-LM 2021's unfused attention, every micro-batch's gradients folded into FP32 by DeepSpeed's
 * BF16 optimizer ({@link TrainingFixtures#MEGATRON_DEEPSPEED}).</li>
 * </ul>
 * Clusters, the CSV's header assumptions: {@code mosaic-h100} DGX H100-like nodes (8 × 400 Gb/s) on a two-tier NDR
 * fat-tree; {@code a100-1600g-roce} 8 × A100 on NVSwitch with eight 200 Gb/s RoCE NICs (1,600 Gb/s) on a two-tier
 * non-blocking fat-tree, ECMP, the A100 at the row's memory (40GB: 1,555 GB/s HBM2); {@code jean-zay} 8 × A100 80GB on
 * NVSwitch with four 100 Gb/s Omni-Path NICs on a non-blocking fat-tree; {@code selene} Selene at 560 DGX A100 nodes.
 */
final class ShardedRows {
    /** A100 SXM 40 GB: the 80 GB part's peak and measured matmul efficiency, 40 GB of HBM2 at 1,555 GB/s (datasheet). */
    static final AcceleratorSpec A100_40GB = new AcceleratorSpec("nvidia.A100_SXM_40GB", "NVIDIA", 312e12, 0,
            40_000_000_000L, 1555e9, 0.869, 300e9).withArchitecture("ampere", 108);
    /** Omni-Path 100: 100 Gb/s, credit-based link-level flow control, adaptive routing. */
    static final FabricSpec OMNI_PATH = new FabricSpec("intel.OmniPath100", "Intel", FabricSpec.FabricScope.SCALE_OUT,
            false, "", 12.5e9, 0, true, FabricSpec.CongestionControl.INFINIBAND, true, false, false,
            FabricSpec.DEFAULT_FLOWS_PER_PEER);
    /** An Omni-Path 100 host fabric interface on PCIe Gen3 x16. */
    static final NicSpec OPA_HFI = new NicSpec("intel.OmniPathHFI100", "Intel", 1, 12.5e9, 16e9, 0);

    private ShardedRows() {
    }

    /** The spec of a CSV row, by the rules of the class comment. */
    static TrainingSpec spec(Map<String, String> row) {
        int hidden = integer(row, "hidden");
        int ffn = integer(row, "ffn");
        String name = "heldout." + row.get("case");
        TransformerSpec model = TrainingFixtures.dense(name, integer(row, "layers"), hidden, ffn,
                integer(row, "heads"), integer(row, "kv_heads"), integer(row, "vocab"), ffn != 4 * hidden);
        ParallelismSpec plan = new ParallelismSpec(integer(row, "tp"), integer(row, "pp"), integer(row, "dp"), 1, 1,
                false);
        TrainingSpec.Sharding sharding = switch (row.get("sharding")) {
            case "fsdp" -> TrainingSpec.Sharding.FSDP;
            case "zero-3" -> TrainingSpec.Sharding.ZERO_3;
            case "zero-1" -> TrainingSpec.Sharding.ZERO_1;
            default -> throw new IllegalArgumentException("sharding " + row.get("sharding"));
        };
        TrainingSpec.Recompute recompute = "full".equals(row.get("recompute")) ? TrainingSpec.Recompute.FULL
                : TrainingSpec.Recompute.NONE;
        boolean fsdpStack = row.get("stack").endsWith("fsdp") || row.get("stack").endsWith("fsdp2");
        return new TrainingSpec(name, model, cluster(row), plan.accelerators(), integer(row, "seq"),
                Long.parseLong(row.get("gbs")), integer(row, "micro_batch"), Precision.BF16, plan,
                TrainingSpec.PipelineSchedule.ONE_F_ONE_B, 1, sharding, recompute, fsdpStack ? 1 : 0,
                software(row), false);
    }

    /**
     * The row's stack: FlashAttention-2 at the row's rate with FSDP's compute-stream copies every micro-batch, the
     * flat gradient of Composer's FSDP ({@link ComputeCalibration#FSDP_FLAT_GRADIENT_BYTES}) or the all-gather
     * copy-outs of torchtitan's FSDP2 ({@link ComputeCalibration#FSDP2_COPY_OUT_BYTES}), Composer's MPT with
     * flash-attn's fused cross entropy; Megatron-DeepSpeed as the class comment says.
     */
    static SoftwareSpec software(Map<String, String> row) {
        return switch (row.get("stack")) {
            case "composer-fsdp" -> flashAttention2(row).withFusedCrossEntropy("heldout.ComposerMpt")
                    .withGradientHandling("heldout.ComposerFsdp", ComputeCalibration.FSDP_FLAT_GRADIENT_BYTES, false);
            case "torchtitan-fsdp2" -> flashAttention2(row).withGradientHandling("heldout.TorchtitanFsdp2",
                    ComputeCalibration.FSDP2_COPY_OUT_BYTES, false);
            case "megatron-deepspeed" -> TrainingFixtures.MEGATRON_DEEPSPEED;
            default -> throw new IllegalArgumentException("stack " + row.get("stack"));
        };
    }

    /** FlashAttention-2 at its rate on the row's architecture: Ampere's for the A100 rows, else Hopper's. */
    static SoftwareSpec flashAttention2(Map<String, String> row) {
        return row.get("accelerator").startsWith("A100") ? SoftwareSpec.FLASH_ATTENTION_2_AMPERE
                : SoftwareSpec.FLASH_ATTENTION_2;
    }

    /** The cluster a row names, sized to its GPUs. */
    static ClusterSpec cluster(Map<String, String> row) {
        int nodes = Math.max(2, integer(row, "gpus") / 8);
        return switch (row.get("cluster")) {
            case "mosaic-h100" -> new ClusterSpec("heldout.MosaicH100", TrainingFixtures.DGX_H100, nodes,
                    new ScaleOutSpec(TrainingFixtures.NDR, new TopologySpec.FatTree(null, 2, List.of(1.0, 1.0)),
                            ScaleOutSpec.Routing.ADAPTIVE), 0, null, null);
            case "a100-1600g-roce" -> new ClusterSpec("heldout.A100Roce1600", a100Node(row), nodes,
                    new ScaleOutSpec(TrainingFixtures.ROCE_200, new TopologySpec.FatTree(null, 2, List.of(1.0, 1.0)),
                            ScaleOutSpec.Routing.ECMP), 0, null, null);
            case "jean-zay" -> new ClusterSpec("heldout.JeanZayA100", new NodeSpec("idris.JeanZayA100Node",
                    TrainingFixtures.A100, 8, nvSwitch(), OPA_HFI, 4, false), nodes,
                    new ScaleOutSpec(OMNI_PATH, new TopologySpec.FatTree(null, 2, List.of(1.0, 1.0)),
                            ScaleOutSpec.Routing.ADAPTIVE), 0, null, null);
            case "selene" -> new ClusterSpec("nvidia.Selene560", TrainingFixtures.DGX_A100, 560,
                    new ScaleOutSpec(TrainingFixtures.HDR, new TopologySpec.FatTree(null, 3, List.of(1.0, 1.0, 1.0)),
                            ScaleOutSpec.Routing.ADAPTIVE), 0, null, null);
            default -> throw new IllegalArgumentException("cluster " + row.get("cluster"));
        };
    }

    private static NodeSpec a100Node(Map<String, String> row) {
        AcceleratorSpec gpu = integer(row, "memory_gb") == 40 ? A100_40GB : TrainingFixtures.A100;
        return new NodeSpec("heldout.A100Node" + row.get("memory_gb"), gpu, 8, nvSwitch(), TrainingFixtures.CX6, 8,
                true);
    }

    private static ScaleUpSpec nvSwitch() {
        return new ScaleUpSpec(TrainingFixtures.NVLINK3, ScaleUpSpec.Kind.SWITCHED, 8, 300e9, false);
    }

    /** Dense peak of the row's accelerator, TFLOP/s: H100 SXM 989, A100 SXM 312 (both memory variants). */
    static double peakTflops(Map<String, String> row) {
        return row.get("accelerator").startsWith("A100") ? 312 : 989;
    }

    static int integer(Map<String, String> row, String column) {
        return Integer.parseInt(row.get(column));
    }
}
