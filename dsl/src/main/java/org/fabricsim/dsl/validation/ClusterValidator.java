package org.fabricsim.dsl.validation;

import static org.fabricsim.dsl.model.Written.written;

import java.util.List;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Node;
import org.fabricsim.dsl.fabric.NodeGroup;
import org.fabricsim.dsl.fabric.ScaleUpDomain;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.topology.ClusterDomains;

import com.google.inject.Inject;

/**
 * A cluster's nodes: every group has nodes, a sketched node has accelerators, and the sketch form
 * ({@code nodes N x M accelerators} with {@code link}) is not mixed with catalog nodes. A count the
 * parser could not read is left to the syntax error, so one mistake gives one diagnostic. Groups of
 * one node type add up; groups of different types of one shape are placed side by side; types of
 * different shapes are refused. Scale-up domains are joined only by a scale-out fabric. The accelerators, and the
 * ports of the nodes' NICs, number at most 2^31 − 1.
 */
public class ClusterValidator extends FabricCheck {
    /** The most ports one switch has: Broadcom Tomahawk 5's 512 × 100 GbE. */
    private static final int MAX_SWITCH_PORTS = 512;

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkNodeGroupNotEmpty(NodeGroup group) {
        if (written(group, Literals.NODE_GROUP__COUNT) && group.getCount() < 1) {
            error("A cluster needs at least 1 node; write 'nodes 1 x ...' or more.", group,
                    Literals.NODE_GROUP__COUNT, IssueCodes.EMPTY_CLUSTER);
        }
        if (written(group, Literals.NODE_GROUP__ACCELERATORS_PER_NODE) && group.getAcceleratorsPerNode() < 1) {
            error("A node needs at least 1 accelerator; write '... x 1 accelerators' or more.", group,
                    Literals.NODE_GROUP__ACCELERATORS_PER_NODE, IssueCodes.EMPTY_CLUSTER);
        }
    }

    /**
     * The engine counts a cluster's accelerators in an int: more than 2^31 − 1 (say 'nodes 2147483647 x DGX_H100')
     * validated, since the design checks skip a cluster that does not map, and every run then failed inside.
     */
    @Check
    public void checkClusterAcceleratorsCountable(Cluster cluster) {
        long accelerators = 0;
        for (NodeGroup group : cluster.getGroups()) {
            Node node = group.getNode();
            long perNode = node == null ? group.getAcceleratorsPerNode() : node.eIsProxy() ? 0 : node.getAccelerators();
            accelerators += group.getCount() * perNode;
        }
        if (accelerators > Integer.MAX_VALUE) {
            error(cluster.getName() + " has " + accelerators + " accelerators, more than the " + Integer.MAX_VALUE
                    + " the engine counts: write fewer nodes.", cluster, Literals.ELEMENT__NAME,
                    IssueCodes.TOO_MANY_ACCELERATORS);
        }
    }

    /**
     * The engine counts a cluster's NICs, and each node's NIC ports, in an int too (the topology's endpoints, the
     * rails and planes they feed): {@code nics 2147483647 x ...} on a few nodes validated and every run then ended in
     * an internal error or the engine's words. Bound as the accelerators are: the ports of all NICs, nodes × NICs ×
     * ports per NIC, at most 2^31 − 1.
     */
    @Check
    public void checkClusterNicPortsCountable(Cluster cluster) {
        long ports = 0;
        for (NodeGroup group : cluster.getGroups()) {
            Node node = group.getNode();
            if (node != null && !node.eIsProxy() && node.getNic() != null && !node.getNic().eIsProxy()) {
                ports += (long) group.getCount() * node.getNics() * Math.max(1, node.getNic().getPorts());
            }
        }
        if (ports > Integer.MAX_VALUE) {
            error(cluster.getName() + " has " + ports + " NIC ports (nodes x NICs x ports per NIC), more than the "
                    + Integer.MAX_VALUE + " the engine counts: write the node's NICs as a count per node, such as"
                    + " 'nics 8 x ...' (one per accelerator), or fewer nodes.", cluster, Literals.ELEMENT__NAME,
                    IssueCodes.TOO_MANY_NICS);
        }
    }

    @Check
    public void checkClusterLinkMatchesSketch(Cluster cluster) {
        boolean sketched = cluster.getGroups().stream()
                .anyMatch(g -> g.getNode() == null && written(g, Literals.NODE_GROUP__ACCELERATORS_PER_NODE));
        boolean catalog = cluster.getGroups().stream().anyMatch(g -> written(g, Literals.NODE_GROUP__NODE));
        boolean hasLink = cluster.getLinkRate() != null;
        if (sketched && !hasLink) {
            error("A sketched cluster needs its network: add 'link 400 Gb/s latency 1 us' (per accelerator, per hop).",
                    cluster, Literals.ELEMENT__NAME, IssueCodes.SKETCH_NEEDS_LINK);
        } else if (catalog && !sketched && hasLink) {
            error("'link' only describes sketched nodes ('nodes N x M accelerators'); a cluster of catalog nodes"
                    + " takes its network from 'scale-out'.", cluster, Literals.CLUSTER__LINK_RATE,
                    IssueCodes.LINK_NEEDS_SKETCH);
        } else if (sketched && (cluster.getScaleOut() != null || cluster.getDataCentre() != null)) {
            boolean scaleOut = cluster.getScaleOut() != null;
            error("A sketched cluster ('nodes N x M accelerators') runs on its 'link', every accelerator on one"
                    + " switch, and builds no '" + (scaleOut ? "scale-out" : "data-centre") + "' network: remove it,"
                    + " or declare a node with its NICs ('node N { accelerators 8 x ... nics 8 x ... }') to run on it.",
                    cluster, scaleOut ? Literals.CLUSTER__SCALE_OUT : Literals.CLUSTER__DATA_CENTRE,
                    IssueCodes.SKETCH_NETWORK);
        }
    }

    /**
     * The {@code link} shorthand builds one switch with a port per accelerator, whatever their count: 100,000 nodes of
     * 8 became one 800,000-port switch without a word. No switch has more than 512 ports (Broadcom Tomahawk 5,
     * 51.2 Tb/s: 512 × 100 GbE or 64 × 800 GbE; NVIDIA Quantum-X800 Q3400: 144 × 800 Gb/s; Spectrum-4 SN5600: 64 ×
     * 800 GbE, the vendors' data sheets), so a sketch above that warns and names the fix: nodes with NICs on a
     * {@code fat-tree}, whose tiers a real network of that size needs.
     */
    @Check
    public void checkClusterSketchSwitchRadix(Cluster cluster) {
        if (cluster.getLinkRate() == null) {
            return;
        }
        long ports = cluster.getGroups().stream().filter(g -> g.getNode() == null)
                .mapToLong(g -> (long) g.getCount() * g.getAcceleratorsPerNode()).sum();
        // Beyond 2^31 - 1 accelerators the count's own error speaks (checkClusterAcceleratorsCountable).
        if (ports > MAX_SWITCH_PORTS && ports <= Integer.MAX_VALUE) {
            warning("The 'link' shorthand puts all " + ports + " accelerators on one switch of " + ports
                    + " ports; no switch has more than " + MAX_SWITCH_PORTS + " (Broadcom Tomahawk 5: 512 x 100 GbE or"
                    + " 64 x 800 GbE; NVIDIA Quantum-X800: 144 x 800 Gb/s). Declare a node with its NICs and a"
                    + " 'scale-out ... fat-tree { switch ... tiers 2 }' to build the tiers a network of this size has.",
                    cluster, Literals.CLUSTER__LINK_RATE, IssueCodes.SKETCH_SWITCH_RADIX, String.valueOf(ports));
        }
    }

    /**
     * The engine joins scale-up domains over the scale-out fabric only, reached through the nodes' NICs (a torus
     * through the accelerators themselves), and refuses more than one domain without it ({@link
     * ClusterDomains#unjoined}, the build's own rule), so a cluster of several domains and no scale-out, or nodes
     * without NICs, would validate and then fail every run that builds it. A sketched cluster takes its network from
     * its link, and one without is left to {@link #checkClusterLinkMatchesSketch}.
     */
    @Check
    public void checkClusterDomainsHaveScaleOut(Cluster cluster) {
        if (cluster.getLinkRate() != null || cluster.getGroups().stream().anyMatch(g -> g.getNode() == null)) {
            return;
        }
        ClusterSpec spec = CheckedSpecs.cluster(mapper, getContext(), cluster);
        if (spec == null || !ClusterDomains.unjoined(spec)) {
            return;
        }
        int domain = ClusterDomains.size(spec);
        String domains = cluster.getName() + " has " + spec.accelerators() / domain + " scale-up domains of " + domain
                + (domain == 1 ? " accelerator (" : " accelerators (") + spec.nodes()
                + (spec.nodes() == 1 ? " node" : " nodes") + " of " + spec.acceleratorsPerNode() + ")";
        String missing = spec.scaleOut() == null ? " and no scale-out fabric to join them"
                : " and its nodes have no NICs into the scale-out fabric to join them";
        String network = spec.scaleOut() == null ? "give it a scale-out fabric (such as 'scale-out RoCEv2"
                + " single-switch')" : "give its node NICs (such as 'nics 8 x ConnectX7')";
        error(domains + missing + ", which the engine does not build: " + network + ", or use one domain (one node"
                + " whose scale-up domain spans its accelerators).",
                cluster, Literals.ELEMENT__NAME, IssueCodes.DOMAINS_NEED_SCALE_OUT);
    }

    /**
     * Node groups of one node type are one pool of nodes; groups of different types are placed side by
     * side in written order, each on its own links, which the engine builds when their nodes have one
     * shape ({@link #shape}): otherwise the second type is an error instead of a cluster built wrong.
     */
    @Check
    public void checkClusterNodeGroupsOfOneShape(Cluster cluster) {
        List<NodeGroup> groups = cluster.getGroups();
        if (groups.size() < 2) {
            return; // a cluster still being written may have no node group yet
        }
        String first = shape(groups.get(0));
        for (int i = 1; i < groups.size(); i++) {
            String other = shape(groups.get(i));
            if (!first.equals(other)) {
                String firstName = typeName(groups.get(0));
                String name = typeName(groups.get(i));
                error(name + " cannot share this cluster with " + firstName + ": node groups of different types are"
                        + " placed side by side only when their nodes have the same shape, and " + firstName + " has "
                        + first + " where " + name + " has " + other + ". Give " + name + " a cluster of its own, or"
                        + " use a node type shaped like " + firstName + ".", groups.get(i), null,
                        IssueCodes.MIXED_NODE_GROUPS, firstName);
            }
        }
    }

    /**
     * What every node group of a cluster shares: accelerators per node, the scale-up domain (shape, size,
     * in-switch reduction) and the NICs per node; a sketched node is its own shape.
     */
    private static String shape(NodeGroup group) {
        Node node = group.getNode();
        if (node == null) {
            return "sketched nodes of " + group.getAcceleratorsPerNode() + " accelerators";
        }
        ScaleUpDomain scaleUp = node.getScaleUp();
        String domain = "no scale-up domain";
        if (scaleUp != null && scaleUp.getFabric() != null) {
            int size = scaleUp.getDomainSize() > 0 ? scaleUp.getDomainSize() : node.getAccelerators();
            boolean reduces = scaleUp.getFabric().isInNetworkReduction()
                    && (scaleUp.getSwitchType() == null || scaleUp.getSwitchType().isInNetworkReduction());
            domain = "a " + scaleUp.getTopology().getLiteral() + " scale-up domain of " + size
                    + (reduces ? " reducing in the switch" : "");
        }
        String nics = node.getNic() == null ? "no NICs" : node.getNics() + " NICs" + (node.isRailAligned()
                ? " rail-aligned" : "");
        return node.getAccelerators() + " accelerators per node, " + domain + " and " + nics;
    }

    private static String typeName(NodeGroup group) {
        return group.getNode() == null ? group.getAcceleratorsPerNode() + " accelerators" : group.getNode().getName();
    }
}
