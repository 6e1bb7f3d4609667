package org.fabricsim.runtime.analysis;

import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.fabricsim.runtime.training.StepPlan;

/**
 * The rules a training job's plan must pass to run as written: the one place for divisibility and
 * memory fit, shared by the editor (each rule is a diagnostic there, with its fix) and by a search
 * (each rule counts the configurations it rejects). {@link #firstViolation} applies them in this
 * order, cheapest first; each rule is O(1) except {@link Rule#MEMORY} (O(layers)) and {@link
 * Rule#SCHEDULE} (O(PP)).
 */
public final class TrainingRules {
    private TrainingRules() {
    }

    /** A rule, named as results and reports name it. */
    public enum Rule {
        /** The job uses more accelerators than the cluster has. */
        CLUSTER_SIZE("cluster-size"),
        /** TP splits the attention heads and the KV heads evenly. */
        HEADS("heads"),
        /** PP × virtual stages ≤ layers. */
        LAYERS("layers"),
        /** EP divides the experts and a stage's TP × CP × DP ranks. */
        EXPERTS("experts"),
        /** DP × micro-batch divides the global batch. */
        BATCH("batch"),
        /** Ring context parallelism cuts each sequence into 2 × CP equal chunks. */
        CONTEXT("context"),
        /** A DualPipe schedule has the shape it needs; an interleaved one interleaves as it asks. */
        SCHEDULE("schedule"),
        /** The busiest stage fits in HBM. */
        MEMORY("memory");

        private final String label;

        Rule(String label) {
            this.label = label;
        }

        /** The rule's name in results. */
        public String label() {
            return label;
        }
    }

    /** The first rule {@code spec} breaks, or null when it runs as written. */
    public static Rule firstViolation(TrainingSpec spec) {
        ParallelismSpec p = spec.parallel();
        TransformerSpec model = spec.model();
        if (spec.accelerators() > spec.cluster().accelerators()) {
            return Rule.CLUSTER_SIZE;
        }
        if (!headsSplit(model, p.tensor()) || !kvHeadsSplit(model, p.tensor())) {
            return Rule.HEADS;
        }
        if (!stagesFit(model, p.pipeline(), spec.virtualStages())) {
            return Rule.LAYERS;
        }
        if (!expertsSplit(model, p) || !expertsFold(p)) {
            return Rule.EXPERTS;
        }
        if (!batchSplits(spec)) {
            return Rule.BATCH;
        }
        if (!contextSplits(spec)) {
            return Rule.CONTEXT;
        }
        if (StepPlan.dualPipeProblem(spec) != null || !interleavesAsAsked(spec)) {
            return Rule.SCHEDULE;
        }
        return fitsMemory(spec) ? null : Rule.MEMORY;
    }

    /** Whether TP {@code tensor} splits the attention heads. */
    public static boolean headsSplit(TransformerSpec model, int tensor) {
        return model.heads() % tensor == 0;
    }

    /** Whether the KV heads split over TP or replicate evenly across it (MLA has no KV heads to split). */
    public static boolean kvHeadsSplit(TransformerSpec model, int tensor) {
        return model.kvLoraRank() > 0 || model.kvHeads() % tensor == 0 || tensor % model.kvHeads() == 0;
    }

    /** Whether PP × v model chunks each get a layer. */
    public static boolean stagesFit(TransformerSpec model, int pipeline, int virtualStages) {
        return (long) pipeline * virtualStages <= model.layers();
    }

    /** Whether EP divides the experts of an MoE model (a dense model has none to split). */
    public static boolean expertsSplit(TransformerSpec model, ParallelismSpec p) {
        return !model.moe() || model.experts() % p.expert() == 0;
    }

    /**
     * Whether EP divides a pipeline stage's TP × CP × DP ranks, over which training folds its EP groups
     * (Megatron-Core's MoE parallel folding with expert-tensor-parallel size 1, arXiv 2504.14960;
     * {@code training.Placement}): megatron/core/parallel_state.py's {@code initialize_model_parallel}
     * requires ETP × EP × PP to divide the world TP × CP × DP × PP, so with ETP = 1 EP may exceed DP.
     */
    public static boolean expertsFold(ParallelismSpec p) {
        return (long) p.tensor() * p.context() * p.data() % p.expert() == 0;
    }

    /** Whether DP × micro-batch divides the global batch. */
    public static boolean batchSplits(TrainingSpec spec) {
        return spec.globalBatchSequences() % ((long) spec.parallel().data() * spec.microBatch()) == 0;
    }

    /** Whether ring attention can cut each sequence into 2 × CP equal chunks (all-gather CP has no such need). */
    public static boolean contextSplits(TrainingSpec spec) {
        ParallelismSpec p = spec.parallel();
        return p.context() < 2 || p.contextMode() != ParallelismSpec.ContextMode.RING
                || spec.sequence() % (2 * p.context()) == 0;
    }

    /**
     * Whether an interleaved schedule interleaves: the virtual stages it wants are more than 1 and the
     * micro-batches per replica a multiple of PP (the editor warns otherwise; the job then runs as 1F1B).
     */
    public static boolean interleavesAsAsked(TrainingSpec spec) {
        if (spec.schedule() != TrainingSpec.PipelineSchedule.INTERLEAVED || spec.parallel().pipeline() == 1) {
            return true;
        }
        return StepPlan.wantedVirtualStages(spec) > 1 && StepPlan.microBatches(spec) % spec.parallel().pipeline() == 0;
    }

    /**
     * Whether the busiest pipeline stage fits in an accelerator's HBM ({@link Memory#training}), the
     * smallest of a mixed cluster's.
     */
    public static boolean fitsMemory(TrainingSpec spec) {
        long hbm = spec.cluster().smallestMemoryBytes(spec.accelerators());
        return hbm <= 0 || Memory.training(spec).totalBytes() <= hbm;
    }
}
