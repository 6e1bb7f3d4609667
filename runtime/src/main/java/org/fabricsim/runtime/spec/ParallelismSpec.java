package org.fabricsim.runtime.spec;

import java.util.Objects;

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
 * @param contextMode       how context parallelism exchanges K/V (training only)
 */
public record ParallelismSpec(int tensor, int pipeline, int data, int context, int expert, boolean sequenceParallel,
        ContextMode contextMode) {

    public ParallelismSpec {
        Specs.requirePositive("tensor", tensor);
        Specs.requirePositive("pipeline", pipeline);
        Specs.requirePositive("data", data);
        Specs.requirePositive("context", context);
        Specs.requirePositive("expert", expert);
        Objects.requireNonNull(contextMode, "contextMode");
    }

    /** A plan whose context parallelism, if any, all-gathers K/V ({@link ContextMode#ALL_GATHER}). */
    public ParallelismSpec(int tensor, int pipeline, int data, int context, int expert, boolean sequenceParallel) {
        this(tensor, pipeline, data, context, expert, sequenceParallel, ContextMode.ALL_GATHER);
    }

    /** Accelerators the plan occupies: TP × PP × DP × CP. */
    public int accelerators() {
        return Math.multiplyExact(Math.multiplyExact(tensor, pipeline), Math.multiplyExact(data, context));
    }

    /**
     * How the CP ranks of an attention layer obtain the other ranks' keys and values
     * (Megatron-Core {@code --cp-comm-type}).
     */
    public enum ContextMode {
        /** All-gather K/V before attention, reduce-scatter their gradients after (exposed; {@code allgather}). */
        ALL_GATHER("all-gather"),
        /**
         * Ring attention: K/V blocks pass around the CP ring while each rank computes attention on
         * the block it holds ({@code p2p}, Megatron-Core's default; Liu et al., arXiv 2310.01889).
         */
        RING("ring");

        private final String keyword;

        ContextMode(String keyword) {
            this.keyword = keyword;
        }

        /** The language's keyword, also the value of the {@code cpMode} run parameter. */
        public String keyword() {
            return keyword;
        }
    }
}
