package org.fabricsim.dsl.validation;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Parallelism;
import org.fabricsim.dsl.fabric.PlacementAxis;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.runtime.spec.NodeGroupSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.topology.ClusterDomains;
import org.fabricsim.runtime.training.Placement;

import com.google.inject.Inject;

/**
 * Whether a stated placement {@code order} is one: every axis once, innermost first; and whether it
 * keeps TP groups inside the scale-up domain, computed from the simulation's own layout ({@link
 * Placement}): a TP group's ranks lie {@code stride(TP)} accelerators apart, so the groups stay
 * inside domains of D accelerators exactly when stride × TP divides D.
 */
public class PlacementValidator extends FabricCheck {

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkParallelismOrderPermutation(Parallelism parallel) {
        List<PlacementAxis> order = parallel.getOrder();
        if (order.isEmpty()) {
            return;
        }
        Set<PlacementAxis> missing = EnumSet.allOf(PlacementAxis.class);
        order.forEach(missing::remove);
        boolean repeated = EnumSet.copyOf(order).size() != order.size();
        if (missing.isEmpty() && !repeated) {
            return;
        }
        String problem = missing.isEmpty() ? "it repeats an axis"
                : "it leaves out " + missing.stream().map(PlacementAxis::getLiteral).collect(Collectors.joining(", "));
        error("'order' lists where ranks go, innermost axis first, and must name tp, cp, pp and dp once each; "
                + problem + ". Write e.g. 'order tp cp pp dp' (the default).", parallel, Literals.PARALLELISM__ORDER,
                IssueCodes.ORDER_NOT_PERMUTATION);
    }

    @Check
    public void checkTrainingTensorInnermost(Training training) {
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        if (spec == null || spec.parallel().order().isEmpty() || spec.parallel().tensor() < 2) {
            return;
        }
        ParallelismSpec plan = spec.parallel();
        if ((double) plan.tensor() * plan.pipeline() * plan.data() * plan.context() > Integer.MAX_VALUE) {
            return; // no layout of that many ranks exists: the parallel-product check says so
        }
        int domain = ClusterDomains.size(spec.cluster());
        Placement placement = Placement.of(plan);
        int stride = placement.stride(Axis.TENSOR);
        int tensor = plan.tensor();
        if (tensor > domain || domain % tensor != 0 || domain % (stride * tensor) == 0) {
            // TP alone leaving the domain is the tp-crosses-scale-up warning's; here the order is at fault
            return;
        }
        int span = (tensor - 1) * stride + 1;
        warning("With this order a TP group's ranks lie " + stride + " accelerators apart, so TP " + tensor
                + " spans " + span + " accelerators, so TP groups cross the boundaries of the scale-up domains of "
                + domain + ": every layer's"
                + " tensor-parallel collectives then cross the scale-out network. Put tp first (innermost), e.g."
                + " 'order tp cp pp dp'.", training.getParallel(), Literals.PARALLELISM__ORDER,
                IssueCodes.TP_NOT_INNERMOST, String.valueOf(span));
    }

    /**
     * A tensor-parallel group on a mixed cluster lies on one node type: its collective runs every layer
     * and its ranks split each GEMM evenly, so a group across two types would run each layer at the
     * slower type's links and compute while the engine times it on one. The group of accelerator a
     * spans [a − c·s, a + (t − 1 − c)·s] for its TP coordinate c, stride s and TP size t; a group crosses
     * the boundary B between two node groups when it starts below B and ends at or above it. O(t·s)
     * per boundary.
     */
    @Check
    public void checkTrainingTensorGroupsOnOneNodeType(Training training) {
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        if (spec == null || !spec.cluster().mixed() || spec.parallel().tensor() < 2
                || (double) spec.parallel().tensor() * spec.parallel().pipeline() * spec.parallel().data()
                        * spec.parallel().context() > Integer.MAX_VALUE) {
            return;
        }
        Placement placement = Placement.of(spec.parallel());
        int tensor = spec.parallel().tensor();
        int stride = placement.stride(Axis.TENSOR);
        long boundary = 0;
        List<NodeGroupSpec> groups = spec.cluster().nodeGroups();
        for (int g = 0; g + 1 < groups.size(); g++) {
            boundary += (long) groups.get(g).nodes() * spec.cluster().acceleratorsPerNode();
            if (boundary >= spec.accelerators()) {
                return;
            }
            for (long a = Math.max(0, boundary - (long) (tensor - 1) * stride); a < boundary; a++) {
                int c = placement.coordinate((int) a, Axis.TENSOR);
                if (a + (long) (tensor - 1 - c) * stride >= boundary) {
                    String span = String.valueOf((long) tensor * stride);
                    error("A tensor-parallel group of " + tensor + " starting at accelerator " + (a - (long) c * stride)
                            + " spans " + name(groups.get(g)) + " and " + name(groups.get(g + 1)) + " nodes, so every"
                            + " layer's TP collectives and split GEMMs would mix two node types. Make the accelerators"
                            + " of each 'nodes' line (nodes x accelerators per node) a multiple of " + span
                            + ", or use a smaller 'tensor'.", training.getParallel(), Literals.PARALLELISM__TENSOR,
                            IssueCodes.TP_SPANS_NODE_TYPES, span);
                    return;
                }
            }
        }
    }

    private static String name(NodeGroupSpec group) {
        String qualified = group.node().name();
        return qualified.substring(qualified.lastIndexOf('.') + 1);
    }
}
