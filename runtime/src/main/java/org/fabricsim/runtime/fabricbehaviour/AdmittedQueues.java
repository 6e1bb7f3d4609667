package org.fabricsim.runtime.fabricbehaviour;

import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.Graph;

/**
 * The queues a DCQCN or ib-cc row's switches admit, per physical link, and where a link group is read: on its lowest
 * member, whose switch admits what every member's does ({@link TopologyContention} reads a link's queue, marks and
 * inherited state from them). Built in O(links); every query O(1).
 */
final class AdmittedQueues {
    private final Graph graph;
    /** Per physical link, what one ingress of its sending switch admits (+∞: none bounds it), 0 from a NIC. */
    private final double[] ingressBytes;
    /** Per physical link, the queue its sending switch admits in all (lossy: α·S / (1 + α)), 0 from a NIC. */
    private final double[] queueBytes;
    /** Per link group (handle − physical links), its lowest member. */
    private final int[] firstMember;

    /**
     * @param scenarioSwitchBytes the buffer of a switch that states none: the packet scenarios' the table came from
     */
    AdmittedQueues(FabricBehaviour behaviour, ClusterTopology topology, double scenarioSwitchBytes) {
        graph = topology.graph();
        int links = graph.linkCount();
        ingressBytes = new double[links];
        queueBytes = new double[links];
        firstMember = new int[graph.flowLinkCount() - links];
        for (int link = links - 1; link >= 0; link--) {
            for (int group = graph.groupOf(link); group >= 0; group = graph.groupOf(group)) {
                firstMember[group - links] = link;
            }
        }
        for (int link = 0; link < links; link++) {
            if (graph.nodeKind(graph.linkFrom(link)) != Graph.SWITCH) {
                continue;
            }
            double stated = topology.switchBufferBytes(graph.linkFrom(link));
            double switchBytes = stated > 0 ? stated : scenarioSwitchBytes;
            ingressBytes[link] = behaviour.ingressAdmittedBytes(switchBytes);
            queueBytes[link] = ingressBytes[link] == Double.POSITIVE_INFINITY
                    ? DropTimeouts.admittedQueueBytes(switchBytes) : Double.POSITIVE_INFINITY;
        }
    }

    /** Whether {@code link} is a link group's handle rather than a physical link. */
    boolean isGroup(int link) {
        return link >= ingressBytes.length;
    }

    /** The physical link {@code link} is read on: itself, or a group's lowest member. */
    int physical(int link) {
        return isGroup(link) ? firstMember[link - ingressBytes.length] : link;
    }

    /** How many physical links {@code link} stands for: a group's members, else 1. */
    double members(int link) {
        return isGroup(link) ? graph.groupSize(link) : 1;
    }

    /**
     * The links a switch's admitted queue for {@code link}'s flows is spread over: a sprayed group's g members, and
     * under adaptive routing the g members of the group a physical link between switches ({@code betweenSwitches})
     * belongs to, since the packet backend's adaptive switch picks the member per packet by its queue, so each member
     * holds Q_adm/g as a sprayed one does (docs/fabric-behaviour.md, "DCQCN's adaptive all-to-all"); 1 for any other
     * link. Credits, a leaf's two adaptive uplinks fed by four hosts: Q = 4 × 262,144 / 2 = 524,288 B, not
     * 1,048,576 B.
     */
    int spreadOver(int link, boolean betweenSwitches) {
        return betweenSwitches && graph.groupOf(link) >= 0 ? graph.groupSize(graph.groupOf(link))
                : graph.groupSize(link);
    }

    /**
     * The queue the switch sending on physical {@code link} admits for it from {@code inputLinks} input links: the
     * smaller of its whole admitted queue and that many ingress shares (0 without input links).
     */
    double bytes(int link, int inputLinks) {
        return inputLinks == 0 ? 0 : Math.min(queueBytes[link], inputLinks * ingressBytes[link]);
    }
}
