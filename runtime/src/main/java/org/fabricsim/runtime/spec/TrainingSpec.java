package org.fabricsim.runtime.spec;

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
 */
public record TrainingSpec(String name, TransformerSpec model, ClusterSpec cluster, int accelerators, int sequence,
        long globalBatchSequences, int microBatch, Precision precision, ParallelismSpec parallel,
        PipelineSchedule schedule, int virtualStages, Sharding sharding, Recompute recompute, double overlap)
        implements WorkloadSpec {

    public TrainingSpec {
        Specs.requireName(name);
        Specs.requirePositive("accelerators", accelerators);
        Specs.requirePositive("sequence", sequence);
        Specs.requirePositive("globalBatchSequences", globalBatchSequences);
        Specs.requirePositive("microBatch", microBatch);
        Specs.requirePositive("virtualStages", virtualStages);
        Specs.requireNonNegative("overlap", overlap);
    }

    /** Pipeline schedules. */
    public enum PipelineSchedule {
        GPIPE, ONE_F_ONE_B, INTERLEAVED, ZERO_BUBBLE, DUALPIPE
    }

    /** What data parallelism shards: ZeRO-1 optimizer state, ZeRO-2 also gradients, ZeRO-3/FSDP also weights. */
    public enum Sharding {
        NONE, ZERO_1, ZERO_2, ZERO_3, FSDP
    }

    /** Activation recomputation. */
    public enum Recompute {
        NONE, SELECTIVE, FULL
    }
}
