package org.fabricsim.runtime.compute;

import org.fabricsim.runtime.spec.ParallelismSpec.ContextMode;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TrainingSpec.Recompute;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * Per-micro-batch compute time of the parts of a transformer on one accelerator of a TP × CP
 * (× EP) group, forward and backward.
 *
 * <p>Notation: T tokens of the micro-batch on this rank (micro-batch × sequence ÷ CP), s the
 * sequence, h hidden, d head width, a heads, g KV heads, f MLP width, t = TP, V vocabulary. Each
 * GEMM (m, n, k) is timed by {@link Gemm}; its backward is the input-gradient GEMM (T, k, n) and
 * the weight-gradient GEMM (k, n, T).
 * <ul>
 * <li>Attention projections: QKV (T, (a + 2g)d/t, h), output (T, h, ad/t); with MLA (kv rank r,
 * RoPE width ρ): Q (T, a(d+ρ)/t, h), KV down (T, r + ρ, h), KV up (T, 2ad/t, r), output as above; with MLA's query
 * compression (rank r_q) Q is Q down (T, r_q, h) and Q up (T, a(d+ρ)/t, r_q).</li>
 * <li>Flash attention, causal: forward 4·T·(s/2)·d·a/t FLOPs (MLA: 2·T·(s/2)·(2d+ρ)·a/t); backward
 * 2.5× forward (five GEMMs for two); at the software stack's forward and backward efficiency of the
 * sustained BF16 rate ({@link Device#attentionFlopsPerSecond}). The forward's share u of pairs that
 * context parallelism computes without a mask ({@link CausalPairs}) runs at the stack's unmasked
 * efficiency instead: forward F·(1 − u)/(R·η) + F·u/(R·η_u); u = 0 without CP. Unfused attention: see
 * {@link #unfusedAttention}.</li>
 * <li>Precision: at FP8 the projection, MLP and expert GEMMs run on the FP8 device, the router and the output head
 * stay BF16 ({@link Device#highPrecision}); with blockwise scaling each FP8 GEMM also runs at {@link BlockwiseFp8}'s
 * rate and quantizes its input forward and its output gradient backward.</li>
 * <li>Kernel launches: every kernel adds the profile's fixed cost c (GPU idle between dependent
 * kernels while the host issues the next): 3 per GEMM (forward, input and weight gradient), the
 * stack's element-wise kernels per layer forward and twice that backward, the attention kernels,
 * and the loss's.</li>
 * <li>MLP: up (T, f/t or 2f/t gated, h), down (T, h, f/t). MoE: router (T/t, E, h); the busiest
 * expert-parallel rank runs E/EP experts over T/t·k·L token copies, L = min(skew, capacity) its
 * load over the mean ({@link org.fabricsim.runtime.spec.ExpertRoutingSpec#busiestLoad}), each expert
 * up (T/t·k·L·EP/E, f_e or 2f_e gated, h) and down (same rows, h, f_e), their forward and input-gradient
 * GEMMs timed over the random rows routing gives one expert ({@link RaggedExpertRows}); shared experts as a dense
 * MLP of width shared·f_e. The FLOPs of a {@link PassTime} are the busiest rank's; MFU counts the
 * model's nominal FLOPs ({@link ModelFlops}).</li>
 * <li>Element-wise traffic: {@link ComputeCalibration#HIDDEN_PASSES_PER_LAYER} hidden vectors per
 * token (÷t with sequence parallelism) and the activation's passes over the MLP width (over the
 * busiest rank's L-scaled expert rows in an MoE layer), and in an MoE layer the token permutation's
 * {@link ExpertPermutation#hiddenPasses} hidden vectors per token of the rank (T/t); backward
 * {@link ComputeCalibration#BACKWARD_ELEMENTWISE_RATIO}×.</li>
 * <li>Recompute: full adds the layer's forward to its backward; selective adds the attention
 * core's forward (Korthikanti et al., "Reducing Activation Recomputation", 2022).</li>
 * </ul>
 * O(1) per call.
 */
public final class TransformerCompute {
    private final Device device;
    private final TransformerSpec model;
    private final double tokens;
    private final double sequence;
    private final int tensor;
    private final int expert;
    private final double expertLoad;
    private final boolean sequenceParallel;
    private final Recompute recompute;
    private final SoftwareSpec software;
    private final double kernelSeconds;
    private final double unmaskedShare;

    /**
     * @param device            the accelerator at the training precision
     * @param model             the model
     * @param tokens            tokens of one micro-batch on one rank: micro-batch × sequence ÷ CP
     * @param sequence          the full sequence length
     * @param tensor            TP
     * @param expert            EP
     * @param expertLoad        the busiest EP rank's expert load over the mean, L ≥ 0 (1 when balanced)
     * @param sequenceParallel  whether TP shards the element-wise work along the sequence
     * @param recompute         activation recomputation
     * @param software          the software stack (attention kernel, element-wise kernels per layer)
     * @param kernelSeconds     fixed cost of one kernel launch (profile {@code compute.kernel-overhead})
     * @param pairs             how this rank's attention pairs split between masked and unmasked kernel calls
     */
    public TransformerCompute(Device device, TransformerSpec model, double tokens, double sequence, int tensor,
            int expert, double expertLoad, boolean sequenceParallel, Recompute recompute, SoftwareSpec software,
            double kernelSeconds, CausalPairs pairs) {
        this.device = device;
        this.model = model;
        this.tokens = tokens;
        this.sequence = sequence;
        this.tensor = tensor;
        this.expert = expert;
        this.expertLoad = expertLoad;
        this.sequenceParallel = sequenceParallel;
        this.recompute = recompute;
        this.software = software;
        this.kernelSeconds = kernelSeconds;
        this.unmaskedShare = pairs.unmaskedShare();
    }

    /** The computation without context parallelism: every attention pair under the causal mask. */
    public TransformerCompute(Device device, TransformerSpec model, double tokens, double sequence, int tensor,
            int expert, double expertLoad, boolean sequenceParallel, Recompute recompute, SoftwareSpec software,
            double kernelSeconds) {
        this(device, model, tokens, sequence, tensor, expert, expertLoad, sequenceParallel, recompute, software,
                kernelSeconds, CausalPairs.perRank(ContextMode.ALL_GATHER, 1, sequence));
    }

    /** One transformer layer; {@code moeLayer} selects routed experts instead of the dense MLP. */
    public PassTime layer(boolean moeLayer) {
        PassTime attention = attentionProjections();
        PassTime core = attentionCore();
        PassTime mlp = moeLayer ? moe() : denseMlp(model.ffn(), 1);
        double elementwise = elementwiseSeconds(moeLayer);
        double launches = software.elementwiseKernelsPerLayer() * kernelSeconds;
        double ratio = ComputeCalibration.BACKWARD_ELEMENTWISE_RATIO;
        PassTime layer = attention.plus(core).plus(mlp)
                .plus(new PassTime(elementwise + launches, ratio * (elementwise + launches), 0, 0, 0));
        if (recompute == Recompute.FULL) {
            return withRecompute(layer, layer);
        }
        if (recompute == Recompute.SELECTIVE) {
            return withRecompute(layer, core);
        }
        return layer;
    }

    /**
     * One multi-token prediction module (DeepSeek-V3 §2.2) apart from its layer (one more {@link #layer}, routed when
     * the model's last layer is): the projection of the normalised hidden state beside the next token's embedding,
     * (T, h, 2h), and the output head with its loss ({@link #logits}), whose weights it shares with the model.
     */
    public PassTime predictionModule() {
        return gemm(tokens, model.hidden(), 2.0 * model.hidden()).plus(logits());
    }

    /** Embedding lookup: write T·h (÷t with sequence parallelism); backward scatter-adds FP32 gradients. */
    public PassTime embedding() {
        double hiddenTokens = tokens * model.hidden() / (sequenceParallel ? tensor : 1);
        double forward = device.memorySeconds(hiddenTokens * device.activationBytes());
        return new PassTime(forward + kernelSeconds, 0,
                device.memorySeconds(hiddenTokens * 2 * Float.BYTES) + kernelSeconds, 0, 0);
    }

    /** Output layer and loss: logits GEMM (T, V/t, h) and the vocab-parallel cross entropy. */
    public PassTime logits() {
        PassTime gemm = gemm(device.highPrecision(), tokens, model.vocab() / (double) tensor, model.hidden());
        double logits = tokens * model.vocab() / tensor;
        return gemm.plus(new PassTime(
                device.memorySeconds(logits * ComputeCalibration.CROSS_ENTROPY_FORWARD_BYTES_PER_LOGIT)
                        + ComputeCalibration.CROSS_ENTROPY_FORWARD_KERNELS * kernelSeconds,
                device.memorySeconds(logits * ComputeCalibration.CROSS_ENTROPY_BACKWARD_BYTES_PER_LOGIT)
                        + ComputeCalibration.CROSS_ENTROPY_BACKWARD_KERNELS * kernelSeconds, 0, 0, 0));
    }

    /** One optimizer step over {@code parameters} parameters held by this rank. */
    public double optimizerSeconds(double parameters) {
        return device.memorySeconds(parameters * ComputeCalibration.ADAM_BYTES_PER_PARAMETER);
    }

    /**
     * Zeroing the FP32 gradient accumulation buffer of {@code parameters} parameters once per step
     * (Megatron-Core {@code DistributedDataParallel.zero_grad_buffer}: "needs to be called at the
     * beginning of each training iteration"; the buffer holds every local parameter even with the
     * distributed optimizer, which reduce-scatters in place): one write of {@code bytesPerGradient}
     * ({@link ComputeCalibration#gradientReduceBytes}) per parameter.
     */
    public double gradientResetSeconds(double parameters, double bytesPerGradient) {
        return device.memorySeconds(parameters * bytesPerGradient);
    }

    /**
     * Folding one micro-batch's gradients of {@code parameters} local parameters into the FP32 accumulator outside
     * the weight-gradient GEMM: the stack's {@link SoftwareSpec#gradientAccumulationBytes} per parameter through HBM
     * (0 for stacks that accumulate in the GEMM).
     */
    public double gradientAccumulationSeconds(double parameters) {
        return device.memorySeconds(parameters * software.gradientAccumulationBytes());
    }

    private PassTime attentionProjections() {
        int h = model.hidden();
        int d = model.headDim();
        int a = model.heads();
        double t = tensor;
        PassTime output = gemm(tokens, h, a * (double) d / t);
        if (model.kvLoraRank() > 0) {
            int r = model.kvLoraRank();
            int rope = model.ropeDim();
            int q = model.qLoraRank();
            PassTime query = q > 0 ? gemm(tokens, q, h).plus(gemm(tokens, a * (double) (d + rope) / t, q))
                    : gemm(tokens, a * (double) (d + rope) / t, h);
            return query.plus(gemm(tokens, r + rope, h)).plus(gemm(tokens, 2.0 * a * d / t, r)).plus(output);
        }
        return gemm(tokens, (a + 2.0 * model.kvHeads()) * d / t, h).plus(output);
    }

    /**
     * The attention core of one layer: flash attention over a causal mask (each query sees s/2 keys
     * on average), or the unfused form over the full score matrix (see {@link #unfusedAttention}).
     * Under context parallelism the forward times the unmasked share of the pairs at the stack's
     * unmasked efficiency; the backward keeps one rate (FlashAttention-3 publishes no causal backward
     * panel, so {@code attentionBackwardEfficiency} is already the unmasked one).
     */
    public PassTime attentionCore() {
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

    /** The projection and MLP GEMMs of one dense layer, the work TP collectives can overlap. */
    public PassTime denseGemms() {
        return attentionProjections().plus(denseMlp(model.ffn(), 1));
    }

    private PassTime denseMlp(double width, double count) {
        double t = tensor;
        double up = model.gatedMlp() ? 2 * width / t : width / t;
        return gemm(tokens, up, model.hidden()).plus(gemm(tokens, model.hidden(), width / t)).times(count);
    }

    private PassTime moe() {
        double localTokens = tokens / tensor;
        PassTime router = gemm(device.highPrecision(), localTokens, model.experts(), model.hidden());
        double copies = localTokens * model.topK() * expertLoad;
        double localExperts = Math.max(1.0, model.experts() / (double) expert);
        double perExpert = copies / localExperts;
        double width = model.expertFfn();
        double up = model.gatedMlp() ? 2 * width : width;
        double sigma = RaggedExpertRows.sigma(perExpert, model.topK(), model.experts());
        PassTime experts = expertGemm(perExpert, sigma, up, model.hidden())
                .plus(expertGemm(perExpert, sigma, model.hidden(), width)).times(localExperts);
        PassTime shared = model.sharedExperts() > 0 ? denseMlp(width * model.sharedExperts(), 1) : PassTime.ZERO;
        return router.plus(experts).plus(shared);
    }

    private double elementwiseSeconds(boolean moeLayer) {
        double hiddenShard = sequenceParallel ? tensor : 1;
        double hiddenBytes = ComputeCalibration.HIDDEN_PASSES_PER_LAYER * tokens * model.hidden() / hiddenShard;
        double passes = model.gatedMlp() ? ComputeCalibration.SWIGLU_PASSES : ComputeCalibration.GELU_PASSES;
        double inner = moeLayer
                ? tokens / tensor * model.topK() * expertLoad * model.expertFfn() + tokens * model.sharedExperts()
                        * model.expertFfn() / tensor
                : tokens * model.ffn() / tensor;
        double permutation = moeLayer ? ExpertPermutation.hiddenPasses(model.topK()) * tokens / tensor * model.hidden()
                : 0;
        return device.memorySeconds((hiddenBytes + passes * inner + permutation) * device.activationBytes());
    }

    /** A GEMM at the training precision (FP8 when the job trains at FP8). */
    private PassTime gemm(double m, double n, double k) {
        return gemm(device, m, 0, n, k);
    }

    private PassTime gemm(Device on, double m, double n, double k) {
        return gemm(on, m, 0, n, k);
    }

    /** {@link #gemm} of one expert over its random rows, mean m and spread σ ({@link RaggedExpertRows}). */
    private PassTime expertGemm(double m, double sigma, double n, double k) {
        return gemm(device, m, sigma, n, k);
    }

    /**
     * A GEMM's forward, and its backward as the input-gradient and weight-gradient GEMMs, on {@code on}, over m rows
     * (mean m, spread σ; σ = 0 for fixed rows, {@link RaggedExpertRows}): the forward and input gradient tile m, the
     * weight gradient reduces over it. A blockwise FP8 GEMM also quantizes its input (m·k) before the forward and its
     * output gradient (m·n) before the backward, one kernel each ({@link BlockwiseFp8#quantizationSeconds}).
     */
    private PassTime gemm(Device on, double m, double sigma, double n, double k) {
        double quantizeInput = on.blockwiseFp8() ? BlockwiseFp8.quantizationSeconds(on, m * k) + kernelSeconds : 0;
        double quantizeGradient = on.blockwiseFp8() ? BlockwiseFp8.quantizationSeconds(on, m * n) + kernelSeconds : 0;
        double forward = RaggedExpertRows.seconds(on, m, sigma, n, k) + kernelSeconds + quantizeInput;
        double inputGradient = RaggedExpertRows.seconds(on, m, sigma, k, n) + kernelSeconds + quantizeGradient;
        double weightGradient = Gemm.seconds(on, k, n, m, 1) + kernelSeconds;
        double flops = Gemm.flops(m, n, k);
        return new PassTime(forward, inputGradient, weightGradient, flops, 3 * flops);
    }

    private static PassTime withRecompute(PassTime layer, PassTime recomputed) {
        return new PassTime(layer.forwardSeconds(), layer.backwardInputSeconds() + recomputed.forwardSeconds(),
                layer.backwardWeightSeconds(), layer.forwardFlops(), layer.hardwareFlops() + recomputed.forwardFlops());
    }
}
