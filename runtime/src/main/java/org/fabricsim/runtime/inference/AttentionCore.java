package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * The roofline seconds and FLOPs of the attention core of one layer on one accelerator of a serving replica, in
 * {@link LayerKernels}' symbols (t = TP, a heads, d head width, P₁₆ the attention rate, B_e the element-wise HBM
 * rate, T the call's new tokens and K its cached ones):
 * max(2·(a/t)·((A_p − A_x)·(q_p + v_p) ÷ η_att + (A_x·(q_p + v_p) + A_d·(q_d + v_d)) ÷ η_u) ÷ P₁₆,
 * κ·(K + T) ÷ (S_kv·B_e)) with q = v = d for standard attention: A_p − A_x the causal pairs of the prefill chunks
 * (each chunk's new tokens against each other, the triangle), A_x those against their cached prefixes and A_d the
 * decoding tokens', which need no mask and run at η_u = min(1, η_att · {@link SoftwareSpec#UNMASKED_FORWARD_SPEEDUP});
 * with decoding tokens the read is the call's measured line where the generation has one ({@link
 * DecodeAttentionRead}: t₀ + bytes ÷ (f·B)).
 *
 * <p>MLA (latent c, RoPE ρ) is costed as serving kernels run it: decoding in the weight-absorbed form on the latent
 * (q_d = c + ρ, v_d = c; FlashMLA, DeepSeek-V2 arXiv 2405.04434 §2.1.3), prefill on heads expanded from the latent
 * (q_p = d + ρ, v_p = d, the model's value head being as wide as its key head), whose chunk also up-projects the K_p
 * cached latents of its prefix, a GEMM (K_p/(DP·CP), 2ad/t, c) ({@link LayerKernels#latentUpProjection}; the KV-up of
 * the new tokens is among {@link LayerKernels#attentionProjections}; no prefix is shared across requests, so K_p is
 * the sequence's own earlier chunks). The cache read stays the latent either way.
 *
 * <p>η_att is {@link SoftwareSpec#MEGATRON_CORE}'s cuDNN fused attention forward efficiency for every serving stack,
 * since a pool does not name its stack. Assumed per stack on Hopper: TensorRT-LLM's context phase runs cuDNN-class
 * fused attention; vLLM 0.7.2 (the Dynamo case's V0) runs FlashAttention-3, its default on SM 9.0 since vLLM PR
 * #12093 (January 2025; vLLM issue #13128 on 0.7.2), 1.01–1.14 × cuDNN's forward rate at head dimension 128 from 2K
 * tokens (Shah et al., arXiv 2407.08608, Fig. 5), so taken at cuDNN's; FlashAttention-2 (older vLLM, or {@code
 * VLLM_FLASH_ATTN_VERSION=2}) runs at 0.59–0.63 of it there and is not modelled (no reference row runs it;
 * docs/calibration.md, "The serving stack's attention kernel"). κ the KV bytes per token of the model at the KV-cache
 * precision, which may differ from the weights' ({@link KvCache}), and S_kv = PP·DP·CP·(KV-head shards).
 * Each call O(1).
 */
final class AttentionCore {
    /** The attention kernel every serving stack is costed with (class comment); the memory-bound test reads it too. */
    private static final SoftwareSpec ATTENTION = SoftwareSpec.MEGATRON_CORE;
    private final Device device;
    private final int layers;
    private final int pipeline;
    private final double prefillAttentionWidth;
    private final double decodeAttentionWidth;
    private final double kvBytesPerToken;
    private final int kvShards;
    /** The read time of a call with decoding tokens (class comment). */
    private final DecodeAttentionRead decodeRead;
    /** FLOPs per query–key pair and unit of head width on this rank, 2·(a/t). */
    private final double pairFlops;
    /**
     * 1/S_kv when S_kv is a power of two, else 0. Then y·(1/S_kv) equals y ÷ S_kv to the bit: the
     * reciprocal is exact, so both are the one real y/S_kv rounded once; a multiplication waits a
     * quarter of a division's latency.
     */
    private final double kvShardsReciprocal;
    /**
     * FLOPs per byte of cache read below which the read certainly outlasts the attention's compute:
     * (1 − 10⁻⁹)·η·R ÷ B with η ≤ η_u, R the attention rate, B the faster of B_e and a decode
     * line's f·B (its t₀ only adds). The compute time (F_c ÷ η + F_u ÷ η_u) ÷ R is at most (F_c + F_u)
     * ÷ (η·R) and the read's at least bytes ÷ B, each within a few ulps (relative 2⁻⁵⁰) of its real
     * value, so F_c + F_u &lt; bytes × this puts the roofline's max on the read's time to the bit,
     * and a decode batch (its read about ten times its compute on an H100) skips the compute's divisions.
     */
    private final double memoryBoundFlopsPerByte;
    /**
     * κ ÷ L when κ is a whole multiple of the L layers (then an integer q), else 0; below
     * {@link #exactTokensBelow} integer cached tokens x give x·q equal to x·κ ÷ L to the bit: x·κ is
     * an integer under 2⁵³, so exact, and both are the one real x·κ/L rounded once. One division fewer.
     */
    private final double kvBytesPerTokenLayer;
    /** 2⁵³ ÷ κ: cached tokens below it keep x·κ exact. */
    private final double exactTokensBelow;

    /**
     * @param device          the part at the weights' precision
     * @param tensor          the tensor-parallel degree t
     * @param pipeline        the pipeline stages, each reading its layers' share of the cache
     * @param kvBytesPerToken KV-cache bytes of one token, whole model, κ
     * @param kvShards        accelerators one sequence's cache is split over, S_kv
     * @param decodeRead      the read time of an attention call with decoding tokens
     */
    AttentionCore(TransformerSpec model, Device device, int tensor, int pipeline, double kvBytesPerToken,
            int kvShards, DecodeAttentionRead decodeRead) {
        this.device = device;
        this.layers = model.layers();
        this.pipeline = pipeline;
        boolean mla = model.kvLoraRank() > 0;
        this.prefillAttentionWidth = mla ? 2.0 * model.headDim() + model.ropeDim() : 2.0 * model.headDim();
        this.decodeAttentionWidth = mla ? 2.0 * model.kvLoraRank() + model.ropeDim() : 2.0 * model.headDim();
        this.kvBytesPerToken = kvBytesPerToken;
        this.kvShards = kvShards;
        this.decodeRead = decodeRead;
        this.pairFlops = 2 * (model.heads() / (double) tensor);
        this.kvShardsReciprocal = Integer.bitCount(kvShards) == 1 ? 1.0 / kvShards : 0;
        boolean whole = kvBytesPerToken == Math.rint(kvBytesPerToken) && kvBytesPerToken % layers == 0;
        this.kvBytesPerTokenLayer = whole ? kvBytesPerToken / layers : 0;
        this.exactTokensBelow = 0x1p53 / kvBytesPerToken;
        this.memoryBoundFlopsPerByte = (1 - 1e-9) * Math.min(device.memorySeconds(1), decodeRead.secondsPerByte(device))
                * Math.min(ATTENTION.attentionForwardEfficiency(), ATTENTION.unmaskedForwardEfficiency())
                * device.attentionFlopsPerSecond();
    }

    /** FLOPs of this rank's causal prefill pairs, those of {@code prefillPairs} not among {@code prefixPairs}. */
    double causalFlops(double prefillPairs, double prefixPairs) {
        return pairFlops * (prefillPairs - prefixPairs) * prefillAttentionWidth;
    }

    /** FLOPs of this rank's unmasked pairs: the prefill chunks' against their prefixes, and the decoding tokens'. */
    double unmaskedFlops(double prefixPairs, double decodePairs) {
        return pairFlops * (prefixPairs * prefillAttentionWidth + decodePairs * decodeAttentionWidth);
    }

    /**
     * The roofline seconds of the core of {@code causalFlops} and {@code unmaskedFlops} reading {@code kvTokens}
     * cached tokens, through a decode call's read line when it has {@code decodePairs}.
     */
    double seconds(double causalFlops, double unmaskedFlops, double decodePairs, double kvTokens) {
        double perLayer = kvBytesPerTokenLayer > 0 && kvTokens < exactTokensBelow && kvTokens == Math.rint(kvTokens)
                ? kvTokens * kvBytesPerTokenLayer : kvTokens * kvBytesPerToken / layers;
        double perShard = kvShardsReciprocal > 0 ? perLayer * kvShardsReciprocal : perLayer / kvShards;
        double bytes = perShard * pipeline;
        double memory = decodePairs > 0 ? decodeRead.seconds(device, bytes) : device.memorySeconds(bytes);
        if (causalFlops + unmaskedFlops < bytes * memoryBoundFlopsPerByte) {
            return memory;
        }
        double compute = ATTENTION.attentionForwardSeconds(causalFlops, unmaskedFlops,
                device.attentionFlopsPerSecond());
        return Math.max(compute, memory);
    }
}
