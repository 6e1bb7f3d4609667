package org.fabricsim.runtime.compute;

/**
 * The memory traffic of an MoE layer's token permutation, which the dense element-wise passes do not count: before
 * the experts each of a rank's tokens is read once and written k times, grouped by expert (Megatron-Core {@code
 * moe_utils.permute}, fused or not: a gather of the routed rows); after them the k expert outputs of a token are read,
 * weighted by the router's probabilities and summed into one written row ({@code unpermute}). In units of one read or
 * write of a hidden-sized vector per token of the rank: (1 + k) + (k + 1) = 2k + 2 in the forward; the backward
 * scatters the gradient the same way reversed, {@link ComputeCalibration#BACKWARD_ELEMENTWISE_RATIO} times the forward
 * as every element-wise pass. Top-2 (Mixtral): 6 passes, against the layer's 10 hidden passes
 * ({@link ComputeCalibration#HIDDEN_PASSES_PER_LAYER}); top-8 (Qwen3): 18. The dispatch's own copies into
 * communication buffers are the all-to-all's. O(1).
 */
public final class ExpertPermutation {
    private ExpertPermutation() {
    }

    /** Hidden-vector passes per token of the rank in one MoE layer's forward: 2k + 2. */
    public static double hiddenPasses(int topK) {
        return 2.0 * topK + 2;
    }
}
