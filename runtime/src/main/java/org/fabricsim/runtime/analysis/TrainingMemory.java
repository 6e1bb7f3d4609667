package org.fabricsim.runtime.analysis;

import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TrainingSpec.PipelineSchedule;
import org.fabricsim.runtime.spec.TrainingSpec.Recompute;
import org.fabricsim.runtime.spec.TrainingSpec.Sharding;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.fabricsim.runtime.training.StepPlan;

/**
 * Training memory of one accelerator on each pipeline stage; {@link Memory#training} reports the
 * busiest stage, the one that must fit.
 *
 * <p><b>Layout.</b> The layers, virtual stages and micro-batches are the simulator's own
 * ({@link StepPlan#of}): chunk g lives on stage {@link StepPlan#stageOf}(g), so stage s holds the
 * dense and MoE layers of its chunks, stage 0 the embedding and stage P − 1 the output layer.
 *
 * <p><b>Model state</b> (Rajbhandari et al., "ZeRO", SC 2020, §3.1, with Megatron-LM's gradient
 * type): mixed-precision Adam keeps 2 bytes of 16-bit weights, 4 of fp32 gradients (Megatron-LM
 * accumulates and reduces bf16 models' gradients in fp32, as {@code
 * ComputeCalibration.GRADIENT_REDUCE_BYTES} times it) and K = 12 of optimizer state (fp32 master
 * weights, momentum, variance) per parameter: 18 bytes, Megatron-LM's docs/source/api-guide/
 * dist_optimizer.md table ("bf16 param, fp32 grads": 18, distributed 6 + 12/d); fp32/tf32
 * training keeps 4 + 4 + 8. ZeRO-1 divides
 * the optimizer state by the data-parallel group D = DP × CP, ZeRO-2 also the gradients,
 * ZeRO-3/FSDP also the weights. Routed-expert parameters follow Megatron-Core's MoE parallel folding with
 * expert-tensor-parallel size 1 ({@code training.Placement}): a rank holds E/EP whole experts of each MoE layer
 * (their weights not split by TP), so 1/EP of the stage's routed-expert parameters, and ZeRO shards those over the
 * expert data-parallel group TP·CP·DP/EP, the stage's ranks holding the same experts (Megatron-LM's
 * theoretical_memory_usage.py: expert_data_parallel_size = world ÷ (ETP·EP·PP)). The rest is split by TP but the
 * norms and MoE routers, which Megatron-Core holds whole on every TP rank ({@link Memory#nonExpertPerRank}). DualPipe
 * keeps two copies of the weights (DeepSeek-V3 report, Table 2).
 *
 * <p><b>Activations</b> per layer and token are {@link Memory#activationBytesPerToken} (fused
 * attention), over the micro-batch's T = sequence × micro-batch ÷ CP tokens, scaled to the stored
 * element size ({@link #activationScale}). Micro-batches in flight on stage s ({@link #inFlight}):
 * all M for GPipe, min(P + 1, M) for DualPipe (DeepSeek-V3 report, Table 2), otherwise the
 * forwards a stage has run before its first backward, min(w + 1, M·v) ÷ v chunk-passes with
 * warm-up w = P − s − 1 (1F1B, zero-bubble) or 2(P − s − 1) + (v − 1)·P (interleaved, Megatron-LM's
 * schedule as {@code training.PipelineExecutor} runs it); on stage 0 that is Korthikanti et al.'s
 * P·(1 + (P − 1)/(P·v)) (MLSys 2023, §4.2.3). Full recomputation keeps each layer's input
 * (2h bytes per token, ÷ TP with SP) plus one layer's activations being recomputed.
 *
 * <p><b>Temporary buffers</b>, each a separate component of the breakdown:
 * <ul>
 * <li>gathered weights (ZeRO-3/FSDP): the unsharded 16-bit parameters of the unit being computed
 * and of the next one being prefetched, 2 × the stage's largest unit (a layer, or the embedding or
 * output layer) ÷ TP;</li>
 * <li>gradient buckets (ZeRO-2/3/FSDP with D &gt; 1): gradients that are not kept whole wait for
 * their reduce-scatter in buckets of Megatron-LM's default size max(4·10⁷, 10⁶·D) parameters (at
 * most the stage's parameters), one filling and one being reduced; unsharded gradients are reduced
 * in place in the gradient buffer, which costs nothing extra;</li>
 * <li>logits (last stage): one micro-batch's T·V/TP logits at 6 bytes each;</li>
 * <li>NCCL buffers: per communicator of more than one rank (TP, PP, DP, CP, EP) 32 channels × 2
 * connections × 4 MiB;</li>
 * <li>runtime: the CUDA context with PyTorch's kernels loaded, and the cuBLAS workspace.</li>
 * </ul>
 *
 * <p>Cost: O(P·v) per job.
 */
final class TrainingMemory {
    /**
     * Units whose unsharded parameters ZeRO-3/FSDP holds at once: the one computing and the next,
     * whose all-gather overlaps it (PyTorch docs, notes/fsdp.html, "FSDP Prefetch Nuances": layer
     * 1's all-gather overlaps layer 0's compute); {@code limit_all_gathers}, on by default
     * (pytorch/pytorch#104900), keeps further all-gathers from running ahead.
     */
    static final int GATHERED_UNITS = 2;
    /**
     * Megatron-LM's default gradient bucket, max(40,000,000, 1,000,000 × D) parameters
     * ({@code megatron/core/distributed/distributed_data_parallel_config.py}, {@code bucket_size}).
     */
    static final double BUCKET_MIN_PARAMETERS = 40_000_000;
    /** Per data-parallel rank, the same file. */
    static final double BUCKET_PARAMETERS_PER_RANK = 1_000_000;
    /**
     * Gradient buckets held at once: the one the backward pass is filling and the one whose
     * reduce-scatter is in flight (overlap_grad_reduce, same package's param_and_grad_buffer.py).
     */
    static final int BUCKETS_IN_FLIGHT = 2;
    /**
     * Bytes per local logit at the peak of the last stage's loss: Megatron-Core's vocab-parallel cross
     * entropy keeps an FP32 copy (4) beside the BF16 logits in the forward, and beside the BF16
     * logit gradient in the backward (2); the kernel sequence is
     * {@code compute.ComputeCalibration.CROSS_ENTROPY_FORWARD_BYTES_PER_LOGIT} and
     * {@code CROSS_ENTROPY_BACKWARD_BYTES_PER_LOGIT}.
     */
    static final double LOGIT_BYTES = 4 + 2;
    /** NCCL_BUFFSIZE's default, 4 MiB per channel and connection (NCCL src/init.cc DEFAULT_BUFFSIZE; NCCL docs, Environment Variables). */
    static final long NCCL_BUFFER_BYTES = 1L << 22;
    /**
     * Channels per communicator: MAXCHANNELS, 32 (NCCL src/include/device.h), the count NCCL reports
     * on NVLink systems ("32 coll channels" in NCCL_DEBUG=INFO logs of H100 and B200 nodes).
     */
    static final int NCCL_CHANNELS = 32;
    /**
     * Connections per channel: a ring's (or a pipeline stage's) previous and next rank. Only the
     * Simple protocol's buffer is counted, not LL/LL128 nor all-to-all's further peers: a lower bound.
     */
    static final int NCCL_CONNECTIONS = 2;
    /**
     * CUDA context with PyTorch's kernels lazily loaded: 0.47 GiB measured on an 80 GB A100 with
     * PyTorch 2.1.1 and CUDA 12.1 (stas00/ml-engineering, training/performance, "Preloaded CUDA
     * kernels memory usage"); kernels loaded later by real training add more, up to 0.92 GiB eagerly.
     */
    static final long CUDA_CONTEXT_BYTES = Math.round(0.47 * (1L << 30));
    /**
     * cuBLAS workspace: 32 MiB, the size the cuBLAS documentation recommends on Hopper and PyTorch
     * allocates from sm90 on (cublasSetWorkspace; pytorch/pytorch#120925).
     */
    static final long CUBLAS_WORKSPACE_BYTES = 32L << 20;

    private TrainingMemory() {
    }

    /** The stage needing the most memory. */
    static Memory.Breakdown busiestStage(TrainingSpec job) {
        StepPlan plan = StepPlan.of(job);
        int p = plan.stages();
        long[] dense = new long[p];
        long[] moe = new long[p];
        for (int g = 0; g < plan.modelChunks(); g++) {
            dense[plan.stageOf(g)] += plan.denseLayers()[g];
            moe[plan.stageOf(g)] += plan.moeLayers()[g];
        }
        int embeddingStage = plan.stageOf(0);
        int headStage = plan.stageOf(plan.modelChunks() - 1);
        Memory.Breakdown busiest = null;
        for (int s = 0; s < p; s++) {
            Memory.Breakdown stage = stage(job, plan, s, dense[s], moe[s], s == embeddingStage, s == headStage);
            if (busiest == null || stage.totalBytes() > busiest.totalBytes()) {
                busiest = stage;
            }
        }
        return busiest;
    }

    private static Memory.Breakdown stage(TrainingSpec job, StepPlan plan, int s, long dense, long moe,
            boolean embedding, boolean head) {
        TransformerSpec m = job.model();
        ParallelismSpec par = job.parallel();
        int t = par.tensor();
        double nonExpert = Memory.nonExpertPerRank(m, t, dense, moe, embedding, head);
        double experts = Memory.expertParameters(m, moe) / (double) par.expert();
        double dataGroup = (double) par.data() * par.context();
        double expertGroup = Math.max(1, dataGroup * t / par.expert());
        Sharding sharding = job.sharding();
        boolean shardWeights = sharding.shardsWeights();
        boolean shardGradients = sharding == Sharding.ZERO_2 || shardWeights;
        int[] bytes = stateBytes(job.precision());
        double weightCopies = job.schedule() == PipelineSchedule.DUALPIPE ? 2 : 1;
        double weights = weightCopies * bytes[0] * sharded(nonExpert, experts, dataGroup, expertGroup, shardWeights);
        double gradients = bytes[1] * sharded(nonExpert, experts, dataGroup, expertGroup, shardGradients);
        double optimizer = bytes[2] * sharded(nonExpert, experts, dataGroup, expertGroup,
                sharding != Sharding.NONE);
        double gathered = shardWeights ? GATHERED_UNITS * bytes[0] * largestUnit(m, par, dense, moe, embedding, head)
                : 0;
        double bucket = Math.max(BUCKET_MIN_PARAMETERS, BUCKET_PARAMETERS_PER_RANK * dataGroup);
        double buckets = shardGradients && dataGroup > 1
                ? BUCKETS_IN_FLIGHT * bytes[1] * Math.min(bucket, nonExpert + experts) : 0;
        double logits = head ? LOGIT_BYTES * tokens(job) * m.vocab() / t : 0;
        return new Memory.Breakdown(Math.round(weights), Math.round(gradients), Math.round(optimizer),
                Math.round(activations(job, plan, s, dense, moe)), 0, Math.round(gathered), Math.round(buckets),
                Math.round(logits), communicationBufferBytes(par), CUDA_CONTEXT_BYTES + CUBLAS_WORKSPACE_BYTES);
    }

    /** Bytes per parameter of weights, gradients and optimizer state for training at {@code precision}. */
    static int[] stateBytes(Precision precision) {
        return precision == Precision.FP32 || precision == Precision.TF32 ? new int[] { 4, 4, 8 }
                : new int[] { 2, 4, 12 };
    }

    private static double sharded(double nonExpert, double experts, double group, double expertGroup, boolean shard) {
        return shard ? nonExpert / group + experts / expertGroup : nonExpert + experts;
    }

    /** Parameters one rank holds of the stage's largest unit: a dense or MoE layer, the embedding or the output layer. */
    private static double largestUnit(TransformerSpec m, ParallelismSpec par, long dense, long moe, boolean embedding,
            boolean head) {
        int t = par.tensor();
        double largest = dense > 0 ? Memory.nonExpertPerRank(m, t, 1, 0, false, false) : 0;
        if (moe > 0) {
            largest = Math.max(largest, Memory.nonExpertPerRank(m, t, 0, 1, false, false)
                    + Memory.expertParameters(m, 1) / (double) par.expert());
        }
        if (embedding) {
            largest = Math.max(largest, Memory.nonExpertPerRank(m, t, 0, 0, true, false));
        }
        return head ? Math.max(largest, Memory.nonExpertPerRank(m, t, 0, 0, false, true)) : largest;
    }

    /** NCCL buffers: {@link #NCCL_CHANNELS} × {@link #NCCL_CONNECTIONS} × 4 MiB per communicator of more than one rank. */
    static long communicationBufferBytes(ParallelismSpec par) {
        int communicators = 0;
        for (int degree : new int[] { par.tensor(), par.pipeline(), par.data(), par.context(), par.expert() }) {
            communicators += degree > 1 ? 1 : 0;
        }
        return communicators * NCCL_CHANNELS * NCCL_CONNECTIONS * NCCL_BUFFER_BYTES;
    }

    /** Tokens of one micro-batch on one accelerator: sequence × micro-batch ÷ CP. */
    private static double tokens(TrainingSpec job) {
        return (double) job.sequence() * job.microBatch() / job.parallel().context();
    }

    /** Micro-batches whose activations stage {@code s} holds at its peak (class comment). */
    static double inFlight(TrainingSpec job, StepPlan plan, int s) {
        int p = plan.stages();
        int v = plan.chunks();
        double m = plan.microBatches();
        return switch (job.schedule()) {
            case GPIPE -> m;
            case DUALPIPE -> Math.min(p + 1, m);
            default -> Math.min((v == 1 ? p - s - 1 : 2 * (p - s - 1) + (v - 1) * p) + 1, m * v) / v;
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

    private static double activations(TrainingSpec job, StepPlan plan, int s, long dense, long moe) {
        TransformerSpec m = job.model();
        ParallelismSpec par = job.parallel();
        int t = par.tensor();
        boolean sp = par.sequenceParallel();
        double tokens = tokens(job);
        double denseToken = dense > 0 ? Memory.activationBytesPerToken(m, job.sequence(), t, sp, false,
                Memory.AttentionKernel.FUSED, job.recomputeModules()) : 0;
        double moeToken = moe > 0 ? Memory.activationBytesPerToken(m, job.sequence(), t, sp, true,
                Memory.AttentionKernel.FUSED, job.recomputeModules()) : 0;
        boolean full = job.recompute() == Recompute.FULL;
        double perMicroBatch = full ? (dense + moe) * (sp ? 2.0 * m.hidden() / t : 2.0 * m.hidden()) * tokens
                : (dense * denseToken + moe * moeToken) * tokens;
        double total = perMicroBatch * inFlight(job, plan, s) * activationScale(job.precision());
        return full ? total + Math.max(denseToken, moeToken) * tokens : total;
    }
}
