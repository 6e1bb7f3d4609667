package org.fabricsim.runtime.training;

import org.fabricsim.runtime.compute.PassTime;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.spec.ParallelismSpec.ContextMode;

/**
 * Context parallelism's K/V exchange in one attention layer for one micro-batch on one rank: the
 * exposed seconds it adds to the forward and to the backward, and its link traffic.
 *
 * <p>Notation: n = CP, B the rank's K/V block (its T tokens' keys and values, the full buffer
 * {@code kvBytes} ÷ n), t(x) one step of a ring along the CP axis with x bytes per rank ({@link
 * CollectiveTimer#ringStepSeconds}), A_f and A_b the rank's attention core forward and backward
 * (its T queries against the whole causal sequence), σ the SMs a hidden collective holds ({@link
 * org.fabricsim.runtime.compute.Device#collectiveSmShare}).
 * <ul>
 * <li>{@link ContextMode#ALL_GATHER}: forward all-gathers K/V, (n − 1)·t(B), exposed; backward
 * all-gathers K/V again and reduce-scatters dK/dV, 2·(n − 1)·t(B), exposed. Transformer Engine's
 * {@code AttnFuncWithCPAndKVAllGather} (transformer_engine/pytorch/attention/dot_product_attention/
 * context_parallel.py, whose docstring cites Llama 3, arXiv
 * 2407.21783 §3.3.2) saves only the rank's own K/V for the backward ({@code ctx.save_for_backward(q,
 * k, v, ...)}), so its backward calls {@code gather_along_first_dim} on K and on V before the
 * attention backward and {@code reduce_scatter_along_first_dim} on dK and dV after it: three
 * collectives of n·B per layer and micro-batch, not two. Assumed for Llama 3's own implementation
 * too (keeping the gathered n·B instead would hold 2·s·g·d·e per layer and micro-batch in flight,
 * 67 MB at 131,072 tokens with one KV head of width 128 per TP rank).</li>
 * <li>{@link ContextMode#RING} (Liu et al., "Ring Attention with Blockwise Transformers", arXiv
 * 2310.01889 §3; Transformer Engine {@code AttnFuncWithCPAndKVP2P}): n steps of blockwise
 * attention, and during each of the first n − 1 the block held is sent to the next rank while the
 * one for the next step arrives. Megatron-Core splits the sequence into 2n chunks and gives rank i
 * chunks i and 2n − 1 − i ({@code get_batch_on_this_cp_rank}), so under the causal mask every step
 * computes about the same pairs (step 0 c(2c + 1), the others 2c²) and each is timed as the mean a = A ÷ n
 * (step 0's causal call runs slower per pair than the unmasked later ones,
 * {@link org.fabricsim.runtime.compute.CausalPairs}; the mean is the assumption). Exposed = (n − 1)·max(0, t − a) + σ·(n − 1)·min(t, a): the
 * transfer beyond the step's compute, and the SM share of the hidden part. Forward t = t(B) against
 * a = A_f ÷ n; backward each step sends K/V and the accumulated dK/dV (TE's backward), t = t(2B),
 * against a = A_b ÷ n.</li>
 * </ul>
 * Recomputation re-runs the attention forward inside the backward; its exchange is not added
 * (neither mode counts it). O(1), plus the timer's ring-step solves.
 *
 * @param mode             how K/V are exchanged
 * @param ranks            n
 * @param kvBytes          the full K/V buffer of the CP group, n·B
 * @param forwardSeconds   exposed seconds in the forward of one layer
 * @param backwardSeconds  exposed seconds in the backward of one layer
 */
record ContextExchange(ContextMode mode, int ranks, double kvBytes, double forwardSeconds, double backwardSeconds) {
    /** Collectives of the K/V buffer in an all-gather backward: the K/V re-gather and the dK/dV reduce-scatter. */
    static final int BACKWARD_GATHERS = 2;

    /** The exchange of a layer whose K/V buffer is {@code kvBytes} and whose attention core takes {@code attention}. */
    static ContextExchange of(ContextMode mode, int ranks, double kvBytes, PassTime attention, double smShare,
            CollectiveTimer timer) {
        if (mode == ContextMode.ALL_GATHER || ranks < 2) {
            double gather = timer.ringSeconds(Axis.CONTEXT, ranks, kvBytes, 0);
            return new ContextExchange(mode, ranks, kvBytes, gather, BACKWARD_GATHERS * gather);
        }
        double block = kvBytes / ranks;
        double forward = exposed(ranks, timer.ringStepSeconds(Axis.CONTEXT, block, 0),
                attention.forwardSeconds() / ranks, smShare);
        double backward = exposed(ranks, timer.ringStepSeconds(Axis.CONTEXT, 2 * block, 0),
                attention.backwardSeconds() / ranks, smShare);
        return new ContextExchange(mode, ranks, kvBytes, forward, backward);
    }

    /** (n − 1)·max(0, t − a) + σ·(n − 1)·min(t, a). */
    static double exposed(int ranks, double stepSeconds, double blockComputeSeconds, double smShare) {
        int steps = ranks - 1;
        return steps * Math.max(0, stepSeconds - blockComputeSeconds)
                + smShare * steps * Math.min(stepSeconds, blockComputeSeconds);
    }

    /** Adds {@code layerPasses} layers' forward and backward exchanges to the timer's link traffic. */
    void count(CollectiveTimer timer, double layerPasses) {
        if (mode == ContextMode.ALL_GATHER) {
            timer.countRing(Axis.CONTEXT, ranks, kvBytes, 0, (1 + BACKWARD_GATHERS) * layerPasses);
            return;
        }
        if (ranks >= 2 && layerPasses > 0) {
            double block = kvBytes / ranks;
            timer.countRingSteps(Axis.CONTEXT, block, 0, (ranks - 1) * layerPasses);
            timer.countRingSteps(Axis.CONTEXT, 2 * block, 0, (ranks - 1) * layerPasses);
        }
    }
}
