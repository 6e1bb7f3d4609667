package org.fabricsim.runtime.spec;

import java.util.EnumSet;
import java.util.List;

/**
 * A part of a transformer layer that selective recomputation runs again in the backward instead of keeping the
 * activations it produced, named as Megatron-Core's {@code --recompute-modules} names them
 * ({@code megatron/core/transformer/transformer_config.py}, {@code recompute_modules}: "core_attn", "moe_act",
 * "layernorm", "mla_up_proj", "mlp", "moe", "shared_experts", default {@code ["core_attn"]}; the MoE README lists
 * it under MCore v0.13, "Fine-grained recomputation to reduce activation memory. (--recompute-modules with
 * --recompute-granularity selective)"). Each stated module runs its forward once more before its backward
 * ({@code compute.TransformerCompute#layer}) and frees what it produced
 * ({@code analysis.Memory#activationBytesPerToken}). Megatron's whole-layer {@code moe} is not offered: its
 * checkpoint re-runs the token dispatch and combine, all-to-alls this model times outside the layer.
 */
public enum RecomputeModule {
    /** core_attn: the attention core (Korthikanti et al.'s selective recomputation). */
    CORE_ATTENTION,
    /** layernorm: the input and pre-MLP norms; their outputs are discarded and computed again. */
    LAYERNORM,
    /**
     * mla_up_proj: MLA's query projection (the Q up-projection with query compression, the full-rank Q projection
     * without) and its KV up-projection, with RoPE applied; the queries, keys and values are discarded.
     */
    MLA_UP_PROJECTION,
    /** moe_act: the routed experts' activation function; its output, the down-projection's input, is discarded. */
    MOE_ACTIVATION,
    /** mlp: the dense MLP of a dense layer; only its input is kept. */
    MLP,
    /** shared_experts: the shared experts of an MoE layer; only their input is kept. */
    SHARED_EXPERTS;

    /** What {@code recompute} runs again without a module list: the attention core for selective, nothing else. */
    public static List<RecomputeModule> defaults(TrainingSpec.Recompute recompute) {
        return recompute == TrainingSpec.Recompute.SELECTIVE ? List.of(CORE_ATTENTION) : List.of();
    }

    /** {@code modules} once each, in declaration order, unmodifiable (a spec's list, equal however it was written). */
    public static List<RecomputeModule> copyOf(List<RecomputeModule> modules) {
        EnumSet<RecomputeModule> distinct = EnumSet.noneOf(RecomputeModule.class);
        distinct.addAll(modules);
        return List.copyOf(distinct);
    }
}
