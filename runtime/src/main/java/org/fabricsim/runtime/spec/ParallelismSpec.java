package org.fabricsim.runtime.spec;

import java.util.EnumSet;
import java.util.List;
import java.util.Objects;

/**
 * Degrees of parallelism. Expert parallelism regroups the ranks for the expert layers; it does not
 * add accelerators (training folds the EP groups over the TP × CP × DP ranks of a stage, {@code training.Placement}).
 *
 * @param tensor            TP
 * @param pipeline          PP
 * @param data              DP
 * @param context           CP
 * @param expert            EP
 * @param sequenceParallel  TP with sequence parallelism (reduce-scatter/all-gather instead of all-reduce)
 * @param contextMode       how context parallelism exchanges K/V (training only)
 * @param expertRouting     how the router loads the EP ranks (MoE models only)
 * @param order             the axes ranks are laid out along, innermost first, each once; empty for the
 *                          default layout (training only; {@code training.Placement})
 * @param pods              the data-parallel ways across pods on the cluster's data-centre network (1: none),
 *                          a divisor of {@code data}; the other data ÷ pods ways run inside each pod (training only)
 */
public record ParallelismSpec(int tensor, int pipeline, int data, int context, int expert, boolean sequenceParallel,
        ContextMode contextMode, ExpertRoutingSpec expertRouting, List<Axis> order, int pods) {

    public ParallelismSpec {
        Specs.requirePositive("tensor", tensor);
        Specs.requirePositive("pipeline", pipeline);
        Specs.requirePositive("data", data);
        Specs.requirePositive("context", context);
        Specs.requirePositive("expert", expert);
        Objects.requireNonNull(contextMode, "contextMode");
        Objects.requireNonNull(expertRouting, "expertRouting");
        order = List.copyOf(order);
        Specs.requirePositive("pods", pods);
        if (data % pods != 0) {
            throw new IllegalArgumentException("the " + pods + " pods must divide the " + data + " data-parallel ways");
        }
        if (!order.isEmpty()
                && (order.size() != Axis.values().length || EnumSet.copyOf(order).size() != order.size())) {
            throw new IllegalArgumentException("the placement order must list tp, cp, pp and dp once each, innermost"
                    + " first: " + order);
        }
    }

    /** A plan within one pod. */
    public ParallelismSpec(int tensor, int pipeline, int data, int context, int expert, boolean sequenceParallel,
            ContextMode contextMode, ExpertRoutingSpec expertRouting, List<Axis> order) {
        this(tensor, pipeline, data, context, expert, sequenceParallel, contextMode, expertRouting, order, 1);
    }

    /** A plan laid out in the default order. */
    public ParallelismSpec(int tensor, int pipeline, int data, int context, int expert, boolean sequenceParallel,
            ContextMode contextMode, ExpertRoutingSpec expertRouting) {
        this(tensor, pipeline, data, context, expert, sequenceParallel, contextMode, expertRouting, List.of());
    }

    /** A plan with {@link ExpertRoutingSpec#DEFAULT} routing. */
    public ParallelismSpec(int tensor, int pipeline, int data, int context, int expert, boolean sequenceParallel,
            ContextMode contextMode) {
        this(tensor, pipeline, data, context, expert, sequenceParallel, contextMode, ExpertRoutingSpec.DEFAULT);
    }

    /** A plan whose context parallelism, if any, all-gathers K/V ({@link ContextMode#ALL_GATHER}). */
    public ParallelismSpec(int tensor, int pipeline, int data, int context, int expert, boolean sequenceParallel) {
        this(tensor, pipeline, data, context, expert, sequenceParallel, ContextMode.ALL_GATHER);
    }

    /** This plan with other degrees, everything else kept. */
    public ParallelismSpec withDegrees(int tensor, int pipeline, int data, int context, int expert) {
        return new ParallelismSpec(tensor, pipeline, data, context, expert, sequenceParallel, contextMode,
                expertRouting, order, pods);
    }

    /** This plan with {@code routing}, everything else kept. */
    public ParallelismSpec withExpertRouting(ExpertRoutingSpec routing) {
        return new ParallelismSpec(tensor, pipeline, data, context, expert, sequenceParallel, contextMode, routing,
                order, pods);
    }

    /** This plan laid out in {@code order} (innermost first; empty for the default), everything else kept. */
    public ParallelismSpec withOrder(List<Axis> order) {
        return new ParallelismSpec(tensor, pipeline, data, context, expert, sequenceParallel, contextMode, expertRouting,
                order, pods);
    }

    /** This plan with {@code pods} of its data-parallel ways across pods, everything else kept. */
    public ParallelismSpec withPods(int pods) {
        return new ParallelismSpec(tensor, pipeline, data, context, expert, sequenceParallel, contextMode, expertRouting,
                order, pods);
    }

    /** The plan inside one pod: data ÷ pods data-parallel ways, no pods. */
    public ParallelismSpec inPod() {
        return new ParallelismSpec(tensor, pipeline, data / pods, context, expert, sequenceParallel, contextMode,
                expertRouting, order, 1);
    }

    /** Accelerators the plan occupies: TP × PP × DP × CP. */
    public int accelerators() {
        return Math.multiplyExact(Math.multiplyExact(tensor, pipeline), Math.multiplyExact(data, context));
    }

    /** The axes of the plan that ranks are laid out along (expert parallelism folds over TP × CP × DP). */
    public enum Axis {
        TENSOR, CONTEXT, PIPELINE, DATA
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
