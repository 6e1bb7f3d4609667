package org.fabricsim.dsl.validation;

import static org.fabricsim.dsl.model.Written.written;

import java.util.List;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.NodeGroup;

/**
 * A cluster's nodes: every group has nodes, a sketched node has accelerators, and the sketch form
 * ({@code nodes N x M accelerators} with {@code link}) is not mixed with catalog nodes. A count the
 * parser could not read is left to the syntax error, so one mistake gives one diagnostic. Groups of
 * one node type add up; groups of different types are refused until mixed clusters simulate.
 */
public class ClusterValidator extends FabricCheck {

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
        }
    }

    /**
     * Node groups of one node type are one pool of nodes; the engine builds one node type per
     * cluster, so a group of another type is an error instead of being left out of the simulation.
     */
    @Check
    public void checkClusterNodeGroupsOfOneType(Cluster cluster) {
        List<NodeGroup> groups = cluster.getGroups();
        for (int i = 1; i < groups.size(); i++) {
            if (!sameType(groups.get(0), groups.get(i))) {
                String first = typeName(groups.get(0));
                error("This cluster mixes node types (" + first + " and " + typeName(groups.get(i)) + "), but the"
                        + " engine builds one node type per cluster: give each node type a cluster of its own, or"
                        + " use " + first + " in every 'nodes' line.", groups.get(i), null,
                        IssueCodes.MIXED_NODE_GROUPS, first);
            }
        }
    }

    private static boolean sameType(NodeGroup a, NodeGroup b) {
        return a.getNode() == null ? b.getNode() == null && a.getAcceleratorsPerNode() == b.getAcceleratorsPerNode()
                : a.getNode() == b.getNode();
    }

    private static String typeName(NodeGroup group) {
        return group.getNode() == null ? group.getAcceleratorsPerNode() + " accelerators" : group.getNode().getName();
    }
}
