package org.fabricsim.dsl.validation;

import static org.fabricsim.dsl.model.Studies.cluster;
import static org.fabricsim.dsl.model.Studies.parameter;
import static org.fabricsim.dsl.model.Studies.varies;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.FatTreeTopology;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.NumberValue;
import org.fabricsim.dsl.fabric.Pool;
import org.fabricsim.dsl.fabric.RailOptimizedTopology;
import org.fabricsim.dsl.fabric.ReferenceValue;
import org.fabricsim.dsl.fabric.SingleSwitchTopology;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.fabric.Topology;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.fabric.Value;
import org.fabricsim.dsl.fabric.Variation;
import org.fabricsim.dsl.fabric.Workload;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;

/**
 * Whether a study's {@code vary routing-skew} and {@code vary oversubscription} can change its workload as written,
 * which the runtime otherwise finds run by run: each routing skew lies between 1 and the expert parallelism of the
 * plans it sets (the busiest of EP ranks receives at most every token, EP times the mean; the runtime fails a run of
 * any other value, so on EP 1 every value but 1 fails and 1 is balanced routing, as without the axis), and an
 * oversubscription sets the ratio of a scale-out tree's uplinks, which a fat-tree of at least 2 tiers or a
 * rail-optimized network has (the runtime fails every run on a single switch, a torus, a dragonfly, a 1-tier
 * fat-tree, whose one switch tier has no uplinks, or a cluster without a scale-out network). A study that also
 * varies the expert degree runs every skew with every degree of its {@code vary expert} list, so each skew lies
 * within the least of them; one that varies the cluster runs the axis on every cluster of its {@code vary cluster}
 * list, and is refused when none of them has uplinks, else each cluster of the list without them is marked. A list
 * of another pool role than the skew's, and a degree or a cluster that is not a whole number or a resolved cluster,
 * are left to the runtime.
 */
public class VariedEffectValidator extends FabricCheck {

    @Check
    public void checkVariedRoutingSkewWithinExperts(Variation variation) {
        if (parameter(variation) != Parameter.ROUTING_SKEW || !(variation.eContainer() instanceof Study study)) {
            return;
        }
        int expert = leastExpert(study, variation);
        for (Value value : variation.getValues()) {
            if (expert > 0 && value instanceof NumberValue n && n.getNumber().matches("[0-9.]+")) {
                double skew = new BigDecimal(n.getNumber()).doubleValue();
                if (skew < ExpertRoutingSpec.BALANCED || skew > expert) {
                    String nearest = skew < ExpertRoutingSpec.BALANCED ? "1" : Integer.toString(expert);
                    error("vary routing-skew " + n.getNumber() + ": the busiest of EP " + expert + " rank"
                            + (expert == 1 && !varies(study, Parameter.EXPERT) ? " receives every token, the mean, so"
                                    + " its only skew is 1 (balanced, as without this axis): no run of another value"
                                    + " can be built; vary 'expert' too, or remove this axis."
                                    : (expert == 1 ? "" : "s") + " receives from 1 to " + expert + " times the mean,"
                                            + " so no run of this value can be built; vary the skew from 1 to "
                                            + expert + "."),
                            value, null, IssueCodes.ROUTING_SKEW, nearest);
                }
            }
        }
    }

    @Check
    public void checkVariedOversubscriptionHasUplinks(Variation variation) {
        if (parameter(variation) != Parameter.OVERSUBSCRIPTION || !(variation.eContainer() instanceof Study study)) {
            return;
        }
        List<Cluster> clusters = varies(study, Parameter.CLUSTER) ? variedClusters(study)
                : Collections.singletonList(cluster(study.getWorkload()));
        if (clusters.isEmpty() || clusters.stream().anyMatch(c -> c == null || c.eIsProxy() || uplinks(c))) {
            return;
        }
        if (clusters.size() > 1) {
            error("vary oversubscription sets the ratio of a scale-out tree's uplinks, but no cluster of 'vary"
                    + " cluster' has one: " + String.join("; ", clusters.stream().map(c -> c.getName()
                            + "'s scale-out network " + lacking(c)).toList()) + ". Give one of them a 'fat-tree {"
                    + " tiers 2 }', or remove this axis.", variation, Literals.VARIATION__PARAMETER,
                    IssueCodes.OVERSUBSCRIPTION_UNUSED, "");
            return;
        }
        Cluster cluster = clusters.get(0);
        error("vary oversubscription sets the ratio of a scale-out tree's uplinks, but " + cluster.getName() + "'s"
                + " scale-out network " + lacking(cluster) + ": no run of it can be built. Give " + cluster.getName()
                + " a 'fat-tree { tiers 2 }', or remove this axis.", variation, Literals.VARIATION__PARAMETER,
                IssueCodes.OVERSUBSCRIPTION_UNUSED, "");
    }

    /**
     * Each cluster of a {@code vary cluster} list without uplinks ({@link #uplinks}) where the study varies the
     * oversubscription and another cluster of the list may have them (none having them is the oversubscription axis's
     * error, {@link #checkVariedOversubscriptionHasUplinks}): the runtime fails every run on it. Marked on the value.
     */
    @Check
    public void checkVariedClusterHasUplinks(Variation variation) {
        if (parameter(variation) != Parameter.CLUSTER || !(variation.eContainer() instanceof Study study)
                || !varies(study, Parameter.OVERSUBSCRIPTION)
                || variedClusters(study).stream().noneMatch(c -> c == null || c.eIsProxy() || uplinks(c))) {
            return;
        }
        for (Value value : variation.getValues()) {
            if (value instanceof ReferenceValue r && r.getReference() instanceof Cluster cluster && !cluster.eIsProxy()
                    && !uplinks(cluster)) {
                error("vary cluster " + cluster.getName() + " with vary oversubscription: " + cluster.getName()
                        + "'s scale-out network " + lacking(cluster) + ", so no run on it can be built (the"
                        + " oversubscription sets the ratio of a scale-out tree's uplinks). Give " + cluster.getName()
                        + " a 'fat-tree { tiers 2 }', or remove it from this list.", value, null,
                        IssueCodes.OVERSUBSCRIPTION_UNUSED, "");
            }
        }
    }

    private static Topology topology(Cluster cluster) {
        return cluster.getScaleOut() == null ? null : cluster.getScaleOut().getTopology();
    }

    /** Whether {@code cluster}'s scale-out network has uplinks: a rail-optimized one, a fat-tree of 2 tiers or more. */
    private static boolean uplinks(Cluster cluster) {
        Topology topology = topology(cluster);
        return topology instanceof RailOptimizedTopology || topology instanceof FatTreeTopology tree
                && tree.getTiers() != 1;
    }

    /** What {@code cluster}'s scale-out network lacks, as the error says it. */
    private static String lacking(Cluster cluster) {
        Topology topology = topology(cluster);
        return topology == null ? "has no scale-out network"
                : topology instanceof FatTreeTopology ? "is a fat-tree of one switch tier, which has no uplinks"
                        : "is a " + (topology instanceof SingleSwitchTopology ? "single switch"
                                : topology.eClass().getName().replace("Topology", "").toLowerCase(Locale.ROOT))
                                + ", which has no tiers of uplinks";
    }

    /** The clusters of {@code study}'s {@code vary cluster} axes, null for a value that is not a cluster. */
    private static List<Cluster> variedClusters(Study study) {
        return study.getVariations().stream().filter(v -> parameter(v) == Parameter.CLUSTER)
                .flatMap(v -> v.getValues().stream()).map(v -> v instanceof ReferenceValue r
                        && r.getReference() instanceof Cluster c ? c : null).toList();
    }

    /**
     * The least expert parallelism of the plans {@code variation} sets in any run of {@code study}; 0 when unknown.
     * Without {@code vary expert}, the plans' own ({@link #expert}); with it, the least of its values (each run takes
     * one), unless it sets only pools of another role than the skew's (0: left to the runtime).
     */
    private static int leastExpert(Study study, Variation variation) {
        int least = Integer.MAX_VALUE;
        boolean every = false;
        for (Variation experts : study.getVariations()) {
            if (parameter(experts) == Parameter.EXPERT) {
                boolean roled = Written.written(experts, Literals.VARIATION__POOL);
                every |= !roled || Written.written(variation, Literals.VARIATION__POOL)
                        && experts.getPool() == variation.getPool();
                for (Value value : experts.getValues()) {
                    if (!(value instanceof NumberValue n) || !n.getNumber().matches("[0-9]+")) {
                        return 0;
                    }
                    least = Math.min(least, Math.max(1, new BigDecimal(n.getNumber()).intValue()));
                }
            }
        }
        return least == Integer.MAX_VALUE ? expert(study.getWorkload(), variation)
                : every || study.getWorkload() instanceof Training ? least : 0;
    }

    /** The expert parallelism of the plans {@code variation} sets: the job's, the least of the pools it names; else 0. */
    private static int expert(Workload workload, Variation variation) {
        if (workload instanceof Training training && training.getParallel() != null) {
            return Math.max(1, training.getParallel().getExpert());
        }
        if (!(workload instanceof Inference inference)) {
            return 0;
        }
        boolean role = Written.written(variation, Literals.VARIATION__POOL);
        return inference.getPools().stream().filter(p -> !role || p.getRole() == variation.getPool())
                .map(Pool::getParallel).filter(p -> p != null).mapToInt(p -> Math.max(1, p.getExpert())).min()
                .orElse(0);
    }
}
