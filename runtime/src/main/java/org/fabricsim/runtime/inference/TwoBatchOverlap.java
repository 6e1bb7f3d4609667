package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.compute.Device;

/**
 * Two-batch overlap of an MoE layer, as DeepSeek's inference system and SGLang run it: the batch
 * is split into two micro-batches of half the tokens, and while one computes (attention
 * projections, router, experts) the other's EP dispatch or combine crosses the fabric. Per MoE
 * layer, with c the compute of one half and a its dispatch plus combine:
 *
 * <pre>  t = max(2·c ÷ (1 − s), 2·a)</pre>
 *
 * the busier of the compute stream and the communication stream, each serving both halves; s is the
 * share of the SMs the communication kernels occupy while they run beside the compute (the SM cost).
 * Computing the halves separately also costs what smaller GEMMs cost: their lower efficiency and,
 * when memory-bound, reading the weights twice (both come from the GEMM model at half the rows).
 * The pipeline's fill (one c or a per iteration) is neglected beside the layers' sum. O(1).
 */
final class TwoBatchOverlap {
    /**
     * SMs DeepEP's normal (prefill) kernels occupy: {@code Buffer.num_sms = 20} in
     * {@code deep_ep/buffer.py} (DeepEP), the default SGLang and Megatron-Core keep
     * ({@code moe_deepep_num_sms = 20}); DeepSeek-V3 (arXiv 2412.19437 §3.2.2) likewise dedicates 20 of
     * 132 SMs to communication. DeepEP's low-latency (decode) kernels overlap through a receive hook
     * "that does not occupy any SM resource" (DeepEP README), so decode pools pay none.
     */
    static final int NORMAL_KERNEL_SMS = 20;

    private final double smShare;

    /** @param smShare s: share of the SMs the communication kernels take, in [0, 1) */
    TwoBatchOverlap(double smShare) {
        if (!(smShare >= 0 && smShare < 1)) {
            throw new IllegalArgumentException("an SM share lies in [0, 1): " + smShare);
        }
        this.smShare = smShare;
    }

    /** s for DeepEP's normal kernels on {@code device}: 20 SMs of its SMs (its tile slots), at most 1/2. */
    static double smShare(Device device) {
        return Math.min(0.5, NORMAL_KERNEL_SMS / (double) device.tileSlots());
    }

    /** The layer's time, seconds, from one half's compute c and one half's dispatch plus combine a (seconds). */
    double layerSeconds(double halfComputeSeconds, double halfExchangeSeconds) {
        return Math.max(2 * halfComputeSeconds / (1 - smShare), 2 * halfExchangeSeconds);
    }
}
