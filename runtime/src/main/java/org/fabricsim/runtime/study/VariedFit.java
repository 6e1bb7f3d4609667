package org.fabricsim.runtime.study;

import java.util.Locale;

import org.fabricsim.runtime.analysis.Memory;
import org.fabricsim.runtime.analysis.ServingRules;
import org.fabricsim.runtime.analysis.TrainingRules;
import org.fabricsim.runtime.result.Metrics;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.fabricsim.runtime.spec.WorkloadSpec;
import org.fabricsim.runtime.training.StepPlan;

/**
 * A study's varied run passes the rules the editor requires of the same job written out, by the rules' one
 * implementation ({@link TrainingRules#firstViolation}, {@link ServingRules#firstViolation}, which a search applies to
 * each configuration too): a training run's TP splits the heads, PP × virtual stages ≤ layers, EP divides the experts
 * and TP × CP × DP, DP × micro-batch divides the batch, ring CP cuts the sequence into 2 × CP chunks, a DualPipe
 * schedule can run, and the busiest stage fits in HBM ({@link Memory#training}); a serving pool's TP splits the heads
 * and a replica holds one typical request. A run that breaks one is infeasible, naming the rule, its values and the
 * fix. Session 65's fuzzing ran {@code vary tensor in [3]} on 16 heads, {@code vary micro-batch in [3]} on a batch of
 * 64 over DP 2 and a pool at TP 3 on 32 heads, and reported them as successes, and {@code vary sequence in
 * [2147483647]} at 193,516 GB of 128 GB per accelerator (151,184 %). An interleaved schedule that cannot interleave
 * is only a warning in the editor (the job runs as 1F1B), so it runs here too. The cluster size is checked as each
 * axis is applied ({@link Variations#apply}). O(layers) for training, O(pools) for serving.
 */
public final class VariedFit {
    private VariedFit() {
    }

    /** {@code varied}, or an {@link InfeasibleRunException} naming the rule it breaks, its values and the fix. */
    public static WorkloadSpec checked(WorkloadSpec varied) {
        String breach = breach(varied);
        if (breach != null) {
            throw new InfeasibleRunException(breach);
        }
        return varied;
    }

    /**
     * The rule {@code workload} breaks, its values and the fix, or null when it runs as written (or is not a training
     * job or an inference deployment); the editor warns in these words at a {@code vary} value.
     */
    public static String breach(WorkloadSpec workload) {
        return workload instanceof TrainingSpec training ? trainingBreach(training)
                : workload instanceof InferenceSpec inference ? servingBreach(inference) : null;
    }

    private static String trainingBreach(TrainingSpec t) {
        TrainingRules.Rule rule = TrainingRules.firstViolation(t);
        if (rule == TrainingRules.Rule.SCHEDULE && StepPlan.dualPipeProblem(t) == null) {
            rule = TrainingRules.fitsMemory(t) ? null : TrainingRules.Rule.MEMORY; // only an interleaving warning
        }
        if (rule == null) {
            return null;
        }
        ParallelismSpec p = t.parallel();
        TransformerSpec model = t.model();
        String job = "training " + t.name() + (rule == TrainingRules.Rule.MEMORY ? " does not fit in memory: "
                : " breaks the " + rule.label() + " rule: ");
        return job + switch (rule) {
            case CLUSTER_SIZE -> "it needs " + t.accelerators() + " accelerators but " + t.cluster().name() + " has "
                    + t.cluster().accelerators() + ". Vary smaller degrees of parallelism or a larger cluster.";
            case HEADS -> heads(model, p.tensor());
            case LAYERS -> "pipeline " + p.pipeline() + " × " + t.virtualStages() + " virtual stages = "
                    + (long) p.pipeline() * t.virtualStages() + " stages exceed the model's " + model.layers()
                    + " layers: vary pipeline × virtual stages up to " + model.layers() + ".";
            case EXPERTS -> !TrainingRules.expertsSplit(model, p)
                    ? "expert " + p.expert() + " does not divide the model's " + model.experts() + " experts: vary"
                            + " expert over divisors of " + model.experts() + "."
                    : "expert " + p.expert() + " does not divide tensor " + p.tensor() + " × context " + p.context()
                            + " × data " + p.data() + " = " + (long) p.tensor() * p.context() * p.data()
                            + ": vary expert over its divisors.";
            case BATCH -> "data " + p.data() + " × micro-batch " + t.microBatch() + " = "
                    + (long) p.data() * t.microBatch() + " does not divide the batch of " + t.globalBatchSequences()
                    + " sequences: vary micro-batch, data or batch so that data × micro-batch divides the batch.";
            case CONTEXT -> "ring context " + p.context() + " cuts each sequence into " + 2 * p.context()
                    + " chunks, but the sequence of " + t.sequence() + " tokens is not a multiple of "
                    + 2 * p.context() + ": vary the sequence over multiples of " + 2 * p.context() + ".";
            case SCHEDULE -> StepPlan.dualPipeProblem(t) + ".";
            case MEMORY -> "each accelerator of the busiest pipeline stage needs " + Memory.training(t).describe()
                    + " but has " + Memory.capacity(t.cluster().smallestMemoryBytes(t.accelerators())) + ". Vary a"
                    + " smaller sequence, micro-batch or model, more tensor or pipeline parallelism, or shard or"
                    + " recompute more.";
        };
    }

    private static String servingBreach(InferenceSpec i) {
        ServingRules.Rule rule = ServingRules.firstViolation(i);
        if (rule == null) {
            return null;
        }
        String job = "inference " + i.name() + " breaks the " + rule.label() + " rule: ";
        for (InferenceSpec.Pool pool : i.pools()) {
            int tensor = pool.parallel().tensor();
            String role = pool.role().name().toLowerCase(Locale.ROOT) + " pool";
            if (rule == ServingRules.Rule.HEADS && !(TrainingRules.headsSplit(i.model(), tensor)
                    && TrainingRules.kvHeadsSplit(i.model(), tensor))) {
                return job + "the " + role + "'s " + heads(i.model(), tensor);
            }
            if (rule == ServingRules.Rule.MEMORY && !ServingRules.replicaFits(i, pool)) {
                return job + "a " + role + " replica's KV cache does not hold one typical request of "
                        + Metrics.count(ServingRules.typicalContext(i)) + " tokens beside its weights on "
                        + Memory.capacity(i.cluster().node().accelerator().memoryBytes()) + ". Vary more tensor,"
                        + " pipeline or expert parallelism, a lower precision, or shorter requests.";
            }
        }
        return job + "the pools need more accelerators than " + i.cluster().name() + "'s "
                + i.cluster().accelerators() + ". Vary fewer replicas or smaller degrees, or a larger cluster.";
    }

    /** Why TP {@code tensor} does not split {@code model}'s heads ({@link TrainingRules#headsSplit}, KV heads). */
    private static String heads(TransformerSpec model, int tensor) {
        if (!TrainingRules.headsSplit(model, tensor)) {
            return "tensor " + tensor + " does not divide the model's " + model.heads() + " attention heads: vary"
                    + " tensor over divisors of " + model.heads() + ".";
        }
        return "tensor " + tensor + " neither divides nor is a multiple of the model's " + model.kvHeads()
                + " KV heads: vary tensor over divisors or multiples of " + model.kvHeads() + ".";
    }
}
