package org.fabricsim.runtime.spec;

import java.util.List;

import org.fabricsim.runtime.collective.Algorithm;

/**
 * An LLM training job.
 *
 * @param name                  qualified name
 * @param model                 the model
 * @param cluster               the cluster
 * @param accelerators          accelerators used (the whole cluster unless the model says `using`)
 * @param sequence              tokens per sequence
 * @param globalBatchSequences  sequences per optimizer step
 * @param microBatch            sequences per micro-batch
 * @param precision             training precision
 * @param parallel              the parallel plan
 * @param schedule              the pipeline schedule
 * @param virtualStages         model chunks per pipeline rank (interleaved schedules); 1 otherwise
 * @param sharding              optimizer/gradient/weight sharding across DP
 * @param recompute             activation recomputation
 * @param overlap               fraction of DP communication that may hide behind backward compute, 0..1
 * @param software              the software stack the run used
 * @param tensorOverlap         whether TP collectives overlap the GEMMs they feed (Megatron-Core {@code
 *                              --tp-comm-overlap}, Transformer Engine userbuffers)
 * @param trainTokens           the tokens the whole run trains on; 0 when the model does not say
 * @param fp8Scaling            how the FP8 recipe scales its GEMM operands ({@link Fp8Scaling}); {@code BLOCKWISE}
 *                              only with {@code precision} FP8
 * @param recomputeModules      what selective recomputation runs again ({@link RecomputeModule}); empty unless
 *                              {@code recompute} is selective
 * @param collNet               whether NCCL may run the data-parallel reduce-scatters, all-gathers and all-reduces on
 *                              CollNet, reduced in the scale-out switches (NCCL_COLLNET_ENABLE=1 with the SHARP
 *                              plugin), where the switches reduce and grant every data-parallel group its trees
 * @param dataParallelAlgorithm the algorithm NCCL_ALGO forces on the data-parallel reduce-scatters, all-gathers and
 *                              all-reduces: {@code AUTO} (NCCL's tuner), {@code RING} or {@code COLLNET_DIRECT}
 *                              (CollNet whether or not {@code collNet} says so: forcing it enables it)
 */
public record TrainingSpec(String name, TransformerSpec model, ClusterSpec cluster, int accelerators, int sequence,
        long globalBatchSequences, int microBatch, Precision precision, ParallelismSpec parallel,
        PipelineSchedule schedule, int virtualStages, Sharding sharding, Recompute recompute, double overlap,
        SoftwareSpec software, boolean tensorOverlap, double trainTokens, Fp8Scaling fp8Scaling,
        List<RecomputeModule> recomputeModules, boolean collNet, Algorithm dataParallelAlgorithm)
        implements WorkloadSpec {

    /** A job whose data-parallel algorithm is NCCL's tuner's ({@link #dataParallelAlgorithm} {@code AUTO}). */
    public TrainingSpec(String name, TransformerSpec model, ClusterSpec cluster, int accelerators, int sequence,
            long globalBatchSequences, int microBatch, Precision precision, ParallelismSpec parallel,
            PipelineSchedule schedule, int virtualStages, Sharding sharding, Recompute recompute, double overlap,
            SoftwareSpec software, boolean tensorOverlap, double trainTokens, Fp8Scaling fp8Scaling,
            List<RecomputeModule> recomputeModules, boolean collNet) {
        this(name, model, cluster, accelerators, sequence, globalBatchSequences, microBatch, precision, parallel,
                schedule, virtualStages, sharding, recompute, overlap, software, tensorOverlap, trainTokens,
                fp8Scaling, recomputeModules, collNet, Algorithm.AUTO);
    }

    /** A job whose collectives never reduce in the scale-out switches (NCCL_COLLNET_ENABLE's default, 0). */
    public TrainingSpec(String name, TransformerSpec model, ClusterSpec cluster, int accelerators, int sequence,
            long globalBatchSequences, int microBatch, Precision precision, ParallelismSpec parallel,
            PipelineSchedule schedule, int virtualStages, Sharding sharding, Recompute recompute, double overlap,
            SoftwareSpec software, boolean tensorOverlap, double trainTokens, Fp8Scaling fp8Scaling,
            List<RecomputeModule> recomputeModules) {
        this(name, model, cluster, accelerators, sequence, globalBatchSequences, microBatch, precision, parallel,
                schedule, virtualStages, sharding, recompute, overlap, software, tensorOverlap, trainTokens,
                fp8Scaling, recomputeModules, false);
    }

    /** A job that recomputes what {@code recompute} does by default ({@link RecomputeModule#defaults}). */
    public TrainingSpec(String name, TransformerSpec model, ClusterSpec cluster, int accelerators, int sequence,
            long globalBatchSequences, int microBatch, Precision precision, ParallelismSpec parallel,
            PipelineSchedule schedule, int virtualStages, Sharding sharding, Recompute recompute, double overlap,
            SoftwareSpec software, boolean tensorOverlap, double trainTokens, Fp8Scaling fp8Scaling) {
        this(name, model, cluster, accelerators, sequence, globalBatchSequences, microBatch, precision, parallel,
                schedule, virtualStages, sharding, recompute, overlap, software, tensorOverlap, trainTokens,
                fp8Scaling, RecomputeModule.defaults(recompute));
    }

    /** A job whose FP8 recipe, if it trains at FP8, scales per tensor. */
    public TrainingSpec(String name, TransformerSpec model, ClusterSpec cluster, int accelerators, int sequence,
            long globalBatchSequences, int microBatch, Precision precision, ParallelismSpec parallel,
            PipelineSchedule schedule, int virtualStages, Sharding sharding, Recompute recompute, double overlap,
            SoftwareSpec software, boolean tensorOverlap, double trainTokens) {
        this(name, model, cluster, accelerators, sequence, globalBatchSequences, microBatch, precision, parallel,
                schedule, virtualStages, sharding, recompute, overlap, software, tensorOverlap, trainTokens,
                Fp8Scaling.TENSOR);
    }

    /** A job that states no token budget. */
    public TrainingSpec(String name, TransformerSpec model, ClusterSpec cluster, int accelerators, int sequence,
            long globalBatchSequences, int microBatch, Precision precision, ParallelismSpec parallel,
            PipelineSchedule schedule, int virtualStages, Sharding sharding, Recompute recompute, double overlap,
            SoftwareSpec software, boolean tensorOverlap) {
        this(name, model, cluster, accelerators, sequence, globalBatchSequences, microBatch, precision, parallel,
                schedule, virtualStages, sharding, recompute, overlap, software, tensorOverlap, 0);
    }

    /** A job on Megatron-Core's stack ({@link SoftwareSpec#MEGATRON_CORE}) without TP overlap. */
    public TrainingSpec(String name, TransformerSpec model, ClusterSpec cluster, int accelerators, int sequence,
            long globalBatchSequences, int microBatch, Precision precision, ParallelismSpec parallel,
            PipelineSchedule schedule, int virtualStages, Sharding sharding, Recompute recompute, double overlap) {
        this(name, model, cluster, accelerators, sequence, globalBatchSequences, microBatch, precision, parallel,
                schedule, virtualStages, sharding, recompute, overlap, SoftwareSpec.MEGATRON_CORE, false);
    }

    public TrainingSpec {
        Specs.requireName(name);
        Specs.requirePositive("accelerators", accelerators);
        Specs.requirePositive("sequence", sequence);
        Specs.requirePositive("globalBatchSequences", globalBatchSequences);
        Specs.requirePositive("microBatch", microBatch);
        Specs.requirePositive("virtualStages", virtualStages);
        Specs.requireNonNegative("overlap", overlap);
        Specs.requireNonNegative("trainTokens", trainTokens);
        if (software == null) {
            throw new IllegalArgumentException("a training job needs a software stack");
        }
        if (fp8Scaling == null || fp8Scaling == Fp8Scaling.BLOCKWISE && precision != Precision.FP8) {
            throw new IllegalArgumentException("blockwise scaling is an FP8 recipe: train at fp8 or leave it out");
        }
        if (recomputeModules == null || recomputeModules.isEmpty() == (recompute == Recompute.SELECTIVE)) {
            throw new IllegalArgumentException("selective recomputation names the modules it recomputes; "
                    + "no other policy does");
        }
        recomputeModules = RecomputeModule.copyOf(recomputeModules);
        if (dataParallelAlgorithm != Algorithm.AUTO && dataParallelAlgorithm != Algorithm.RING
                && dataParallelAlgorithm != Algorithm.COLLNET_DIRECT) {
            throw new IllegalArgumentException("a training step runs its data-parallel collectives on 'ring' or"
                    + " 'collnet-direct' (or NCCL's choice of the two, 'auto'), not "
                    + (dataParallelAlgorithm == null ? "none" : "'" + dataParallelAlgorithm.label() + "'"));
        }
    }

    /** This job with its FP8 recipe scaling by {@code scaling}. */
    public TrainingSpec withFp8Scaling(Fp8Scaling scaling) {
        return new TrainingSpec(name, model, cluster, accelerators, sequence, globalBatchSequences, microBatch,
                precision, parallel, schedule, virtualStages, sharding, recompute, overlap, software, tensorOverlap,
                trainTokens, scaling, recomputeModules, collNet, dataParallelAlgorithm);
    }

    /** This job with NCCL's CollNet enabled or not ({@link #collNet}). */
    public TrainingSpec withCollNet(boolean enabled) {
        return new TrainingSpec(name, model, cluster, accelerators, sequence, globalBatchSequences, microBatch,
                precision, parallel, schedule, virtualStages, sharding, recompute, overlap, software, tensorOverlap,
                trainTokens, fp8Scaling, recomputeModules, enabled, dataParallelAlgorithm);
    }

    /** This job with NCCL_ALGO forcing {@code algorithm} on its data-parallel collectives. */
    public TrainingSpec withDataParallelAlgorithm(Algorithm algorithm) {
        return new TrainingSpec(name, model, cluster, accelerators, sequence, globalBatchSequences, microBatch,
                precision, parallel, schedule, virtualStages, sharding, recompute, overlap, software, tensorOverlap,
                trainTokens, fp8Scaling, recomputeModules, collNet, algorithm);
    }

    /** Whether the data-parallel collectives may run on CollNet: {@link #collNet}, or NCCL_ALGO forces it. */
    public boolean collNetEnabled() {
        return collNet || dataParallelAlgorithm == Algorithm.COLLNET_DIRECT;
    }

    /**
     * Whether data parallelism all-reduces the gradients: without sharding, or where the stack all-reduces sharded
     * ones too ({@link SoftwareSpec#allReducesShardedGradients}); otherwise it reduce-scatters them.
     */
    public boolean allReducesGradients() {
        return sharding == Sharding.NONE || software.allReducesShardedGradients();
    }

    /** Pipeline schedules. */
    public enum PipelineSchedule {
        GPIPE, ONE_F_ONE_B, INTERLEAVED, ZERO_BUBBLE, DUALPIPE
    }

    /** What data parallelism shards: ZeRO-1 optimizer state, ZeRO-2 also gradients, ZeRO-3/FSDP also weights. */
    public enum Sharding {
        NONE, ZERO_1, ZERO_2, ZERO_3, FSDP;

        /** Whether the weights are sharded too (ZeRO-3, FSDP), gathered before every forward and backward. */
        public boolean shardsWeights() {
            return this == ZERO_3 || this == FSDP;
        }
    }

    /** Activation recomputation. */
    public enum Recompute {
        NONE, SELECTIVE, FULL
    }
}
