package org.fabricsim.dsl.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.FatTreeTopology;
import org.fabricsim.dsl.fabric.RailOptimizedTopology;
import org.fabricsim.dsl.fabric.Ratio;
import org.fabricsim.dsl.fabric.Topology;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.units.Units;
import org.fabricsim.runtime.analysis.Oversubscription;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.topology.ClusterTopologies;

import com.google.inject.Inject;

/**
 * Oversubscription as {@link Oversubscription} computes it from the cluster's spec: per tier, at
 * injection and at the host. Above 1:1 is a warning that shows the ratio; above the cluster's
 * {@code max-oversubscription} an error; a declared ratio that the switch's ports cannot realize
 * is an error that names the nearest ratio they can.
 */
public class OversubscriptionValidator extends FabricCheck {

    /** The largest oversubscription a tier may declare: 1000 downlinks' bandwidth per uplink's. */
    private static final double MAX_RATIO = 1000;

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkRatioAtMostAThousand(Ratio ratio) {
        if (!inRange(ratio) && !Double.isNaN(Units.ratio(ratio))) {
            error("An oversubscription is at most 1000:1 (downlink to uplink bandwidth); write a ratio such as 3:1.",
                    ratio, null, IssueCodes.TOO_LARGE, "1000:1");
        }
    }

    /**
     * Whether {@code ratio} is a number of at most {@link #MAX_RATIO} ({@code a:0} is none, and neither is a
     * side that broken text left without a number, which the syntax error reports).
     */
    private static boolean inRange(Ratio ratio) {
        return Units.ratio(ratio) <= MAX_RATIO;
    }

    /**
     * Every written tier ratio reaches the builder: a tree of L switch tiers has L − 1 uplink levels,
     * the top tier's ratio applying to the links into it ({@code ClusterTopologies}), so at most L
     * ratios, and tier L − 1's and the top tier's, which set the same links, not both above 1:1
     * unless equal (the builder would keep the larger). A single switch has no uplinks.
     */
    @Check
    public void checkRatiosReachTheBuilder(Topology topology) {
        EStructuralFeature feature = topology.eClass().getEStructuralFeature("oversubscription");
        if (feature == null || !(topology instanceof FatTreeTopology || topology instanceof RailOptimizedTopology)) {
            return;
        }
        @SuppressWarnings("unchecked")
        List<Ratio> written = (List<Ratio>) topology.eGet(feature);
        int tiers = topology instanceof FatTreeTopology tree ? tree.getTiers()
                : Math.max(2, ((RailOptimizedTopology) topology).getTiers());
        if (written.isEmpty() || tiers < 1 || tiers > ClusterTopologies.MAX_TIERS
                || !written.stream().allMatch(OversubscriptionValidator::inRange)) {
            return;
        }
        if (tiers == 1) {
            if (written.stream().anyMatch(ratio -> Units.ratio(ratio) > 1)) {
                error("A single switch tier has no uplinks, so no ratio applies to it: remove the 'oversubscription'"
                        + " line, or write 'tiers 2' and the leaf ratio.", topology, feature,
                        IssueCodes.OVERSUBSCRIPTION_UNUSED, "");
            }
            return;
        }
        if (written.size() > tiers) {
            error(tiers + " switch tiers take at most " + tiers + " ratios (leaf first; the top tier's applies to the"
                    + " links into it): remove the " + (written.size() - tiers) + " after the " + ordinal(tiers)
                    + ", or write 'tiers " + Math.min(written.size(), ClusterTopologies.MAX_TIERS) + "'.", written.get(tiers),
                    null, IssueCodes.OVERSUBSCRIPTION_UNUSED, String.join(", ", labels(written.subList(0, tiers))));
            return;
        }
        if (written.size() == tiers) {
            double below = Units.ratio(written.get(tiers - 2));
            double top = Units.ratio(written.get(tiers - 1));
            if (below > 1 && top > 1 && below != top) {
                List<String> kept = labels(written.subList(0, tiers - 2));
                kept.add(label(Math.max(below, top)));
                error("Tier " + (tiers - 1) + "'s " + label(below) + " and the top tier's " + label(top) + " both set"
                        + " the links into tier " + tiers + " (the top tier has no uplinks), so the larger would"
                        + " silently win: keep one, e.g. '" + String.join(", ", kept) + "'.", written.get(tiers - 1),
                        null, IssueCodes.OVERSUBSCRIPTION_UNUSED, String.join(", ", kept));
            }
        }
    }

    private static String ordinal(int n) {
        return n == 1 ? "first" : n == 2 ? "second" : "third";
    }

    private static String label(double ratio) {
        return Oversubscription.format(ratio);
    }

    /** The ratios as labels ("7:1"), in a list the caller may extend. */
    private static List<String> labels(List<Ratio> ratios) {
        return ratios.stream().map(ratio -> label(Units.ratio(ratio))).collect(Collectors.toCollection(ArrayList::new));
    }

    @Check
    public void checkClusterOversubscriptionMatchesPorts(Cluster cluster) {
        ClusterSpec spec = CheckedSpecs.cluster(mapper, getContext(), cluster);
        for (Oversubscription.Ratio ratio : ratios(spec, cluster)) {
            if (!ratio.matchesPorts()) {
                error(capital(ratio) + " cannot be " + Oversubscription.format(ratio.declared()) + " with "
                        + radix(spec) + "-port switches: the nearest the ports realize is " + ratio.label() + " ("
                        + ratio.downlinks() + " down, " + ratio.uplinks() + " up). Write " + ratio.label()
                        + ", or use a switch with more ports.", target(cluster, ratio), null,
                        IssueCodes.OVERSUBSCRIPTION_PORTS, String.valueOf(ratio.tier()), ratio.label());
            }
        }
    }

    @Check
    public void checkClusterOversubscriptionWithinPolicy(Cluster cluster) {
        ClusterSpec spec = CheckedSpecs.cluster(mapper, getContext(), cluster);
        for (Oversubscription.Ratio ratio : ratios(spec, cluster)) {
            if (ratio.matchesPorts() && abovePolicy(spec, ratio)) {
                double policy = spec.maxOversubscription();
                error(capital(ratio) + " is oversubscribed " + ratio.label() + ", above this cluster's"
                        + " max-oversubscription " + Oversubscription.format(policy) + ". " + remedy(ratio)
                        + ", or relax the policy.", target(cluster, ratio), null, IssueCodes.OVERSUBSCRIPTION_POLICY,
                        ratio.where(), ratio.label(), Oversubscription.format(policy));
            }
        }
    }

    /** A ratio above 1:1 that the ports realize and the policy allows: a warning that shows its cost. */
    @Check
    public void checkClusterNotOversubscribed(Cluster cluster) {
        ClusterSpec spec = CheckedSpecs.cluster(mapper, getContext(), cluster);
        for (Oversubscription.Ratio ratio : ratios(spec, cluster)) {
            if (ratio.matchesPorts() && !abovePolicy(spec, ratio) && ratio.oversubscribed()) {
                warning(capital(ratio) + " is oversubscribed " + ratio.label() + ": under load, traffic through it"
                        + " gets 1/" + trim(ratio.ratio()) + " of its bandwidth. " + remedy(ratio)
                        + " if this traffic matters.", target(cluster, ratio), null, IssueCodes.OVERSUBSCRIBED,
                        ratio.where(), ratio.label());
            }
        }
    }

    /** The cluster's ratios, or none when it does not map, has no scale-out or writes a ratio out of range. */
    private static List<Oversubscription.Ratio> ratios(ClusterSpec spec, Cluster cluster) {
        if (spec == null || cluster.getScaleOut() == null
                || !EcoreUtil2.eAllOfType(cluster, Ratio.class).stream().allMatch(OversubscriptionValidator::inRange)) {
            return List.of();
        }
        return Oversubscription.of(spec);
    }

    private static boolean abovePolicy(ClusterSpec spec, Oversubscription.Ratio ratio) {
        double policy = spec.maxOversubscription();
        return policy > 0 && ratio.ratio() > policy * (1 + 1e-9);
    }

    /** Where the ratio applies, capitalized to open a sentence. */
    private static String capital(Oversubscription.Ratio ratio) {
        String where = ratio.where();
        return Character.toUpperCase(where.charAt(0)) + where.substring(1);
    }

    private static String remedy(Oversubscription.Ratio ratio) {
        return switch (ratio.point()) {
            case TIER -> "Keep data-parallel and pipeline groups below this tier, or declare a lower ratio (more uplinks)";
            case INJECTION -> "Give every accelerator its own full-rate NIC port";
            case HOST -> "Use a NIC whose PCIe link (generation and width) carries its full rate";
        };
    }

    private static String trim(double ratio) {
        String label = Oversubscription.format(ratio);
        return label.substring(0, label.length() - 2);
    }

    /** The radix of the tiered topology's switch (only called for a ratio checked against ports). */
    private static int radix(ClusterSpec spec) {
        TopologySpec topology = spec.scaleOut().topology();
        return topology instanceof TopologySpec.FatTree fatTree ? fatTree.switchSpec().radix()
                : ((TopologySpec.RailOptimized) topology).switchSpec().radix();
    }

    /**
     * The declared ratio of a tier when written, else the topology; for injection and host the node group whose
     * ratio it is (the first group when the groups share it).
     */
    private static EObject target(Cluster cluster, Oversubscription.Ratio ratio) {
        Topology topology = cluster.getScaleOut().getTopology();
        if (ratio.point() != Oversubscription.Point.TIER || topology == null) {
            return cluster.getGroups().stream().filter(group -> group.getNode() != null
                    && ratio.group().equals(group.getNode().getName())).findFirst().orElse(cluster.getGroups().get(0));
        }
        EStructuralFeature feature = topology.eClass().getEStructuralFeature("oversubscription");
        if (feature != null) {
            @SuppressWarnings("unchecked")
            List<Ratio> declared = (List<Ratio>) topology.eGet(feature);
            if (ratio.tier() - 1 < declared.size()) {
                return declared.get(ratio.tier() - 1);
            }
        }
        return topology;
    }
}
