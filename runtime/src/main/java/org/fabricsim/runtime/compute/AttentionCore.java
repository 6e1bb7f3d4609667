package org.fabricsim.runtime.compute;

import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * The attention core of one transformer layer on one rank of a TP × CP group (T tokens on the rank, s the sequence,
 * d head width, a heads, ρ MLA's RoPE width, t = TP).
 *
 * <p>Flash attention, causal: forward 4·T·(s/2)·d·a/t FLOPs (MLA: 2·T·(s/2)·(2d+ρ)·a/t); backward
 * 2.5× forward (five GEMMs for two); at the software stack's forward and backward efficiency of the
 * sustained BF16 rate ({@link Device#attentionFlopsPerSecond}). The forward's share u of pairs that
 * context parallelism computes without a mask ({@link CausalPairs}) runs at the stack's unmasked
 * efficiency instead: forward F·(1 − u)/(R·η) + F·u/(R·η_u); u = 0 without CP. Unfused attention: see
 * {@link #unfusedAttention}.
 *
 * @param device         the accelerator
 * @param model          the model
 * @param tokens         T
 * @param sequence       s
 * @param tensor         t
 * @param software       the software stack (attention kernel and its efficiencies)
 * @param kernelSeconds  fixed cost of one kernel launch
 * @param unmaskedShare  u, the share of the forward's pairs computed without a mask
 */
record AttentionCore(Device device, TransformerSpec model, double tokens, double sequence, int tensor,
        SoftwareSpec software, double kernelSeconds, double unmaskedShare) {

    /**
     * The attention core of one layer: flash attention over a causal mask (each query sees s/2 keys
     * on average), or the unfused form over the full score matrix (see {@link #unfusedAttention}).
     * Under context parallelism the forward times the unmasked share of the pairs at the stack's
     * unmasked efficiency; the backward keeps one rate (FlashAttention-3 publishes no causal backward
     * panel, so {@code attentionBackwardEfficiency} is already the unmasked one).
     */
    PassTime pass() {
        if (software.attention() == SoftwareSpec.AttentionKernel.UNFUSED) {
            return unfusedAttention();
        }
        double headsHere = model.heads() / (double) tensor;
        double width = model.kvLoraRank() > 0 ? 2.0 * model.headDim() + model.ropeDim() : 2.0 * model.headDim();
        double forwardFlops = 2 * tokens * (sequence / 2) * width * headsHere;
        double backwardFlops = 2.5 * forwardFlops;
        double forward = software.attentionForwardSeconds(forwardFlops * (1 - unmaskedShare),
                forwardFlops * unmaskedShare, device.attentionFlopsPerSecond()) + kernelSeconds;
        double backward = backwardFlops / (device.attentionFlopsPerSecond() * software.attentionBackwardEfficiency())
                + ComputeCalibration.FLASH_BACKWARD_KERNELS * kernelSeconds;
        return new PassTime(forward, backward, 0, forwardFlops, forwardFlops + backwardFlops);
    }

    /**
     * Attention as batched GEMMs with the score matrix in HBM, per head of this rank (a/t heads, b =
     * T/s sequences, d head width): forward QKᵀ (s, s, d) and P·V (s, d, s), each b·a/t times; backward
     * dP = dO·Vᵀ (s, s, d), dV = Pᵀ·dO (s, d, s), dQ = dS·K (s, d, s), dK = dSᵀ·Q (s, d, s). Between
     * them the b·(a/t)·s² scores pass through HBM at 2 bytes: forward the fused scale-mask-softmax
     * reads and writes them (4 B) and dropout reads them and writes them with a 1-byte mask (5 B);
     * backward dropout reads the gradient and the mask and writes (5 B) and the softmax backward reads
     * the probabilities and the gradient and writes (6 B). Kernels: 4 forward, 6 backward.
     */
    private PassTime unfusedAttention() {
        double d = model.headDim();
        double s = sequence;
        double batches = tokens / sequence * model.heads() / tensor;
        double scores = batches * s * s;
        double scoreGemm = Gemm.batchedSeconds(device, s, s, d, batches);
        double contextGemm = Gemm.batchedSeconds(device, s, d, s, batches);
        double forward = scoreGemm + contextGemm
                + device.memorySeconds(scores * ComputeCalibration.UNFUSED_SCORE_FORWARD_BYTES)
                + ComputeCalibration.UNFUSED_ATTENTION_FORWARD_KERNELS * kernelSeconds;
        double backward = scoreGemm + 3 * contextGemm
                + device.memorySeconds(scores * ComputeCalibration.UNFUSED_SCORE_BACKWARD_BYTES)
                + ComputeCalibration.UNFUSED_ATTENTION_BACKWARD_KERNELS * kernelSeconds;
        double forwardFlops = 2 * Gemm.flops(s, s, d) * batches;
        return new PassTime(forward, backward, 0, forwardFlops, 3 * forwardFlops);
    }
}
