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
 * <li>The GEMMs of the attention projections, the MLP or the MoE block, at the training precision:
 * {@link LayerGemms}.</li>
 * <li>The attention core: {@link AttentionCore}.</li>
 * <li>Kernel launches: every kernel adds the profile's fixed cost c (GPU idle between dependent
 * kernels while the host issues the next): 3 per GEMM (forward, input and weight gradient), the
 * stack's element-wise kernels per layer forward and twice that backward, the attention kernels,
 * and the loss's.</li>
 * <li>FLOPs: those of a {@link PassTime} are the busiest expert-parallel rank's; MFU counts the model's nominal
 * FLOPs ({@link ModelFlops}).</li>
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
    private final boolean sequenceParallel;
    private final Recompute recompute;
    private final List<RecomputeModule> modules;
    private final SoftwareSpec software;
    private final double kernelSeconds;
    private final LayerGemms gemms;
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
        this.sequenceParallel = sequenceParallel;
        this.recompute = recompute;
        this.modules = modules;
        this.software = software;
        this.kernelSeconds = kernelSeconds;
        this.gemms = new LayerGemms(device, model, tokens, tensor, expert, expertLoad, new GemmPasses(kernelSeconds,
                sequenceParallel ? tensor : 1, GemmPasses.weightGradientBytes(device, software, gradientBytes)));
        this.elementwise = new ElementwisePasses(device, model, tokens, tensor, expertLoad, sequenceParallel,
                kernelSeconds);
        this.unmaskedShare = pairs.unmaskedShare();
    }

    /**
     * The computation of a BF16 or FP8 job, whose gradient buffer is FP32 ({@link ComputeCalibration}), recomputing
     * what {@code recompute} does by default ({@link RecomputeModule#defaults}).
     */
    public TransformerCompute(Device device, TransformerSpec model, double tokens, double sequence, int tensor,
            int expert, double expertLoad, boolean sequenceParallel, Recompute recompute, SoftwareSpec software,
            double kernelSeconds, CausalPairs pairs) {
        this(device, model, tokens, sequence, tensor, expert, expertLoad, sequenceParallel, recompute,
                RecomputeModule.defaults(recompute), software, kernelSeconds, pairs,
                ComputeCalibration.GRADIENT_REDUCE_BYTES);
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
        PassTime attention = gemms.attentionProjections();
        PassTime core = attentionCore();
        PassTime mlp = moeLayer ? gemms.moe() : gemms.denseMlp(model.ffn(), OperandSource.NORM);
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
            again = again.plus(gemms.mlaUpProjections());
        }
        if (modules.contains(RecomputeModule.LAYERNORM)) {
            again = again.plus(elementwise.norms());
        }
        if (moeLayer && modules.contains(RecomputeModule.MOE_ACTIVATION)) {
            again = again.plus(elementwise.expertActivation());
        }
        if (!moeLayer && modules.contains(RecomputeModule.MLP)) {
            again = again.plus(gemms.denseMlp(model.ffn(), OperandSource.NORM))
                    .plus(elementwise.activation(model.ffn()));
        }
        if (moeLayer && modules.contains(RecomputeModule.SHARED_EXPERTS) && model.sharedExperts() > 0) {
            double width = model.sharedExperts() * model.expertFfn();
            again = again.plus(gemms.denseMlp(width, OperandSource.CAST)).plus(elementwise.activation(width));
        }
        return again;
    }

    /**
     * One multi-token prediction module (DeepSeek-V3 §2.2) apart from its layer (one more {@link #layer}, routed when
     * the model's last layer is): the projection of the normalised hidden state beside the next token's embedding,
     * (T, h, 2h), and the output head with its loss ({@link #logits}), whose weights it shares with the model.
     */
    public PassTime predictionModule() {
        return gemms.gemm(tokens, model.hidden(), 2.0 * model.hidden()).plus(logits());
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
        PassTime gemm = gemms.bf16Gemm(tokens, model.vocab() / (double) tensor, model.hidden());
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

    /** The attention core of one layer ({@link AttentionCore}). */
    public PassTime attentionCore() {
        return new AttentionCore(device, model, tokens, sequence, tensor, software, kernelSeconds, unmaskedShare)
                .pass();
    }

    /** The projection and MLP GEMMs of one dense layer, the work TP collectives can overlap. */
    public PassTime denseGemms() {
        return gemms.attentionProjections().plus(gemms.denseMlp(model.ffn(), OperandSource.NORM));
    }

    private static PassTime withRecompute(PassTime layer, PassTime recomputed) {
        return new PassTime(layer.forwardSeconds(), layer.backwardInputSeconds() + recomputed.forwardSeconds(),
                layer.backwardWeightSeconds(), layer.forwardFlops(), layer.hardwareFlops() + recomputed.forwardFlops());
    }
}
