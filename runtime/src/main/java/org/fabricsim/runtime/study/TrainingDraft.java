package org.fabricsim.runtime.study;

import java.util.Locale;

import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Fp8Scaling;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.RecomputeModule;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * A training job being changed one setting at a time, as a sweep or a search does: starts from a
 * spec, takes new values, and {@link #build}s the changed spec (validated by its constructor). The
 * accelerators follow the parallel plan (TP × PP × DP × CP) whenever the plan changes.
 */
public final class TrainingDraft {
    private final TrainingSpec base;
    TransformerSpec model;
    ClusterSpec cluster;
    int accelerators;
    int sequence;
    long batch;
    int microBatch;
    Precision precision;
    ParallelismSpec parallel;
    TrainingSpec.PipelineSchedule schedule;
    int virtualStages;
    TrainingSpec.Sharding sharding;
    TrainingSpec.Recompute recompute;

    /** A draft holding every setting of {@code spec}. */
    public TrainingDraft(TrainingSpec spec) {
        base = spec;
        model = spec.model();
        cluster = spec.cluster();
        accelerators = spec.accelerators();
        sequence = spec.sequence();
        batch = spec.globalBatchSequences();
        microBatch = spec.microBatch();
        precision = spec.precision();
        parallel = spec.parallel();
        schedule = spec.schedule();
        virtualStages = spec.virtualStages();
        sharding = spec.sharding();
        recompute = spec.recompute();
    }

    /**
     * Sets the degrees; the job then uses TP × PP × DP × CP accelerators, refused as infeasible when they are more than
     * the cluster has, before their product can leave an int ({@code vary tensor in [4, 2147483647]} failed with
     * "integer overflow").
     */
    public TrainingDraft degrees(int tensor, int pipeline, int data, int context) {
        double needed = (double) tensor * pipeline * data * context;
        if (needed > cluster.accelerators()) {
            throw new InfeasibleRunException(String.format(Locale.ROOT, "needs %.0f accelerators but %s has %d",
                    needed, cluster.name(), cluster.accelerators()));
        }
        parallel = parallel.withDegrees(tensor, pipeline, data, context, parallel.expert());
        accelerators = parallel.accelerators();
        return this;
    }

    /** Sets the pipeline schedule and its virtual stages. */
    public TrainingDraft schedule(TrainingSpec.PipelineSchedule value, int stages) {
        schedule = value;
        virtualStages = stages;
        return this;
    }

    /** Sets the micro-batch, the sharding and the recomputation. */
    public TrainingDraft memory(int micro, TrainingSpec.Sharding shard, TrainingSpec.Recompute re) {
        microBatch = micro;
        sharding = shard;
        recompute = re;
        return this;
    }

    /**
     * The changed job; its FP8 scaling kept while it trains at FP8, per tensor (no recipe) otherwise; its recomputed
     * modules kept while its recomputation is the base's, the policy's defaults otherwise.
     */
    public TrainingSpec build() {
        return new TrainingSpec(base.name(), model, cluster, accelerators, sequence, batch, microBatch, precision,
                parallel, schedule, virtualStages, sharding, recompute, base.overlap(), base.software(),
                base.tensorOverlap(), base.trainTokens(),
                precision == Precision.FP8 ? base.fp8Scaling() : Fp8Scaling.TENSOR,
                recompute == base.recompute() ? base.recomputeModules() : RecomputeModule.defaults(recompute),
                base.collNet(), base.dataParallelAlgorithm());
    }
}
