package org.fabricsim.runtime.compute;

import java.util.List;

import org.fabricsim.runtime.spec.ParallelismSpec.ContextMode;
import org.fabricsim.runtime.spec.RecomputeModule;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TrainingSpec.Recompute;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * Per-micro-batch compute time of the parts of a transformer on one accelerator of a TP × CP
 * (× EP) group, forward and backward.
 *
 * <p>Notation: T tokens of the micro-batch on this rank (micro-batch × sequence ÷ CP), s the
 * sequence, h hidden, d head width, a heads, g KV heads, f MLP width, t = TP, V vocabulary. Each
 * GEMM (m, n, k) is timed by {@link GemmPasses}: its forward, the input-gradient GEMM (T, k, n) and the
 * weight-gradient GEMM (k, n, T).
 * <ul>
 * <li>Attention projections: QKV (T, (a + 2g)d/t, h), output (T, h, ad/t); with MLA (kv rank r,
 * RoPE width ρ): Q (T, a(d+ρ)/t, h), KV down (T, r + ρ, h), KV up (T, 2ad/t, r), output as above; with MLA's query
 * compression (rank r_q) Q is Q down (T, r_q, h) and Q up (T, a(d+ρ)/t, r_q).</li>
 * <li>The attention core: {@link AttentionCore}.</li>
 * <li>Precision: at FP8 the projection, MLP and expert GEMMs run on the FP8 device, the router and the output head
 * stay BF16 ({@link Device#highPrecision}); each FP8 GEMM pays the casts of its operands ({@link Fp8Operands}): QKV and
 * the dense MLP's up-projection take the norm's FP8 output, the attention output and the MLP's down-projection are
 * row-parallel, the rest cast their own; with blockwise scaling it also runs at {@link BlockwiseFp8}'s rate.</li>
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
 * <li>Element-wise traffic: {@link ElementwisePasses}; backward {@link ComputeCalibration#BACKWARD_ELEMENTWISE_RATIO}×.</li>
 * <li>Recompute: full adds the layer's forward to its backward; selective adds the forward of each module it
 * names ({@link RecomputeModule}; by default the attention core, Korthikanti et al., "Reducing Activation
 * Recomputation", 2022): the attention core; the MLA up-projections, Q up (T, a(d+ρ)/t, r_q), or the full-rank Q
 * (T, a(d+ρ)/t, h) without query compression, and KV up (T, 2ad/t, r), RoPE fused; the two norms,
 * {@link ComputeCalibration#NORM_PASSES_PER_LAYER} hidden vectors per token (÷t with sequence parallelism) and a
 * kernel each; the routed experts' activation, its passes over the busiest rank's expert rows and one kernel; a dense
 * layer's MLP, its GEMMs and activation; an MoE layer's shared experts, theirs. A module the layer lacks adds
 * nothing. The TP collectives of a recomputed MLP are not run again here.</li>
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
    private final List<RecomputeModule> modules;
    private final SoftwareSpec software;
    private final double kernelSeconds;
    private final GemmPasses gemms;
    private final ElementwisePasses elementwise;
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
     * @param modules           what selective recomputation runs again (empty unless {@code recompute} is selective)
     * @param software          the software stack (attention kernel, element-wise kernels per layer)
     * @param kernelSeconds     fixed cost of one kernel launch (profile {@code compute.kernel-overhead})
     * @param pairs             how this rank's attention pairs split between masked and unmasked kernel calls
     * @param gradientBytes     bytes of one gradient-buffer element ({@link ComputeCalibration#gradientReduceBytes})
     */
    public TransformerCompute(Device device, TransformerSpec model, double tokens, double sequence, int tensor,
            int expert, double expertLoad, boolean sequenceParallel, Recompute recompute, List<RecomputeModule> modules,
            SoftwareSpec software, double kernelSeconds, CausalPairs pairs, double gradientBytes) {
        this.device = device;
        this.model = model;
        this.tokens = tokens;
        this.sequence = sequence;
        this.tensor = tensor;
        this.expert = expert;
        this.expertLoad = expertLoad;
        this.sequenceParallel = sequenceParallel;
        this.recompute = recompute;
        this.modules = modules;
        this.software = software;
        this.kernelSeconds = kernelSeconds;
        this.gemms = new GemmPasses(kernelSeconds, sequenceParallel ? tensor : 1,
                GemmPasses.weightGradientBytes(device, software, gradientBytes));
        this.elementwise = new ElementwisePasses(device, model, tokens, tensor, expertLoad, sequenceParallel,
                kernelSeconds);
        this.unmaskedShare = pairs.unmaskedShare();
    }

    /** The computation of a BF16 or FP8 job, whose gradient buffer is FP32 ({@link ComputeCalibration}). */
    public TransformerCompute(Device device, TransformerSpec model, double tokens, double sequence, int tensor,
            int expert, double expertLoad, boolean sequenceParallel, Recompute recompute, List<RecomputeModule> modules,
            SoftwareSpec software, double kernelSeconds, CausalPairs pairs) {
        this(device, model, tokens, sequence, tensor, expert, expertLoad, sequenceParallel, recompute, modules,
                software, kernelSeconds, pairs, ComputeCalibration.GRADIENT_REDUCE_BYTES);
    }

    /** The computation recomputing what {@code recompute} does by default ({@link RecomputeModule#defaults}). */
    public TransformerCompute(Device device, TransformerSpec model, double tokens, double sequence, int tensor,
            int expert, double expertLoad, boolean sequenceParallel, Recompute recompute, SoftwareSpec software,
            double kernelSeconds, CausalPairs pairs) {
        this(device, model, tokens, sequence, tensor, expert, expertLoad, sequenceParallel, recompute,
                RecomputeModule.defaults(recompute), software, kernelSeconds, pairs);
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
        PassTime mlp = moeLayer ? moe() : denseMlp(model.ffn(), OperandSource.NORM);
        double passes = elementwise.layerSeconds(moeLayer);
        double launches = software.elementwiseKernelsPerLayer() * kernelSeconds;
        double ratio = ComputeCalibration.BACKWARD_ELEMENTWISE_RATIO;
        PassTime layer = attention.plus(core).plus(mlp)
                .plus(new PassTime(passes + launches, ratio * (passes + launches), 0, 0, 0));
        return withRecompute(layer, recompute == Recompute.FULL ? layer : recomputed(moeLayer, core));
    }

    /** The forward selective recomputation runs again in one layer's backward, module by module (see above). */
    private PassTime recomputed(boolean moeLayer, PassTime core) {
        PassTime again = PassTime.ZERO;
        if (modules.contains(RecomputeModule.CORE_ATTENTION)) {
            again = again.plus(core);
        }
        if (modules.contains(RecomputeModule.MLA_UP_PROJECTION) && model.kvLoraRank() > 0) {
            again = again.plus(mlaUpProjections());
        }
        if (modules.contains(RecomputeModule.LAYERNORM)) {
            again = again.plus(elementwise.norms());
        }
        if (moeLayer && modules.contains(RecomputeModule.MOE_ACTIVATION)) {
            again = again.plus(elementwise.expertActivation());
        }
        if (!moeLayer && modules.contains(RecomputeModule.MLP)) {
            again = again.plus(denseMlp(model.ffn(), OperandSource.NORM)).plus(elementwise.activation(model.ffn()));
        }
        if (moeLayer && modules.contains(RecomputeModule.SHARED_EXPERTS) && model.sharedExperts() > 0) {
            double width = model.sharedExperts() * model.expertFfn();
            again = again.plus(denseMlp(width, OperandSource.CAST)).plus(elementwise.activation(width));
        }
        return again;
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

    /**
     * Output layer and loss: logits GEMM (T, V/t, h) and the vocab-parallel cross entropy, or the stack's fused
     * cross-entropy kernel, one each way ({@link SoftwareSpec#fusedCrossEntropy}).
     */
    public PassTime logits() {
        PassTime gemm = bf16Gemm(tokens, model.vocab() / (double) tensor, model.hidden());
        double logits = tokens * model.vocab() / tensor;
        if (software.fusedCrossEntropy()) {
            return gemm.plus(new PassTime(
                    device.memorySeconds(logits * ComputeCalibration.FUSED_CROSS_ENTROPY_FORWARD_BYTES_PER_LOGIT)
                            + kernelSeconds,
                    device.memorySeconds(logits * ComputeCalibration.FUSED_CROSS_ENTROPY_BACKWARD_BYTES_PER_LOGIT)
                            + kernelSeconds, 0, 0, 0));
        }
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
     * One micro-batch's passes over {@code parameters} local parameters outside the GEMMs (DeepSpeed's fold of the
     * gradients into FP32, FSDP's flat gradient or all-gather copy-outs): the stack's
     * {@link SoftwareSpec#gradientAccumulationBytes} per parameter through HBM (0 for stacks that accumulate in the GEMM).
     */
    public double gradientAccumulationSeconds(double parameters) {
        return device.memorySeconds(parameters * software.gradientAccumulationBytes());
    }

    private PassTime attentionProjections() {
        int h = model.hidden();
        int d = model.headDim();
        int a = model.heads();
        double t = tensor;
        PassTime output = gemm(tokens, h, a * (double) d / t, OperandSource.ROW_PARALLEL);
        if (model.kvLoraRank() > 0) {
            int r = model.kvLoraRank();
            int rope = model.ropeDim();
            int q = model.qLoraRank();
            PassTime query = q > 0 ? gemm(tokens, q, h).plus(gemm(tokens, a * (double) (d + rope) / t, q))
                    : gemm(tokens, a * (double) (d + rope) / t, h);
            return query.plus(gemm(tokens, r + rope, h)).plus(gemm(tokens, 2.0 * a * d / t, r)).plus(output);
        }
        return gemm(tokens, (a + 2.0 * model.kvHeads()) * d / t, h, OperandSource.NORM).plus(output);
    }

    /**
     * MLA's up-projections, what Megatron-Core's {@code mla_up_proj} recomputes ({@code qkv_up_proj_and_rope_apply}
     * in {@code multi_latent_attention.py}): Q up (T, a(d+ρ)/t, r_q) with query compression, the full-rank Q
     * (T, a(d+ρ)/t, h) without, and KV up (T, 2ad/t, r).
     */
    private PassTime mlaUpProjections() {
        int a = model.heads();
        int d = model.headDim();
        double queryWidth = a * (double) (d + model.ropeDim()) / tensor;
        int q = model.qLoraRank();
        PassTime query = gemm(tokens, queryWidth, q > 0 ? q : model.hidden());
        return query.plus(gemm(tokens, 2.0 * a * d / tensor, model.kvLoraRank()));
    }

    /** The attention core of one layer ({@link AttentionCore}). */
    public PassTime attentionCore() {
        return new AttentionCore(device, model, tokens, sequence, tensor, software, kernelSeconds, unmaskedShare)
                .pass();
    }

    /** The projection and MLP GEMMs of one dense layer, the work TP collectives can overlap. */
    public PassTime denseGemms() {
        return attentionProjections().plus(denseMlp(model.ffn(), OperandSource.NORM));
    }

    /** A dense MLP of {@code width}: up (its input from {@code upInput}), then the row-parallel down-projection. */
    private PassTime denseMlp(double width, OperandSource upInput) {
        double t = tensor;
        double up = model.gatedMlp() ? 2 * width / t : width / t;
        return gemm(tokens, up, model.hidden(), upInput)
                .plus(gemm(tokens, model.hidden(), width / t, OperandSource.ROW_PARALLEL));
    }

    private PassTime moe() {
        double localTokens = tokens / tensor;
        PassTime router = bf16Gemm(localTokens, model.experts(), model.hidden());
        double copies = localTokens * model.topK() * expertLoad;
        double localExperts = Math.max(1.0, model.experts() / (double) expert);
        double perExpert = copies / localExperts;
        double width = model.expertFfn();
        double up = model.gatedMlp() ? 2 * width : width;
        double sigma = RaggedExpertRows.sigma(perExpert, model.topK(), model.experts());
        PassTime experts = expertGemm(perExpert, sigma, up, model.hidden())
                .plus(expertGemm(perExpert, sigma, model.hidden(), width)).times(localExperts);
        PassTime shared = model.sharedExperts() > 0 ? denseMlp(width * model.sharedExperts(), OperandSource.CAST)
                : PassTime.ZERO;
        return router.plus(experts).plus(shared);
    }

    /** A GEMM at the training precision (FP8 when the job trains at FP8), its operands from {@code source}. */
    private PassTime gemm(double m, double n, double k, OperandSource source) {
        return gemms.of(device, m, 0, n, k, source);
    }

    /** {@link #gemm} of operands cast by kernels of their own. */
    private PassTime gemm(double m, double n, double k) {
        return gemm(m, n, k, OperandSource.CAST);
    }

    /** A GEMM an FP8 recipe keeps in BF16 ({@link Device#highPrecision}): the router, the output head. */
    private PassTime bf16Gemm(double m, double n, double k) {
        return gemms.of(device.highPrecision(), m, 0, n, k, OperandSource.CAST);
    }

    /** {@link #gemm} of one expert over its random rows, mean m and spread σ ({@link RaggedExpertRows}). */
    private PassTime expertGemm(double m, double sigma, double n, double k) {
        return gemms.of(device, m, sigma, n, k, OperandSource.CAST);
    }

    private static PassTime withRecompute(PassTime layer, PassTime recomputed) {
        return new PassTime(layer.forwardSeconds(), layer.backwardInputSeconds() + recomputed.forwardSeconds(),
                layer.backwardWeightSeconds(), layer.forwardFlops(), layer.hardwareFlops() + recomputed.forwardFlops());
    }
}
