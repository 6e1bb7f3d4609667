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
 * (Megatron-Core's tp-cp-ep-dp-pp) so that an EP group spans as few nodes as possible.
 *
 * <p>Expert groups fold over the attention layers' TP × CP × DP ranks (Megatron-Core's MoE parallel folding,
 * arXiv 2504.14960, with expert-tensor-parallel size 1: the expert layers' rank grid is ETP-EP-EDP-PP with ETP = 1, so
 * an EP group is EP consecutive ranks of a stage's TP·CP·DP block): with the folded index i = t + TP·(c + CP·d) of a
 * rank's TP, CP and DP coordinates, the group of rank i is the ranks ⌊i/EP⌋·EP … ⌊i/EP⌋·EP + EP − 1, EP ≤ TP·CP·DP
 * (an EP that does not divide TP·CP·DP, which Megatron-Core rejects, is taken down to its largest divisor).
 * This is the layout the expert compute assumes ({@code TransformerCompute}: each rank routes its own T/TP tokens
 * through full-width experts, ETP = 1). In the default order the group is EP consecutive accelerators, inside one node
 * whenever EP divides the node; EP ranks strided by TP·CP (the DP ranks alone) would span TP·CP times as many nodes.
 * O(axes) per lookup.
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
        int block = plan.tensor() * plan.context() * plan.data();
        int ep = Math.max(1, Math.min(plan.expert(), block));
        while (block % ep != 0) {
            ep--;
        }
        this.expert = ep;
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

    /**
     * Ranks of an expert data-parallel group: TP·CP·DP ÷ EP, Megatron-Core's expert_data_parallel_size = world ÷
     * (ETP·EP·PP) with ETP = 1. Its members are the ranks of one stage whose folded index is the same modulo EP.
     */
    public int expertData() {
        return size(Axis.TENSOR) * size(Axis.CONTEXT) * size(Axis.DATA) / expert;
    }

    /** The members of the expert group of {@code accelerator}, in order (folded index, class comment). */
    public int[] expertGroup(int accelerator) {
        int folded = foldedIndex(accelerator);
        int first = folded - folded % expert;
        int[] members = new int[expert];
        for (int k = 0; k < expert; k++) {
            members[k] = unfold(accelerator, first + k);
        }
        return members;
    }

    /**
     * The accelerator {@code steps} further along the expert data-parallel group of {@code accelerator} (cyclic):
     * folded index i + steps·EP modulo TP·CP·DP, in the same pipeline stage.
     */
    public int expertDataShift(int accelerator, int steps) {
        int block = size(Axis.TENSOR) * size(Axis.CONTEXT) * size(Axis.DATA);
        return unfold(accelerator, Math.floorMod(foldedIndex(accelerator) + steps * expert, block));
    }

    /** The folded index t + TP·(c + CP·d) of {@code accelerator}'s TP, CP and DP coordinates (class comment). */
    int foldedIndex(int accelerator) {
        return coordinate(accelerator, Axis.TENSOR) + size(Axis.TENSOR)
                * (coordinate(accelerator, Axis.CONTEXT) + size(Axis.CONTEXT) * coordinate(accelerator, Axis.DATA));
    }

    /** The accelerator of folded index i in {@code accelerator}'s pipeline stage. */
    private int unfold(int accelerator, int i) {
        int base = accelerator - coordinate(accelerator, Axis.TENSOR) * stride(Axis.TENSOR)
                - coordinate(accelerator, Axis.CONTEXT) * stride(Axis.CONTEXT)
                - coordinate(accelerator, Axis.DATA) * stride(Axis.DATA);
        int tp = size(Axis.TENSOR);
        int cp = size(Axis.CONTEXT);
        return base + i % tp * stride(Axis.TENSOR) + i / tp % cp * stride(Axis.CONTEXT)
                + i / (tp * cp) * stride(Axis.DATA);
    }

    @Override
    public String toString() {
        return "Placement" + Arrays.toString(size);
    }
}
