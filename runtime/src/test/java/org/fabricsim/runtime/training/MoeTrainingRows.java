package org.fabricsim.runtime.training;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabricsim.runtime.compute.ModelFlops;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.Fp8Scaling;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.RecomputeModule;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * How a row of validation/reference/training-moe-heldout.csv becomes a spec, and how its prediction is counted.
 *
 * <p>By fixed rules, as the Megatron-Core rows of {@link TrainingRows}: the model from its columns (every layer an MoE
 * layer of gated SwiGLU experts, head width {@code head_dim}); the plan from tp, pp, dp, cp, ep with sequence
 * parallelism and the ring K/V exchange (Megatron's default {@code --cp-comm-type p2p}, which no row's command changes); routing balanced for every row (the "dropless" rows state no imbalance; {@code
 * ExpertRoutingSpec.DEFAULT}; the step still loads the busiest expert rank as random routing does, {@link
 * SampledRouting}) with the row's {@code dispatcher} (alltoall, or deepep for DeepEP's deduplicating
 * kernels); micro-batch, virtual stages and the FP8 recipe's scaling ({@code fp8_scaling}) as the row states; the
 * DGX H100 SuperPOD of the Megatron-Core rows; Megatron's distributed optimizer (ZeRO-1) with overlapped gradient
 * reduce-scatter and parameter all-gather (overlap 1); TP communication overlap ({@code --tp-comm-overlap}) where
 * {@code tp_overlap} is 1; the {@code recompute} column's mode ({@code none}, {@code full}, {@code selective}) or the
 * module list of {@code --recompute-modules} (Megatron's names, e.g. {@code moe_act layernorm}, run selectively).
 *
 * <p>Counting: the rows print Megatron-LM's {@code num_floating_point_operations}, which differs from {@link
 * ModelFlops#perToken} (PaLM's 6N + 12·L·a·d·s, N with the router's h·E weights) by the router, 6·L·h·E per token,
 * which Megatron does not count, and, for {@code attention_flops = causal}, by half the attention term, 6·L·a·d·s. The
 * predicted TFLOP/s per GPU is the row's tokens per step × those FLOPs per token ÷ (step × GPUs). O(1).
 */
final class MoeTrainingRows {
    private static final List<String> MODES = List.of("none", "full", "selective");
    /** Megatron-Core's {@code --recompute-modules} names of the modules the model recomputes. */
    private static final Map<String, RecomputeModule> MEGATRON_MODULES = Map.of("core_attn",
            RecomputeModule.CORE_ATTENTION, "layernorm", RecomputeModule.LAYERNORM, "mla_up_proj",
            RecomputeModule.MLA_UP_PROJECTION, "moe_act", RecomputeModule.MOE_ACTIVATION, "mlp", RecomputeModule.MLP,
            "shared_experts", RecomputeModule.SHARED_EXPERTS);

    private MoeTrainingRows() {
    }

    /** The spec of a CSV row, by the rules of the class comment. */
    static TrainingSpec spec(Map<String, String> row) {
        int expertFfn = integer(row, "expert_ffn");
        String name = "calibration." + row.get("case");
        TransformerSpec model = new TransformerSpec(name, integer(row, "layers"), integer(row, "hidden"), expertFfn,
                integer(row, "heads"), integer(row, "kv_heads"), integer(row, "head_dim"), integer(row, "vocab"), true,
                integer(row, "experts"), integer(row, "top_k"), integer(row, "shared_experts"), expertFfn, 0, 0, 0);
        ExpertRoutingSpec routing = ExpertRoutingSpec.DEFAULT.withDispatcher("deepep".equals(row.get("dispatcher"))
                ? ExpertRoutingSpec.Dispatcher.DEEPEP : ExpertRoutingSpec.Dispatcher.ALL_TO_ALL);
        ParallelismSpec plan = new ParallelismSpec(integer(row, "tp"), integer(row, "pp"), integer(row, "dp"),
                integer(row, "cp"), integer(row, "ep"), true, ParallelismSpec.ContextMode.RING, routing);
        int v = integer(row, "vp");
        return new TrainingSpec(name, model, TrainingFixtures.superPod6k(), plan.accelerators(), integer(row, "seq"),
                Long.parseLong(row.get("gbs")), integer(row, "mbs"), Precision.valueOf(row.get("precision")), plan,
                v > 1 ? TrainingSpec.PipelineSchedule.INTERLEAVED : TrainingSpec.PipelineSchedule.ONE_F_ONE_B, v,
                TrainingSpec.Sharding.ZERO_1, recompute(row.get("recompute")), 1, SoftwareSpec.MEGATRON_CORE,
                "1".equals(row.get("tp_overlap")), 0,
                "blockwise".equals(row.get("fp8_scaling")) ? Fp8Scaling.BLOCKWISE : Fp8Scaling.TENSOR,
                modules(row.get("recompute")));
    }

    /** Model FLOPs per token as the row's source counts them (class comment). */
    static double flopsPerToken(Map<String, String> row, TransformerSpec model, int sequence) {
        double router = 6.0 * model.layers() * model.hidden() * model.experts();
        double attention = 12.0 * model.layers() * model.heads() * model.headDim() * sequence;
        double causal = "causal".equals(row.get("attention_flops")) ? attention / 2 : 0;
        return ModelFlops.perToken(model, sequence) - router - causal;
    }

    /** Predicted TFLOP/s per GPU counted as the row counts them. */
    static double predictedTflops(Map<String, String> row, TrainingSpec spec, RunResult result) {
        double step = (Double) result.metrics().get("stepTimeSeconds");
        double tokens = (double) spec.globalBatchSequences() * spec.sequence();
        return tokens * flopsPerToken(row, spec.model(), spec.sequence()) / step / spec.accelerators() / 1e12;
    }

    /** The mode the column names, or selective when it lists modules. */
    private static TrainingSpec.Recompute recompute(String value) {
        return MODES.contains(value) ? TrainingSpec.Recompute.valueOf(value.toUpperCase(Locale.ROOT))
                : TrainingSpec.Recompute.SELECTIVE;
    }

    /** The modules a listed recompute names (Megatron's {@code --recompute-modules}), else the mode's defaults. */
    private static List<RecomputeModule> modules(String value) {
        if (MODES.contains(value)) {
            return RecomputeModule.defaults(recompute(value));
        }
        return Arrays.stream(value.split(" ")).map(MoeTrainingRows::module).toList();
    }

    private static RecomputeModule module(String megatronName) {
        RecomputeModule module = MEGATRON_MODULES.get(megatronName);
        if (module == null) {
            throw new IllegalArgumentException("no recompute module the model has is named " + megatronName);
        }
        return module;
    }

    private static int integer(Map<String, String> row, String column) {
        return Integer.parseInt(row.get(column));
    }
}
