package org.fabricsim.dsl.validation;

import java.util.List;
import java.util.stream.Collectors;

import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Node;
import org.fabricsim.dsl.fabric.RoutingPolicy;
import org.fabricsim.dsl.fabric.Topology;
import org.fabricsim.dsl.fabric.TorusTopology;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.model.Topologies;
import org.fabricsim.dsl.model.TorusAxes;
import org.fabricsim.runtime.spec.ClusterSpec;

import com.google.inject.Inject;

/**
 * A direct torus as the engine builds it (runtime {@code TorusParameters}): 1 to 3 dimensions of at
 * least 2 accelerators each, multiplying to the cluster's accelerators; one link rate or one per
 * dimension; a {@code wrap} list of its own dimensions, each once, and not on a mesh; dimension-order routing,
 * and only there. NICs on its nodes carry nothing.
 */
public class TorusValidator extends FabricCheck {
    /** The most dimensions the engine builds. */
    private static final int MAX_DIMENSIONS = 3;

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkTorusShapeBuildable(TorusTopology torus) {
        List<Integer> dimensions = torus.getDimensions();
        if (dimensions.size() > MAX_DIMENSIONS) {
            error("A torus has at most " + MAX_DIMENSIONS + " dimensions (TPU v4's is 3D); fold the dimensions"
                    + " into three, e.g. '" + folded(dimensions) + "'.", torus, Literals.TORUS_TOPOLOGY__DIMENSIONS,
                    IssueCodes.TORUS_SHAPE, folded(dimensions));
            return;
        }
        for (int i = 0; i < dimensions.size(); i++) {
            if (dimensions.get(i) == 1) {
                error("A torus dimension of 1 is no ring: remove it, or give it 2 or more accelerators.", torus,
                        Literals.TORUS_TOPOLOGY__DIMENSIONS, i, IssueCodes.TORUS_SHAPE, "");
            }
        }
    }

    @Check
    public void checkTorusFillsTheAccelerators(Cluster cluster) {
        if (cluster.getScaleOut() == null || !(cluster.getScaleOut().getTopology() instanceof TorusTopology torus)
                || torus.getDimensions().isEmpty() || torus.getDimensions().stream().anyMatch(size -> size < 1)) {
            return; // no dimensions parsed: the syntax error says what to write
        }
        ClusterSpec spec = CheckedSpecs.cluster(mapper, getContext(), cluster);
        if (spec == null) {
            return;
        }
        long accelerators = spec.accelerators();
        long positions = 1;
        for (int size : torus.getDimensions()) {
            positions = Math.min(Long.MAX_VALUE / Integer.MAX_VALUE, positions * size);
        }
        if (positions == accelerators) {
            return;
        }
        String fit = fitting(torus.getDimensions(), accelerators);
        error("A torus holds one accelerator per position: " + shape(torus.getDimensions()) + " = " + positions
                + " positions, but the cluster has " + accelerators + " accelerators. "
                + (fit.isEmpty() ? "Make the dimensions multiply to " + accelerators + "."
                        : "Write '" + (torus.isMesh() ? "mesh " : "torus ") + fit + "', or change the nodes to fill " + positions + " positions."),
                torus, Literals.TORUS_TOPOLOGY__DIMENSIONS, IssueCodes.TORUS_SHAPE, fit);
    }

    @Check
    public void checkTorusLinkRatesPerDimension(TorusTopology torus) {
        int rates = torus.getLinkRates().size();
        int dimensions = torus.getDimensions().size();
        if (rates > 1 && rates != dimensions) {
            error(rates + " link rates for a torus of " + dimensions + " dimensions: write one rate for every"
                    + " dimension, or one per dimension (" + dimensions + ").", torus,
                    Literals.TORUS_TOPOLOGY__LINK_RATES, IssueCodes.TORUS_LINK_RATES);
        }
    }

    @Check
    public void checkTorusWrapNamesItsDimensions(TorusTopology torus) {
        List<String> wrapped = torus.getWrapped();
        if (wrapped.isEmpty()) {
            return;
        }
        int dimensions = Math.min(torus.getDimensions().size(), TorusAxes.NAMES.size());
        if (torus.isMesh()) {
            error("A mesh has no wrap-around links: write 'torus " + shape(torus.getDimensions()) + " wrap "
                    + String.join(", ", wrapped) + "' to wrap those dimensions, or leave 'wrap' out.", torus,
                    Literals.TORUS_TOPOLOGY__WRAPPED, IssueCodes.TORUS_WRAP, "");
            return;
        }
        String fit = wrapped.stream().distinct().filter(axis -> TorusAxes.dimension(axis) >= 0
                && TorusAxes.dimension(axis) < dimensions).collect(Collectors.joining(", "));
        for (int i = 0; i < wrapped.size(); i++) {
            String axis = wrapped.get(i);
            int dimension = TorusAxes.dimension(axis);
            if (dimension < 0 || dimension >= dimensions) {
                error("'" + axis + "' names no dimension of this " + dimensions + "D torus: wrap "
                        + String.join(", ", TorusAxes.NAMES.subList(0, dimensions)) + " (dimensions 0 to "
                        + (dimensions - 1) + ")"
                        + (fit.isEmpty() ? ", or leave 'wrap' out." : ", e.g. 'wrap " + fit + "'."),
                        torus, Literals.TORUS_TOPOLOGY__WRAPPED, i, IssueCodes.TORUS_WRAP, fit);
            } else if (wrapped.indexOf(axis) < i) {
                error("'" + axis + "' is wrapped twice: name each dimension once, 'wrap " + fit + "'.", torus,
                        Literals.TORUS_TOPOLOGY__WRAPPED, i, IssueCodes.TORUS_WRAP, fit);
            }
        }
    }

    @Check
    public void checkRoutingFitsTheTopology(Topology topology) {
        RoutingPolicy routing = Topologies.writtenRouting(topology);
        if (routing == null) {
            return;
        }
        EStructuralFeature feature = Topologies.routingFeature(topology);
        boolean torus = topology instanceof TorusTopology;
        if (torus && routing != RoutingPolicy.DIMENSION_ORDER) {
            error("A torus routes in dimension order only: write 'routing dimension-order', or leave routing out.",
                    topology, feature, IssueCodes.ROUTING_TOPOLOGY, RoutingPolicy.DIMENSION_ORDER.getLiteral());
        } else if (!torus && routing == RoutingPolicy.DIMENSION_ORDER) {
            error("'routing dimension-order' routes a torus; this topology routes by ECMP, 'adaptive' or"
                    + " 'packet-spraying' (a dragonfly also 'minimal' or 'valiant'): choose one of them, or a torus.",
                    topology, feature, IssueCodes.ROUTING_TOPOLOGY, "");
        }
    }

    @Check
    public void checkTorusNodesNicsUnused(Cluster cluster) {
        if (cluster.getScaleOut() == null || !(cluster.getScaleOut().getTopology() instanceof TorusTopology)
                || cluster.getGroups().isEmpty()) {
            return;
        }
        Node node = cluster.getGroups().get(0).getNode();
        if (node != null && !node.eIsProxy() && node.getNic() != null && node.getNics() > 0) {
            info("The nodes' NICs carry nothing on a torus: its accelerators link to each other directly, so the"
                    + " NICs' rate and ports do not change simulated results.", cluster.getGroups().get(0), null,
                    IssueCodes.TORUS_NICS_UNUSED);
        }
    }

    /** The first two dimensions kept and the rest multiplied into the third. */
    private static String folded(List<Integer> dimensions) {
        long last = 1;
        for (int i = 2; i < dimensions.size(); i++) {
            last *= dimensions.get(i);
        }
        return dimensions.get(0) + " x " + dimensions.get(1) + " x " + last;
    }

    /** The written dimensions with the last one changed so they multiply to {@code accelerators}, or "" when none does. */
    private static String fitting(List<Integer> dimensions, long accelerators) {
        long others = 1;
        for (int i = 0; i < dimensions.size() - 1; i++) {
            others *= dimensions.get(i);
        }
        if (others < 1 || accelerators % others != 0 || accelerators / others < 2
                || accelerators / others > Integer.MAX_VALUE) {
            return "";
        }
        return dimensions.subList(0, dimensions.size() - 1).stream().map(String::valueOf)
                .map(size -> size + " x ").collect(Collectors.joining()) + accelerators / others;
    }

    private static String shape(List<Integer> dimensions) {
        return dimensions.stream().map(String::valueOf).collect(Collectors.joining(" x "));
    }
}
