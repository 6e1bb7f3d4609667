package org.fabricsim.dsl.model;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.EStructuralFeature;
import org.fabricsim.dsl.fabric.RoutingPolicy;
import org.fabricsim.dsl.fabric.Switch;
import org.fabricsim.dsl.fabric.TierLevel;
import org.fabricsim.dsl.fabric.Topology;

/** What a written topology names. */
public final class Topologies {
    private static final String[] LEVELS = {"leaf", "spine", "core"};

    private Topologies() {
    }

    /**
     * The switch of each tier, leaf, spine and core, as the engine takes it: the level's switch where the topology
     * names the level, else the topology's {@code switch}; unnamed and unresolved ones left out. A single switch
     * and a dragonfly have only the topology's {@code switch}; a torus names none.
     */
    public static List<Switch> namedSwitches(Topology topology) {
        Switch topologySwitch = switchOf(topology);
        List<Switch> named = new ArrayList<>();
        for (TierLevel written : levels(topology)) {
            Switch tierSwitch = written != null ? written.getSwitchType() : topologySwitch;
            if (tierSwitch != null && !tierSwitch.eIsProxy()) {
                named.add(tierSwitch);
            }
        }
        return named;
    }

    /**
     * The topology's leaf, spine and core levels in that order, each as written or null where the text states none
     * or the topology kind has no such level (a single switch, a dragonfly, a torus: three nulls).
     */
    public static List<TierLevel> levels(Topology topology) {
        List<TierLevel> levels = new ArrayList<>(LEVELS.length);
        for (String level : LEVELS) {
            EStructuralFeature feature = topology == null ? null : topology.eClass().getEStructuralFeature(level);
            levels.add(feature == null ? null : (TierLevel) topology.eGet(feature));
        }
        return levels;
    }

    /** The topology's own {@code switch}; null where it names none, or for a torus, which has no such field. */
    public static Switch switchOf(Topology topology) {
        EStructuralFeature feature = topology == null ? null : topology.eClass().getEStructuralFeature("switchType");
        return feature == null ? null : (Switch) topology.eGet(feature);
    }

    /** The topology's {@code routing} feature; null for a topology kind without one. */
    public static EStructuralFeature routingFeature(Topology topology) {
        return topology == null ? null : topology.eClass().getEStructuralFeature("routing");
    }

    /** The routing the topology's text states; null where it states none (the fabric's routing then applies). */
    public static RoutingPolicy writtenRouting(Topology topology) {
        EStructuralFeature feature = routingFeature(topology);
        return feature != null && Written.written(topology, feature) ? (RoutingPolicy) topology.eGet(feature) : null;
    }
}
