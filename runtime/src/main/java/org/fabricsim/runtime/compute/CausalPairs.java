package org.fabricsim.runtime.compute;

import org.fabricsim.runtime.spec.ParallelismSpec.ContextMode;

/**
 * The query–key pairs one rank's causal attention computes for one sequence, split by the kernel
 * call that computes them: {@code causal} inside calls that apply the causal mask, {@code unmasked}
 * inside calls where every query sees every key. The split sets the forward's rate
 * ({@link TransformerCompute#attentionCore}): masked calls run at the stack's causal forward
 * efficiency, unmasked ones at {@link org.fabricsim.runtime.spec.SoftwareSpec#unmaskedForwardEfficiency}.
 *
 * <p>Context parallelism over n ranks with Megatron-Core's load-balanced sharding cuts the sequence
 * s into 2n chunks of c = s ÷ (2n) tokens and gives rank i chunks i and 2n − 1 − i ({@code
 * get_batch_on_this_cp_rank}). Query chunk q sees key chunk k < q entirely (c² pairs), its own chunk
 * as a triangle (c(c + 1)/2 pairs) and nothing after it, so every rank holds (2n − 1)·c² + c(c + 1)
 * = s(s + 1) ÷ (2n) pairs: the whole sequence's s(s + 1)/2 over n. How they fall into kernel calls
 * depends on the exchange (Transformer Engine's two implementations):
 * <ul>
 * <li>{@link ContextMode#RING} ({@code AttnFuncWithCPAndKVP2P}): step 0 is one causal call over the
 * rank's own 2c tokens, 2c(2c + 1)/2 = c(2c + 1) pairs (both triangles and chunk 2n − 1 − i against
 * chunk i); each of the n − 1 later steps is one call without mask over 2c² pairs (a sender before
 * the rank: both query chunks against its first chunk; after it: the second query chunk against
 * both of its chunks). Causal c(2c + 1), unmasked 2(n − 1)c².</li>
 * <li>{@link ContextMode#ALL_GATHER} ({@code AttnFuncWithCPAndKVAllGather}; Llama 3, arXiv
 * 2407.21783 §3.3.2): one call per local chunk k, its c queries against the gathered keys [0, (k + 1)c)
 * under a bottom-right causal mask: the triangle c(c + 1)/2 masked, the k·c² pairs before it full.
 * Counted as causal c(c + 1), unmasked (2n − 1)c²: FlashAttention-3's causal rate is measured over
 * square triangles, whose uneven work per query block a bottom-right rectangle does not have.</li>
 * <li>n = 1: one causal call, s(s + 1)/2 pairs, none unmasked.</li>
 * </ul>
 * Only the split matters to the timing: the FLOPs stay the model's (s/2 keys per query). Assumed:
 * s divisible by 2n (Megatron-Core requires it). O(1).
 *
 * @param causal    pairs computed under a causal mask
 * @param unmasked  pairs computed without a mask
 */
public record CausalPairs(double causal, double unmasked) {

    /** One rank's pairs for a sequence of {@code sequence} tokens over {@code ranks} CP ranks exchanging by {@code mode}. */
    public static CausalPairs perRank(ContextMode mode, int ranks, double sequence) {
        if (ranks < 2) {
            return new CausalPairs(sequence * (sequence + 1) / 2, 0);
        }
        double c = sequence / (2.0 * ranks);
        return mode == ContextMode.RING
                ? new CausalPairs(c * (2 * c + 1), 2 * (ranks - 1) * c * c)
                : new CausalPairs(c * (c + 1), (2 * ranks - 1) * c * c);
    }

    /** The unmasked pairs over all pairs, in [0, 1). */
    public double unmaskedShare() {
        return unmasked / (causal + unmasked);
    }
}
