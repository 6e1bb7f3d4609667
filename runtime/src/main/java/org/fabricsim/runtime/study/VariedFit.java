package org.fabricsim.runtime.study;

import org.fabricsim.runtime.analysis.Memory;
import org.fabricsim.runtime.analysis.TrainingRules;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.WorkloadSpec;

/**
 * A study's varied training run fits in memory, as the editor requires of a written job ({@code fabric.workload.memory})
 * and a search of each configuration ({@link TrainingRules#fitsMemory}): the busiest pipeline stage's weights,
 * gradients, optimizer state, activations and buffers ({@link Memory#training}) within the smallest HBM of the
 * accelerators the job uses. A run that does not is infeasible with the estimate, the HBM and the fix; it ran, and
 * reported {@code vary sequence in [2147483647]} as a success at 193,516 GB of 128 GB per accelerator (151,184 %,
 * session 65's fuzzing). O(layers).
 */
public final class VariedFit {
    private VariedFit() {
    }

    /** {@code varied}, or an {@link InfeasibleRunException} with the reason when it is a training job over its HBM. */
    public static WorkloadSpec checked(WorkloadSpec varied) {
        if (varied instanceof TrainingSpec training && !TrainingRules.fitsMemory(training)) {
            long hbm = training.cluster().smallestMemoryBytes(training.accelerators());
            throw new InfeasibleRunException("training " + training.name() + " does not fit in memory: each"
                    + " accelerator of the busiest pipeline stage needs " + Memory.training(training).describe()
                    + " but has " + Memory.gigabytes(hbm) + ". Vary a smaller sequence, micro-batch or model, more"
                    + " tensor or pipeline parallelism, or shard or recompute more.");
        }
        return varied;
    }
}
