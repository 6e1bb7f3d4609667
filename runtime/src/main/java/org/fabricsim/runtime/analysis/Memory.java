package org.fabricsim.runtime.analysis;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.List;

import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.RecomputeModule;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * Memory one accelerator needs: weights, gradients and optimizer state (training), activations
 * (training), the temporary buffers of training, and the KV cache size per token, given the parallel
 * plan, sharding and recomputation. Training memory per pipeline stage, its layer layout and its
 * temporary buffers are {@link TrainingMemory}'s; this class holds the parameter, activation and
 * KV-cache sizes they are built from.
 *
 * <p><b>Parameters</b> ({@link #parameters}): per layer, attention Q and O (h × heads·headDim each)
 * and K and V (h × kvHeads·headDim each), two norms (2h), and an MLP of 2 (GELU/ReLU) or 3
 * (SwiGLU) matrices h × ffn; an MoE layer instead has {@code experts} routed experts and
 * {@code sharedExperts} shared ones of width expertFfn and a router (h × experts); the first
 * {@code denseLayers} layers are dense. Input embedding and output head are untied (vocab × h
 * each), the head after a final norm (h). MLA attention is counted as Q (h × heads·(headDim + ropeDim),
 * or through its compression of rank r_q: r_q × (h + heads·(headDim + ropeDim))), the KV
 * down-projection h × (kvRank + ropeDim) and up-projections kvRank × 2·heads·headDim. Llama 3 405B
 * counts 405.8B. The norms, routers and final norm are {@link #tensorReplicatedParameters}.
 *
 * <p><b>Activations</b> follow Korthikanti et al., "Reducing Activation Recomputation in Large
 * Transformer Models" (MLSys 2023, §4), which gives sbh(34 + 5as/h) bytes per layer with 16-bit
 * activations, TP without sequence parallelism sbh(10 + 24/t + 5as/(ht)), with it sbh(34 + 5as/h)/t,
 * and with selective recomputation 34·sbh/t. That derivation assumes a GELU MLP of width 4h,
 * multi-head attention, dropout and a materialized s × s attention matrix; generalized per token
 * and layer (bytes) it is
 * <pre>
 *   replicated across TP unless SP:  LN inputs 2·2h + QKV input 2h + MLP input 2h  (+ dropout masks 2h)
 *   split across TP:                 Q 2·q + K,V 2·2·kv + attention output 2·q + MLP 2·m·ffn
 *                                    (+ attention matrix 5·heads·s)
 * </pre>
 * with q = heads·headDim, kv = kvHeads·headDim, m = 2 matrices-worth of intermediates for GELU
 * (its input and output) and 3 for SwiGLU (gate, up, product); an MoE layer's MLP term is
 * topK·(2h + 2·m·expertFfn) + shared·2·m·expertFfn. With q = kv = h, ffn = 4h, GELU, dropout and the
 * matrix this is exactly Korthikanti's 34 + 5as/h ({@link AttentionKernel#MATERIALIZED}). Training
 * today uses fused (flash) attention without dropout ({@link AttentionKernel#FUSED}, what
 * {@link #training} assumes): no matrix and no masks, so selective recomputation saves nothing
 * more. Full recomputation keeps only each layer's input (2h, split by TP with SP) plus one
 * layer's activations being recomputed. Selective recomputation drops what its modules produce
 * ({@link RecomputeModule}): the attention matrix (core attention); the two norms' outputs, the QKV and MLP
 * inputs, 2·2h (layernorm); Q, K and V, 2·q + 2·2·kv, on an MLA model (MLA up-projections: their inputs, the
 * compressed latents, are kept either way and not counted here); the routed experts' activation output,
 * topK·2·expertFfn (MoE activation); a dense layer's MLP term (MLP); the shared experts' term (shared experts).
 *
 * <p><b>KV cache</b> per token ({@link #kvCacheBytesPerToken}): 2 · layers · kvHeads · headDim ·
 * bytes per element (K and V), or layers · (kvRank + ropeDim) · bytes for MLA's latent cache.
 *
 * <p>Cost: O(1) per call, O(P·v) for {@link #training} (P stages, v virtual stages).
 */
public final class Memory {
    private static final double GB = 1e9;
    private static final double GIB = 1L << 30;

    private Memory() {
    }

    /** How attention is computed, which decides which activations are stored. */
    public enum AttentionKernel {
        /** Fused (flash) attention without dropout: no s × s matrix, no dropout masks. */
        FUSED,
        /** Korthikanti et al.'s baseline: a materialized s × s attention matrix, softmax, dropout. */
        MATERIALIZED
    }

    /**
     * Bytes one accelerator holds. Fields that do not apply are 0; the last five are the temporary
     * buffers of training ({@link TrainingMemory}).
     *
     * @param weightBytes               weights
     * @param gradientBytes             gradients (training)
     * @param optimizerBytes            optimizer state (training)
     * @param activationBytes           activations kept for the backward pass (training)
     * @param kvCacheBytes              KV cache (inference)
     * @param gatheredWeightBytes       ZeRO-3/FSDP: the all-gathered unsharded weights being used and prefetched
     * @param gradientBucketBytes       ZeRO-2/3/FSDP: unreduced gradient buckets awaiting their reduce-scatter
     * @param logitBytes                last stage: the logits and cross-entropy FP32 temporaries of one micro-batch
     * @param communicationBufferBytes  NCCL's staging buffers of the job's communicators
     * @param runtimeBytes              CUDA context, loaded kernels and the cuBLAS workspace
     */
    public record Breakdown(long weightBytes, long gradientBytes, long optimizerBytes, long activationBytes,
            long kvCacheBytes, long gatheredWeightBytes, long gradientBucketBytes, long logitBytes,
            long communicationBufferBytes, long runtimeBytes) {

        /** The temporary buffers: gathered weights, gradient buckets, logits, communication buffers and runtime. */
        public long temporaryBytes() {
            return plus(plus(plus(plus(gatheredWeightBytes, gradientBucketBytes), logitBytes), communicationBufferBytes),
                    runtimeBytes);
        }

        /** Everything together. */
        public long totalBytes() {
            return plus(plus(plus(plus(plus(weightBytes, gradientBytes), optimizerBytes), activationBytes), kvCacheBytes),
                    temporaryBytes());
        }

        /**
         * a + b for byte counts ≥ 0, held at {@link Long#MAX_VALUE}: a model of two billion layers needs more bytes than
         * a long counts, and a sum that wrapped negative passed the memory check.
         */
        private static long plus(long a, long b) {
            return a > Long.MAX_VALUE - b ? Long.MAX_VALUE : a + b;
        }

        /**
         * The components of a training run under their results keys ({@code docs/results-schema.md},
         * {@code memoryBreakdownBytes}), in this order: weights, gradients, optimizerState, activations,
         * gatheredWeights, gradientBuckets, logits, communicationBuffers, runtime.
         */
        public Map<String, Long> trainingComponents() {
            Map<String, Long> parts = new LinkedHashMap<>();
            parts.put("weights", weightBytes);
            parts.put("gradients", gradientBytes);
            parts.put("optimizerState", optimizerBytes);
            parts.put("activations", activationBytes);
            parts.put("gatheredWeights", gatheredWeightBytes);
            parts.put("gradientBuckets", gradientBucketBytes);
            parts.put("logits", logitBytes);
            parts.put("communicationBuffers", communicationBufferBytes);
            parts.put("runtime", runtimeBytes);
            return parts;
        }

        /** The non-zero parts in GB, e.g. "weights 6.3 GB + optimizer state 0.6 GB + activations 67.1 GB = 74.0 GB". */
        public String describe() {
            StringBuilder text = new StringBuilder();
            part(text, "weights", weightBytes);
            part(text, "gradients", gradientBytes);
            part(text, "optimizer state", optimizerBytes);
            part(text, "activations", activationBytes);
            part(text, "KV cache", kvCacheBytes);
            part(text, "gathered weights", gatheredWeightBytes);
            part(text, "gradient buckets", gradientBucketBytes);
            part(text, "logits", logitBytes);
            part(text, "NCCL buffers", communicationBufferBytes);
            part(text, "CUDA context and workspace", runtimeBytes);
            return text.append(" = ").append(gigabytes(totalBytes())).toString();
        }

        private static void part(StringBuilder text, String name, long bytes) {
            if (bytes > 0) {
                text.append(text.length() == 0 ? "" : " + ").append(name).append(' ').append(gigabytes(bytes));
            }
        }
    }

    /** {@code 12.3 GB} (decimal gigabytes, as HBM capacities are quoted). */
    public static String gigabytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f GB", bytes / GB);
    }

    /**
     * An accelerator's capacity in decimal gigabytes, as the figures beside it, and in binary gibibytes (2^30 bytes),
     * as its "80 GB" name and nvidia-smi mean it: an H100's 81,559 MiB (8.552e10 B) reads {@code 85.5 GB (79.6 GiB)},
     * not a bare {@code 85.5 GB} that looks like a different card than the "80 GB" one (session 70).
     */
    public static String capacity(long bytes) {
        return gigabytes(bytes) + String.format(Locale.ROOT, " (%.1f GiB)", bytes / GIB);
    }

    // ---------------------------------------------------------------- parameters

    /** All parameters of the model. */
    public static long parameters(TransformerSpec model) {
        long moe = moeLayers(model);
        return nonExpertParameters(model, model.layers() - moe, moe, true, true) + expertParameters(model, moe);
    }

    /** Parameters of one attention block. */
    public static long attentionParameters(TransformerSpec m) {
        long h = m.hidden();
        long q = (long) m.heads() * m.headDim();
        if (m.kvLoraRank() > 0) {
            long qRope = (long) m.heads() * (m.headDim() + m.ropeDim());
            long query = m.qLoraRank() > 0 ? m.qLoraRank() * (h + qRope) : h * qRope;
            return query + h * (m.kvLoraRank() + m.ropeDim()) + (long) m.kvLoraRank() * 2 * q + q * h;
        }
        long kv = (long) m.kvHeads() * m.headDim();
        return 2 * h * q + 2 * h * kv;
    }

    /** Parameters of one MLP of width {@code width}. */
    public static long mlpParameters(TransformerSpec m, int width) {
        return (m.gatedMlp() ? 3L : 2L) * m.hidden() * width;
    }

    /** MoE layers of the model: all but the first {@code denseLayers}, none for a dense model. */
    static long moeLayers(TransformerSpec m) {
        return m.moe() ? Math.max(0, m.layers() - m.denseLayers()) : 0;
    }

    /** Non-expert parameters of {@code dense} dense and {@code moe} MoE layers, with the embedding and/or the output head. */
    static long nonExpertParameters(TransformerSpec m, long dense, long moe, boolean embedding, boolean head) {
        double total = (double) dense * (attentionParameters(m) + mlpParameters(m, m.ffn()))
                + (double) moe * (attentionParameters(m) + m.sharedExperts() * mlpParameters(m, m.expertFfn()));
        double table = (double) m.vocab() * m.hidden();
        // in double, exact for whole numbers below 2^53, and cast back held at Long.MAX_VALUE rather than wrapped
        return (long) (total + (embedding ? table : 0) + (head ? table : 0) + tensorReplicatedParameters(m, dense, moe,
                head));
    }

    /**
     * The parameters of {@code dense} dense and {@code moe} MoE layers, with the output head, that are replicated
     * across TP, each rank holding them whole (part of {@link #nonExpertParameters}): each layer's two norms (h
     * each), each MoE layer's router (h × experts) and the head's final norm (h).
     */
    static long tensorReplicatedParameters(TransformerSpec m, long dense, long moe, boolean head) {
        return (long) ((double) (dense + moe) * 2 * m.hidden() + (double) moe * m.hidden() * m.experts()
                + (head ? m.hidden() : 0));
    }

    /**
     * Non-expert parameters one of {@code t} TP ranks holds: the {@link #tensorReplicatedParameters} (norms and
     * routers) whole, the rest ÷ TP. Neither is a tensor-parallel layer in Megatron-Core (NVIDIA/Megatron-LM
     * d98e8a64): the router is {@code torch.nn.Parameter(torch.empty((num_moe_experts, hidden_size)))}
     * (megatron/core/transformer/moe/router.py line 64, class Router, the base of TopKRouter); a norm's weight and bias
     * are {@code Parameter(torch.empty(*hidden_size))} (megatron/core/fusions/fused_layer_norm.py lines 112-113;
     * TENorm, megatron/core/extensions/transformer_engine.py line 1096, builds Transformer Engine's LayerNorm or
     * RMSNorm over the whole hidden size). Both are marked {@code sequence_parallel} (router.py line 85,
     * fused_layer_norm.py lines 119-120), so megatron/core/distributed/finalize_model_grads.py's
     * _allreduce_non_tensor_model_parallel_grads (lines 416-453) sums their gradients over the TP group.
     */
    public static double nonExpertPerRank(TransformerSpec m, int t, long dense, long moe, boolean embedding, boolean head) {
        long whole = tensorReplicatedParameters(m, dense, moe, head);
        return (nonExpertParameters(m, dense, moe, embedding, head) - whole) / (double) t + whole;
    }

    /** Routed-expert parameters of {@code moe} MoE layers. */
    static long expertParameters(TransformerSpec m, long moe) {
        return (long) ((double) moe * m.experts() * mlpParameters(m, m.expertFfn()));
    }

    // ---------------------------------------------------------------- activations

    /**
     * Activation bytes one accelerator keeps per token for one layer (16-bit activations).
     *
     * @param sequence  tokens per sequence (for the attention matrix of {@link AttentionKernel#MATERIALIZED})
     * @param tensor    TP degree
     * @param sequenceParallel  TP with sequence parallelism (everything split by TP)
     * @param moe       an MoE layer
     * @param kernel    the attention kernel
     * @param recomputed  what selective recomputation runs again (see the class comment); empty for none
     */
    public static double activationBytesPerToken(TransformerSpec m, int sequence, int tensor, boolean sequenceParallel,
            boolean moe, AttentionKernel kernel, List<RecomputeModule> recomputed) {
        double h = m.hidden();
        double q = (double) m.heads() * m.headDim();
        double kv = m.kvLoraRank() > 0 ? q : (double) m.kvHeads() * m.headDim();
        double intermediates = m.gatedMlp() ? 3 : 2;
        double replicated = recomputed.contains(RecomputeModule.LAYERNORM) ? 4 * h : 8 * h;
        boolean upProjected = m.kvLoraRank() > 0 && recomputed.contains(RecomputeModule.MLA_UP_PROJECTION);
        double split = (upProjected ? 0 : 2 * q + 4 * kv) + 2 * q;
        double routedKept = recomputed.contains(RecomputeModule.MOE_ACTIVATION) ? intermediates - 1 : intermediates;
        double sharedKept = recomputed.contains(RecomputeModule.SHARED_EXPERTS) ? 0 : intermediates;
        double denseKept = recomputed.contains(RecomputeModule.MLP) ? 0 : intermediates;
        split += moe ? m.topK() * (2 * h + 2 * routedKept * m.expertFfn())
                + m.sharedExperts() * 2 * sharedKept * m.expertFfn()
                : 2 * denseKept * m.ffn();
        if (kernel == AttentionKernel.MATERIALIZED) {
            replicated += 2 * h;
            if (!recomputed.contains(RecomputeModule.CORE_ATTENTION)) {
                split += 5.0 * m.heads() * sequence;
            }
        }
        return sequenceParallel ? (replicated + split) / tensor : replicated + split / tensor;
    }

    // ---------------------------------------------------------------- training

    /**
     * Memory of the fullest accelerator of a training job: every pipeline stage laid out as the
     * simulator runs it ({@link TrainingMemory}), the largest total. Assumes
     * {@link AttentionKernel#FUSED} attention.
     */
    public static Breakdown training(TrainingSpec job) {
        return TrainingMemory.busiestStage(job);
    }

    // ---------------------------------------------------------------- inference

    /** KV-cache bytes of one token over the whole model. */
    public static double kvCacheBytesPerToken(TransformerSpec m, Precision precision) {
        double width = m.kvLoraRank() > 0 ? m.kvLoraRank() + m.ropeDim() : 2.0 * m.kvHeads() * m.headDim();
        return m.layers() * width * precision.bytes();
    }
}
