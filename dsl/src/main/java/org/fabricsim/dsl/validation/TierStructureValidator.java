package org.fabricsim.dsl.validation;

import java.util.List;
import java.util.Locale;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.PodStructure;
import org.fabricsim.dsl.fabric.Topology;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.runtime.analysis.LockIn;
import org.fabricsim.runtime.analysis.Oversubscription;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeGroupSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.TierStructure;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.TierLayout;

import com.google.inject.Inject;

/**
 * A fat-tree or rail-optimized network as really built: the stated tiers have the ports for their
 * links and counts the builder can wire evenly, pods divide the nodes, planes match the NIC ports.
 * The counts come from {@link TierLayout}, the builder's own arithmetic.
 */
public class TierStructureValidator extends FabricCheck {
    @Inject
    private SpecMapper mapper;

    @Check
    public void checkTierPortsFitRadix(Cluster cluster) {
        TierLayout layout = layout(cluster, true);
        ClusterSpec spec = spec(cluster);
        if (layout != null) {
            checkTiersFit(layout, cluster.getScaleOut().getTopology(), spec.accelerators());
        }
        if (spec != null && spec.dataCentre() != null && cluster.getDataCentre() != null
                && ClusterTopologies.structure(spec.dataCentre().network().topology()).statesLevels()) {
            checkTiersFit(ClusterTopologies.layout(spec.dataCentre(), spec.node(), spec.accelerators()),
                    cluster.getDataCentre().getTopology(), spec.accelerators());
        }
    }

    /**
     * Each stated tier of {@code layout} (written as {@code topology}) has the ports for its links. A leaf of R ports
     * of rate R_p whose u uplinks at r_u take U = ⌈u·r_u ÷ R_p⌉ of them has h = ⌊(R − U)·R_p ÷ r⌋ left for NIC ports at
     * r; the fix is the smallest count of leaves per rail that divides the rail's n = ⌈N ÷ k⌉ NIC ports (N
     * {@code accelerators}, k rails) and is at least ⌈n ÷ h⌉, so that {@code fabric.physical.tier-count} holds too.
     */
    private void checkTiersFit(TierLayout layout, Topology topology, int accelerators) {
        for (TierLayout.Tier tier : layout.tiers()) {
            if (tier.fits()) {
                continue;
            }
            int radix = tier.switchSpec().radix();
            double port = tier.switchSpec().portBytesPerSecond();
            long upPorts = (long) Math.ceil(tier.uplinks() * tier.upBytesPerSecond() / port - 1e-9);
            long hosts = (long) Math.floor((radix - upPorts) * port / tier.downBytesPerSecond() + 1e-9);
            String leafFix = "";
            String fix = "use a switch of at least " + tier.portsUsed() + " ports";
            if (tier.role().equals("leaf") && hosts >= 1) {
                int rails = layout.rails();
                int perRail = (accelerators + rails - 1) / rails;
                int leavesPerRail = Counts.smallestDivisorAtLeast(perRail, (int) ((perRail + hosts - 1) / hosts));
                leafFix = String.valueOf(rails * leavesPerRail);
                fix = "write 'leaf " + leafFix + " x " + name(tier) + "' (" + perRail / leavesPerRail
                        + " NIC ports each), or " + fix;
            } else if (!tier.role().equals("leaf")) {
                fix += ", or fewer " + (tier.role().equals("core") ? "pods" : "switches below it");
            }
            error("Each of the " + tier.switches() + " " + tier.role() + " switches (" + name(tier) + ", " + radix
                    + " ports) needs " + tier.portsUsed() + ": " + links(tier.downlinks(), tier.downBytesPerSecond())
                    + " down" + (tier.uplinks() > 0 ? " and " + links(tier.uplinks(), tier.upBytesPerSecond()) + " up"
                            : "") + ". " + capitalized(fix) + ".", target(topology, tier.role()), null,
                    IssueCodes.TIER_PORTS, tier.role(), String.valueOf(tier.portsUsed()), leafFix);
        }
    }

    /**
     * A leaf the builder derives (no tiers stated) must hold its NIC ports and uplinks. {@link TierLayout} sizes it
     * for the breakout of the fastest group's NIC ports: h = ⌊R·o ÷ ((1 + o)·c)⌋ for c = r ÷ R_p switch ports per NIC
     * port, stepped down while h NIC ports at the per-accelerator NIC rate r and u = ⌈h·r ÷ (o·r₁)⌉ uplinks at the
     * fabric's rate r₁, ⌈h·r ÷ R_p⌉ + ⌈u·r₁ ÷ R_p⌉ ports ({@link TierLayout.Tier#portsUsed}), overflow R; at least
     * 1. So only a leaf that cannot hold even one NIC port and its uplinks is refused (two 200G ports per accelerator
     * on a 2-port 200G switch: 2 + 2 = 4 of 2): the fix is a plane per NIC port where an accelerator has several, or
     * switch ports that carry a NIC port each (a stated leaf count where one fits). A mixed cluster's node types are
     * checked each, on the leaves sized for its own NICs ({@code MixedNodeGroups}), named.
     */
    @Check
    public void checkDerivedLeafPortsFitRadix(Cluster cluster) {
        ClusterSpec spec = spec(cluster);
        if (spec == null) {
            return;
        }
        List<NodeSpec> types = spec.nodeGroups().stream().map(NodeGroupSpec::node).distinct().toList();
        for (NodeSpec node : types) {
            if (spec.scaleOut() != null && node.nic() != null && cluster.getScaleOut() != null
                    && derivedTree(spec.scaleOut().topology())) {
                int nicPorts = Math.max(1, node.nics()) * node.nic().ports() / node.accelerators();
                String name = node.name().substring(node.name().lastIndexOf('.') + 1);
                checkLeafFits(spec.scaleOut().topology(),
                        ClusterTopologies.layout(spec, node),
                        cluster.getScaleOut().getTopology(), nicPorts > 1
                                ? "give each NIC port its own plane ('planes " + nicPorts + "')"
                                : "use a switch whose ports carry a NIC port each",
                        types.size() > 1 ? " of the " + name + " nodes" : "");
            }
        }
        if (spec.dataCentre() != null && cluster.getDataCentre() != null
                && derivedTree(spec.dataCentre().network().topology())) {
            checkLeafFits(spec.dataCentre().network().topology(),
                    ClusterTopologies.layout(spec.dataCentre(), spec.node(), spec.accelerators()),
                    cluster.getDataCentre().getTopology(), "use a switch whose ports carry a NIC share each", "");
        }
    }

    /** A fat-tree or rail-optimized tree of at least two tiers whose levels the model does not state. */
    private static boolean derivedTree(TopologySpec topology) {
        return (topology instanceof TopologySpec.FatTree || topology instanceof TopologySpec.RailOptimized)
                && !ClusterTopologies.structure(topology).statesLevels() && ClusterTopologies.builtTiers(topology) >= 2;
    }

    /** The check for one layout; {@code whose} names the node type in a mixed cluster (each group's own leaves). */
    private void checkLeafFits(TopologySpec topology, TierLayout layout, Topology written, String otherFix,
            String whose) {
        TierLayout.Tier leaf = layout.tiers().get(0);
        if (leaf.fits()) {
            return;
        }
        double ratio = ClusterTopologies.appliedRatios(topology)[0];
        error("Each leaf" + whose + " (" + name(leaf) + ", " + leaf.switchSpec().radix() + " ports) needs "
                + leaf.portsUsed() + ": " + links(leaf.downlinks(), leaf.downBytesPerSecond()) + " NIC ports down and "
                + links(leaf.uplinks(), leaf.upBytesPerSecond()) + " up at " + Oversubscription.format(ratio)
                + ", as the builder derives them from the radix and the NIC ports' breakout. " + capitalized(otherFix)
                + ".", written, null, IssueCodes.LEAF_PORTS, String.valueOf(leaf.portsUsed()));
    }

    @Check
    public void checkTierCountsDivide(Cluster cluster) {
        TierLayout layout = layout(cluster, true);
        if (layout == null) {
            return;
        }
        Topology topology = cluster.getScaleOut().getTopology();
        TierStructure structure = ClusterTopologies.structure(spec(cluster).scaleOut().topology());
        int rails = layout.rails();
        int built = layout.tiers().size();
        if (structure.leaf() != null) {
            int perRail = (spec(cluster).accelerators() + rails - 1) / rails;
            int count = structure.leaf().count();
            if (count % rails != 0 || perRail % Math.max(1, count / rails) != 0) {
                int suggested = rails * Counts.nearestDivisor(perRail, Math.max(1, count / rails));
                error(count + " leaf switches do not split the " + perRail + " NIC ports of each of " + rails
                        + " rail" + (rails == 1 ? "" : "s") + " evenly: write 'leaf " + suggested + " x ...' ("
                        + perRail / (suggested / rails) + " ports each).", target(topology, "leaf"), null,
                        IssueCodes.TIER_COUNT, String.valueOf(suggested));
            }
        }
        if (structure.core() != null && built < 3) {
            error("A core tier needs three switch tiers, but this network builds " + built + ": write 'tiers 3',"
                    + " or remove the core line.", target(topology, "core"), null, IssueCodes.TIER_COUNT, "");
        }
        if (built == 3 && structure.spine() != null && structure.spine().count() % layout.pods() != 0) {
            int suggested = Counts.roundUp(structure.spine().count(), layout.pods());
            error(structure.spine().count() + " spine switches do not split over the " + layout.pods() + " pods: write"
                    + " 'spine " + suggested + " x ...' (" + suggested / layout.pods() + " per pod).",
                    target(topology, "spine"), null, IssueCodes.TIER_COUNT, String.valueOf(suggested));
        }
        int perPod = layout.tiers().get(0).uplinks();
        if (built == 3 && structure.core() != null && structure.core().count() % perPod != 0) {
            int suggested = Counts.roundUp(structure.core().count(), perPod);
            error(structure.core().count() + " core switches do not split over the " + perPod + " spine planes of a"
                    + " pod: write 'core " + suggested + " x ...'.", target(topology, "core"), null,
                    IssueCodes.TIER_COUNT, String.valueOf(suggested));
        }
    }

    @Check
    public void checkPodsDivideNodes(Cluster cluster) {
        TierLayout layout = layout(cluster, false);
        PodStructure pods = layout == null ? null : (PodStructure) written(cluster.getScaleOut().getTopology(), "pods");
        if (pods == null || pods.getSize() < 1) {
            return;
        }
        ClusterSpec spec = spec(cluster);
        if (layout.tiers().size() < 3) {
            error("Pods need three switch tiers (leaf and spine inside a pod, core between pods), but this network"
                    + " builds " + layout.tiers().size() + ": write 'tiers 3'.", pods, null, IssueCodes.PODS_DIVIDE, "");
            return;
        }
        int perNode = spec.acceleratorsPerNode();
        int nodes = spec.nodes();
        int size = pods.getSize();
        if (size % perNode == 0 && nodes % (size / perNode) == 0) {
            return;
        }
        int suggested = perNode * Counts.nearestDivisor(nodes, Math.max(1, size / perNode));
        error("Pods of " + size + " accelerators do not divide the cluster's " + nodes + " nodes of " + perNode
                + ": write 'pods " + suggested + " accelerators' (" + nodes / (suggested / perNode) + " pods of "
                + suggested / perNode + " nodes).", pods, null, IssueCodes.PODS_DIVIDE, String.valueOf(suggested));
    }

    @Check
    public void checkPodRatiosStatedOnce(PodStructure pods) {
        EStructuralFeature feature = pods.eContainer().eClass().getEStructuralFeature("oversubscription");
        if ((pods.getInside() != null || pods.getJoined() != null) && feature != null
                && !((List<?>) pods.eContainer().eGet(feature)).isEmpty()) {
            error("Both the pods and the 'oversubscription' line state the ratios: keep the pods' 'at' and"
                    + " 'joined', and remove the 'oversubscription' line.", pods, null, IssueCodes.POD_RATIOS_TWICE);
        }
    }

    @Check
    public void checkPlanesMatchNicPorts(Cluster cluster) {
        ClusterSpec spec = spec(cluster);
        if (spec == null || spec.scaleOut() == null || spec.node().nic() == null || cluster.getScaleOut() == null) {
            return;
        }
        int planes = ClusterTopologies.structure(spec.scaleOut().topology()).planes();
        NicSpec nic = spec.node().nic();
        long ports = (long) Math.max(1, spec.node().nics()) * nic.ports();
        long perAccelerator = ports / spec.acceleratorsPerNode();
        if (planes < 2 || ports % spec.acceleratorsPerNode() == 0 && perAccelerator == planes) {
            return;
        }
        Topology topology = cluster.getScaleOut().getTopology();
        error(planes + " planes need one NIC port per plane for every accelerator, but each node has " + ports
                + " NIC ports for " + spec.acceleratorsPerNode() + " accelerators: write 'planes " + Math.max(1,
                        perAccelerator) + "', or a NIC with " + planes + " ports per accelerator.", topology,
                topology.eClass().getEStructuralFeature("planes"), IssueCodes.PLANES_NIC_PORTS,
                String.valueOf(Math.max(1, perAccelerator)));
    }

    /** The layout of a cluster that states its tiers (or, when {@code levelsOnly} is false, any structure). */
    private TierLayout layout(Cluster cluster, boolean levelsOnly) {
        ClusterSpec spec = spec(cluster);
        if (spec == null || spec.scaleOut() == null || spec.node().nic() == null || cluster.getScaleOut() == null) {
            return null;
        }
        TierStructure structure = ClusterTopologies.structure(spec.scaleOut().topology());
        if (levelsOnly ? !structure.statesLevels() : structure.equals(TierStructure.NONE)) {
            return null;
        }
        return ClusterTopologies.layout(spec, spec.node());
    }

    private ClusterSpec spec(Cluster cluster) {
        return CheckedSpecs.cluster(mapper, getContext(), cluster);
    }

    private static EObject written(Topology topology, String feature) {
        EStructuralFeature structural = topology.eClass().getEStructuralFeature(feature);
        return structural == null ? null : (EObject) topology.eGet(structural);
    }

    /** The tier's line when written, else the topology. */
    private static EObject target(Topology topology, String role) {
        EObject level = written(topology, role);
        return level != null ? level : topology;
    }

    private static String links(int count, double bytesPerSecond) {
        return count + " x " + String.format(Locale.ROOT, "%.0f Gb/s", bytesPerSecond * 8 / 1e9);
    }

    private static String name(TierLayout.Tier tier) {
        return LockIn.simpleName(tier.switchSpec().name());
    }

    private static String capitalized(String text) {
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
