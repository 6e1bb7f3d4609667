package org.fabricsim.runtime.compute;

/**
 * Where a training GEMM's input and output gradient come from, which decides what making their per-tensor FP8 copies
 * costs ({@link Fp8Operands#casts}): Megatron-Core's Transformer Engine layer spec and Transformer Engine's modules.
 */
enum OperandSource {
    /** Input and output gradient each cast by a kernel of its own (TE {@code Linear}, {@code GroupedLinear}). */
    CAST,
    /**
     * The input written in FP8 by the norm before the GEMM ({@code TELayerNormColumnParallelLinear}: the QKV and the
     * dense MLP's up-projection), all-gathered row-wise under sequence parallelism; the output gradient cast.
     */
    NORM,
    /**
     * The input cast; the output gradient of a row-parallel GEMM (the attention output and the MLP's down-projection),
     * which sequence parallelism all-gathers: cast on the local shard, gathered in FP8.
     */
    ROW_PARALLEL
}
