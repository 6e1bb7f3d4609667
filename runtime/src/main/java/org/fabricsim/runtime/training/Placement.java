package org.fabricsim.runtime.training;

import java.util.Arrays;
import java.util.List;

import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.spec.ParallelismSpec;

/**
 * Where each rank of the parallel plan runs: accelerator = Σ cᵢ·stride(i) over the axes listed
 * innermost first, stride(i) = Π sizes of the axes before it. The order is the plan's own when it
 * states one ({@link ParallelismSpec#order()}, Megatron-Core's {@code order}); the default is TP, CP, PP, DP
 * (Llama 3, arXiv 2407.21783 §3.3.2: "[TP, CP, PP, DP]"), so TP stays inside a node's scale-up
 * domain and, with one NIC per accelerator on rail k, every group along another axis keeps its
 * local index and therefore its rail. With expert parallelism the order is TP, CP, DP, PP
 * (Megatron-Core's tp-cp-ep-dp-pp) so that an EP group, a block of consecutive DP ranks, spans
 * as few nodes as possible. Expert groups are blocks of EP consecutive DP coordinates. O(axes) per
 * lookup.
 */
public final class Placement {
    private final int[] size = new int[Axis.values().length];
    private final int[] stride = new int[Axis.values().length];
    private final int expert;
    private final int accelerators;

    /** The layout of {@code plan} with the axes in {@code order}, innermost first. */
    public Placement(ParallelismSpec plan, List<Axis> order) {
        if (order.size() != Axis.values().length || order.stream().distinct().count() != order.size()) {
            throw new IllegalArgumentException("the order must list every axis once: " + order);
        }
        size[Axis.TENSOR.ordinal()] = plan.tensor();
        size[Axis.CONTEXT.ordinal()] = plan.context();
        size[Axis.PIPELINE.ordinal()] = plan.pipeline();
        size[Axis.DATA.ordinal()] = plan.data();
        int running = 1;
        for (Axis axis : order) {
            stride[axis.ordinal()] = running;
            running = Math.multiplyExact(running, size[axis.ordinal()]);
        }
        this.accelerators = running;
        this.expert = Math.max(1, Math.min(plan.expert(), plan.data()));
    }

    /** The layout of {@code plan}: its stated order, else the default (see the class comment). */
    public static Placement of(ParallelismSpec plan) {
        return new Placement(plan, plan.order().isEmpty() ? defaultOrder(plan) : plan.order());
    }

    /** The default order of {@code plan}, innermost first (see the class comment). */
    public static List<Axis> defaultOrder(ParallelismSpec plan) {
        return plan.expert() > 1
                ? List.of(Axis.TENSOR, Axis.CONTEXT, Axis.DATA, Axis.PIPELINE)
                : List.of(Axis.TENSOR, Axis.CONTEXT, Axis.PIPELINE, Axis.DATA);
    }

    /** Accelerators the plan occupies. */
    public int accelerators() {
        return accelerators;
    }

    /** Ranks along {@code axis}. */
    public int size(Axis axis) {
        return size[axis.ordinal()];
    }

    /** Accelerators between neighbours along {@code axis}: the product of the sizes of the axes inside it. */
    public int stride(Axis axis) {
        return stride[axis.ordinal()];
    }

    /** EP group size. */
    public int expert() {
        return expert;
    }

    /** The coordinate of {@code accelerator} along {@code axis}. */
    public int coordinate(int accelerator, Axis axis) {
        return accelerator / stride[axis.ordinal()] % size[axis.ordinal()];
    }

    /** The accelerator {@code steps} further along {@code axis} (cyclic), other coordinates equal. */
    public int shift(int accelerator, Axis axis, int steps) {
        int n = size[axis.ordinal()];
        int c = coordinate(accelerator, axis);
        int moved = Math.floorMod(c + steps, n);
        return accelerator + (moved - c) * stride[axis.ordinal()];
    }

    /** The members of the expert group of {@code accelerator}, in order. */
    public int[] expertGroup(int accelerator) {
        int d = coordinate(accelerator, Axis.DATA);
        int first = d - d % expert;
        int[] members = new int[expert];
        for (int i = 0; i < expert; i++) {
            members[i] = accelerator + (first + i - d) * stride[Axis.DATA.ordinal()];
        }
        return members;
    }

    @Override
    public String toString() {
        return "Placement" + Arrays.toString(size);
    }
}
