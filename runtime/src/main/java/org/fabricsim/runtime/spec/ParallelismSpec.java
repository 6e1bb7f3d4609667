package org.fabricsim.runtime.spec;

/**
 * Degrees of parallelism. Expert parallelism divides the data-parallel ranks for the expert
 * layers; it does not add accelerators.
 *
 * @param tensor            TP
 * @param pipeline          PP
 * @param data              DP
 * @param context           CP
 * @param expert            EP
 * @param sequenceParallel  TP with sequence parallelism (reduce-scatter/all-gather instead of all-reduce)
 */
public record ParallelismSpec(int tensor, int pipeline, int data, int context, int expert, boolean sequenceParallel) {

    public ParallelismSpec {
        Specs.requirePositive("tensor", tensor);
        Specs.requirePositive("pipeline", pipeline);
        Specs.requirePositive("data", data);
        Specs.requirePositive("context", context);
        Specs.requirePositive("expert", expert);
    }

    /** Accelerators the plan occupies: TP × PP × DP × CP. */
    public int accelerators() {
        return Math.multiplyExact(Math.multiplyExact(tensor, pipeline), Math.multiplyExact(data, context));
    }
}
