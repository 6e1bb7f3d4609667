package org.fabricsim.runtime.analysis;

import java.util.Locale;

import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * Memory one accelerator needs: weights, gradients and optimizer state (training), activations
 * (training) and the KV cache (inference), given the parallel plan, sharding and recomputation.
 *
 * <p><b>Parameters</b> ({@link #parameters}): per layer, attention Q and O (h × heads·headDim each)
 * and K and V (h × kvHeads·headDim each), two norms (2h), and an MLP of 2 (GELU/ReLU) or 3
 * (SwiGLU) matrices h × ffn; an MoE layer instead has {@code experts} routed experts and
 * {@code sharedExperts} shared ones of width expertFfn and a router (h × experts); the first
 * {@code denseLayers} layers are dense. Input embedding and output head are untied (vocab × h
 * each). MLA attention is counted as full-rank Q (h × heads·(headDim + ropeDim)), the KV
 * down-projection h × (kvRank + ropeDim) and up-projections kvRank × 2·heads·headDim: DeepSeek-V3's
 * low-rank Q is not in the spec, which overcounts its 671B by about 1%. Llama 3 405B counts 405.8B.
 *
 * <p><b>Model state</b> (Rajbhandari et al., "ZeRO", SC 2020, §3.1): mixed-precision Adam keeps
 * 2 bytes of 16-bit weights, 2 bytes of 16-bit gradients and K = 12 bytes of optimizer state
 * (fp32 master weights, momentum and variance) per parameter: 16 bytes. Pure fp32/tf32 training
 * keeps 4 + 4 + 8. ZeRO-1 divides the optimizer state by the data-parallel group (DP × CP),
 * ZeRO-2 also the gradients, ZeRO-3/FSDP also the weights. Expert parameters are split over
 * EP × TP and sharded over the expert data-parallel group DP·CP/EP. DualPipe keeps two copies of
 * the weights (DeepSeek-V3 report, Table 2).
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
 * layer's activations being recomputed.
 *
 * <p>The first pipeline stage holds the most micro-batches in flight (Korthikanti §4.2.3): p for
 * 1F1B and zero-bubble schedules, all m for GPipe, p + 1 for DualPipe (DeepSeek-V3 report,
 * Table 2); interleaving with v &gt; 1 virtual stages multiplies by 1 + (p − 1)/(p·v). Activations
 * are stored at 16 bits, at 8 bits in fp8 training and 32 bits in fp32 ({@link #activationScale}). The last stage also keeps fp32 logits of one
 * micro-batch (4·vocab/t bytes per token). {@link #training} reports the larger of the two stages.
 *
 * <p><b>KV cache</b> per token ({@link #kvCacheBytesPerToken}): 2 · layers · kvHeads · headDim ·
 * bytes per element (K and V), or layers · (kvRank + ropeDim) · bytes for MLA's latent cache.
 *
 * <p>Cost: O(1) per call.
 */
public final class Memory {
    private static final double GB = 1e9;

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
     * Bytes one accelerator holds. Fields that do not apply are 0.
     *
     * @param weightBytes      weights
     * @param gradientBytes    gradients (training)
     * @param optimizerBytes   optimizer state (training)
     * @param activationBytes  activations kept for the backward pass (training)
     * @param kvCacheBytes     KV cache (inference)
     */
    public record Breakdown(long weightBytes, long gradientBytes, long optimizerBytes, long activationBytes,
            long kvCacheBytes) {

        /** Everything together. */
        public long totalBytes() {
            return weightBytes + gradientBytes + optimizerBytes + activationBytes + kvCacheBytes;
        }

        /** The non-zero parts in GB, e.g. "weights 6.3 GB + optimizer 0.6 GB + activations 67.1 GB = 74.0 GB". */
        public String describe() {
            StringBuilder text = new StringBuilder();
            part(text, "weights", weightBytes);
            part(text, "gradients", gradientBytes);
            part(text, "optimizer state", optimizerBytes);
            part(text, "activations", activationBytes);
            part(text, "KV cache", kvCacheBytes);
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

    // ---------------------------------------------------------------- parameters

    /** All parameters of the model. */
    public static long parameters(TransformerSpec model) {
        return nonExpertParameters(model, 0, model.layers(), true, true) + expertParameters(model, 0, model.layers());
    }

    /** Parameters of one attention block. */
    public static long attentionParameters(TransformerSpec m) {
        long h = m.hidden();
        long q = (long) m.heads() * m.headDim();
        if (m.kvLoraRank() > 0) {
            long qRope = (long) m.heads() * (m.headDim() + m.ropeDim());
            return h * qRope + h * (m.kvLoraRank() + m.ropeDim()) + (long) m.kvLoraRank() * 2 * q + q * h;
        }
        long kv = (long) m.kvHeads() * m.headDim();
        return 2 * h * q + 2 * h * kv;
    }

    /** Parameters of one MLP of width {@code width}. */
    public static long mlpParameters(TransformerSpec m, int width) {
        return (m.gatedMlp() ? 3L : 2L) * m.hidden() * width;
    }

    private static boolean moeLayer(TransformerSpec m, int layer) {
        return m.moe() && layer >= m.denseLayers();
    }

    /** Non-expert parameters of layers [from, to), with the embedding and/or the output head. */
    static long nonExpertParameters(TransformerSpec m, int from, int to, boolean embedding, boolean head) {
        long total = 0;
        for (int layer = from; layer < to; layer++) {
            total += attentionParameters(m) + 2L * m.hidden();
            total += moeLayer(m, layer)
                    ? m.sharedExperts() * mlpParameters(m, m.expertFfn()) + (long) m.hidden() * m.experts()
                    : mlpParameters(m, m.ffn());
        }
        long table = (long) m.vocab() * m.hidden();
        return total + (embedding ? table : 0) + (head ? table + m.hidden() : 0);
    }

    /** Routed-expert parameters of layers [from, to). */
    static long expertParameters(TransformerSpec m, int from, int to) {
        long total = 0;
        for (int layer = from; layer < to; layer++) {
            if (moeLayer(m, layer)) {
                total += m.experts() * mlpParameters(m, m.expertFfn());
            }
        }
        return total;
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
     * @param selectiveRecompute  recompute the attention core (drops the attention-matrix term)
     */
    public static double activationBytesPerToken(TransformerSpec m, int sequence, int tensor, boolean sequenceParallel,
            boolean moe, AttentionKernel kernel, boolean selectiveRecompute) {
        double h = m.hidden();
        double q = (double) m.heads() * m.headDim();
        double kv = m.kvLoraRank() > 0 ? q : (double) m.kvHeads() * m.headDim();
        double intermediates = m.gatedMlp() ? 3 : 2;
        double replicated = 8 * h;
        double split = 2 * q + 4 * kv + 2 * q;
        split += moe ? m.topK() * (2 * h + 2 * intermediates * m.expertFfn())
                + m.sharedExperts() * 2 * intermediates * m.expertFfn()
                : 2 * intermediates * m.ffn();
        if (kernel == AttentionKernel.MATERIALIZED) {
            replicated += 2 * h;
            if (!selectiveRecompute) {
                split += 5.0 * m.heads() * sequence;
            }
        }
        return sequenceParallel ? (replicated + split) / tensor : replicated + split / tensor;
    }

    // ---------------------------------------------------------------- training

    /** Bytes per parameter of weights, gradients and optimizer state for training at {@code precision}. */
    static int[] stateBytes(Precision precision) {
        return precision == Precision.FP32 || precision == Precision.TF32 ? new int[] { 4, 4, 8 }
                : new int[] { 2, 2, 12 };
    }

    /**
     * Memory of the fullest accelerator of a training job: the first or the last pipeline stage,
     * whichever needs more. Assumes {@link AttentionKernel#FUSED} attention.
     */
    public static Breakdown training(TrainingSpec job) {
        TransformerSpec m = job.model();
        ParallelismSpec par = job.parallel();
        int p = par.pipeline();
        int perStage = (m.layers() + p - 1) / p;
        Breakdown first = stage(job, 0, Math.min(m.layers(), perStage));
        if (p == 1) {
            return first;
        }
        Breakdown last = stage(job, p - 1, Math.max(0, m.layers() - (p - 1) * perStage));
        return last.totalBytes() > first.totalBytes() ? last : first;
    }

    private static Breakdown stage(TrainingSpec job, int stage, int layers) {
        TransformerSpec m = job.model();
        ParallelismSpec par = job.parallel();
        int t = par.tensor();
        int p = par.pipeline();
        int perStage = (m.layers() + p - 1) / p;
        int from = Math.min(m.layers(), stage * perStage);
        int to = Math.min(m.layers(), from + layers);
        boolean firstStage = stage == 0;
        boolean lastStage = stage == p - 1;
        double nonExpert = nonExpertParameters(m, from, to, firstStage, lastStage) / (double) t;
        double experts = expertParameters(m, from, to) / ((double) par.expert() * t);
        double dataGroup = (double) par.data() * par.context();
        double expertGroup = Math.max(1, dataGroup / par.expert());
        TrainingSpec.Sharding sharding = job.sharding();
        boolean shardOptimizer = sharding != TrainingSpec.Sharding.NONE;
        boolean shardGradients = sharding == TrainingSpec.Sharding.ZERO_2 || shardsWeights(sharding);
        int[] bytes = stateBytes(job.precision());
        double weightCopies = job.schedule() == TrainingSpec.PipelineSchedule.DUALPIPE ? 2 : 1;
        double weights = weightCopies * bytes[0] * sharded(nonExpert, experts, dataGroup, expertGroup,
                shardsWeights(sharding));
        double gradients = bytes[1] * sharded(nonExpert, experts, dataGroup, expertGroup, shardGradients);
        double optimizer = bytes[2] * sharded(nonExpert, experts, dataGroup, expertGroup, shardOptimizer);
        return new Breakdown(Math.round(weights), Math.round(gradients), Math.round(optimizer),
                Math.round(activations(job, stage, from, to)), 0);
    }

    private static boolean shardsWeights(TrainingSpec.Sharding sharding) {
        return sharding == TrainingSpec.Sharding.ZERO_3 || sharding == TrainingSpec.Sharding.FSDP;
    }

    private static double sharded(double nonExpert, double experts, double group, double expertGroup, boolean shard) {
        return shard ? nonExpert / group + experts / expertGroup : nonExpert + experts;
    }

    /** Micro-batches whose activations stage {@code stage} holds at its peak. */
    static double inFlight(TrainingSpec job, int stage) {
        ParallelismSpec par = job.parallel();
        int p = par.pipeline();
        double microBatches = Math.max(1.0,
                (double) job.globalBatchSequences() / ((double) par.data() * job.microBatch()));
        return switch (job.schedule()) {
            case GPIPE -> microBatches;
            case DUALPIPE -> Math.min(p + 1, microBatches);
            case INTERLEAVED -> Math.min(p - stage, microBatches)
                    * (job.virtualStages() > 1 ? 1 + (p - 1) / ((double) p * job.virtualStages()) : 1);
            default -> Math.min(p - stage, microBatches);
        };
    }

    /**
     * Activation element size relative to Korthikanti's 16 bits: fp8 training caches activations in
     * FP8 (DeepSeek-V3 report §3.3.2; Transformer Engine keeps FP8 copies of GEMM inputs), fp32
     * keeps 32 bits. Applied to every stored activation, which for fp8 slightly undercounts the
     * norm inputs and attention tensors that stay at 16 bits.
     */
    static double activationScale(Precision precision) {
        return Math.max(1, Math.min(4, precision.bytes())) / 2.0;
    }

    private static double activations(TrainingSpec job, int stage, int from, int to) {
        TransformerSpec m = job.model();
        ParallelismSpec par = job.parallel();
        int t = par.tensor();
        boolean sp = par.sequenceParallel();
        double tokens = (double) job.sequence() * job.microBatch() / par.context();
        double perMicroBatch = 0;
        double largestLayer = 0;
        for (int layer = from; layer < to; layer++) {
            double perToken = activationBytesPerToken(m, job.sequence(), t, sp, moeLayer(m, layer),
                    AttentionKernel.FUSED, job.recompute() != TrainingSpec.Recompute.NONE);
            largestLayer = Math.max(largestLayer, perToken * tokens);
            perMicroBatch += job.recompute() == TrainingSpec.Recompute.FULL
                    ? (sp ? 2.0 * m.hidden() / t : 2.0 * m.hidden()) * tokens : perToken * tokens;
        }
        double total = perMicroBatch * inFlight(job, stage) * activationScale(job.precision());
        if (job.recompute() == TrainingSpec.Recompute.FULL) {
            total += largestLayer;
        }
        if (stage == par.pipeline() - 1) {
            total += 4.0 * m.vocab() / t * tokens;
        }
        return total;
    }

    // ---------------------------------------------------------------- inference

    /** KV-cache bytes of one token over the whole model. */
    public static double kvCacheBytesPerToken(TransformerSpec m, Precision precision) {
        double width = m.kvLoraRank() > 0 ? m.kvLoraRank() + m.ropeDim() : 2.0 * m.kvHeads() * m.headDim();
        return m.layers() * width * precision.bytes();
    }

    /**
     * Memory of one accelerator of an inference replica holding the KV cache of
     * {@code tokensPerReplica} tokens. Weights are split by TP × PP and replicated over DP (data-parallel
     * attention); routed experts are split over the replica's expert ranks, max(EP, TP), and PP. The
     * KV cache is split by PP (layers), by TP up to the KV heads (MLA's latent cache is replicated
     * across TP), and by DP × CP (sequences).
     */
    public static Breakdown inference(TransformerSpec m, ParallelismSpec par, Precision precision,
            long tokensPerReplica) {
        int t = par.tensor();
        int p = par.pipeline();
        double nonExpert = nonExpertParameters(m, 0, m.layers(), true, true) / ((double) t * p);
        double experts = expertParameters(m, 0, m.layers()) / ((double) Math.max(par.expert(), t) * p);
        double weights = (nonExpert + experts) * precision.bytes();
        double kvSplit = m.kvLoraRank() > 0 ? 1 : Math.min(t, m.kvHeads());
        double kv = kvCacheBytesPerToken(m, precision) / (kvSplit * p)
                * tokensPerReplica / ((double) par.data() * par.context());
        return new Breakdown(Math.round(weights), 0, 0, 0, Math.round(kv));
    }
}
