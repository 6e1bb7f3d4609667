package org.fabricsim.runtime.fabricbehaviour;

import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.Graph;

/**
 * The bytes a {@link FabricBehaviour}'s switches hold on one cluster before they drop or block a link, for {@link
 * TopologyContention}. A switch of stated shared buffer S ({@link ClusterTopology#switchBufferBytes}) admits what the
 * scenario's switch of 12 MiB admits, by the same rules with its own S; a switch that states none is the scenario's.
 * Drops ({@link DropTimeouts}): the egress queue of link L sits on the switch that sends on L (its from-node), which
 * admits α·S / (1 + α). Head-of-line blocking ({@code HeadOfLineBlocking}): the backlog L's held-back flows leave sits
 * in the switch L leads to (its to-node), which pauses L at PFC's threshold S / 9 + reserve; a credit is the link's
 * whatever S ({@link FabricBehaviour#backlogBufferBytes(double)}). A sprayed group of g members between switches holds
 * B_G = Σ B_member = g·B: spraying deals each flow's packets round robin over the members, so the held-back flows'
 * backlog fills every member's next switch alike (each member's credit, or each spine's pause threshold), and the group
 * blocks when the backlog outgrows them all. Per-link arrays built once, O(links); every call O(1).
 */
final class SwitchBuffers {
    /**
     * Per physical link between two switches, the backlog its next switch holds before blocking it, per group handle
     * the sum over its members; +∞ elsewhere.
     */
    private final double[] backlogBytes;
    /** Per physical link, the queue its sending switch admits before dropping; null without drops. */
    private final double[] admittedBytes;
    /** Whether the scenario's switch blocks a link at a finite backlog. */
    private final boolean blocks;

    /** {@code multipath}: per physical link, whether it runs between two switches; {@code drops}: whether they drop. */
    SwitchBuffers(FabricBehaviour behaviour, ClusterTopology topology, boolean[] multipath, boolean drops) {
        Graph graph = topology.graph();
        int links = graph.linkCount();
        double scenarioBacklogBytes = behaviour.backlogBufferBytes();
        blocks = scenarioBacklogBytes != Double.POSITIVE_INFINITY;
        backlogBytes = new double[graph.flowLinkCount()];
        for (int link = 0; link < links; link++) {
            double stated = topology.switchBufferBytes(graph.linkTo(link));
            backlogBytes[link] = !multipath[link] ? Double.POSITIVE_INFINITY
                    : stated > 0 ? behaviour.backlogBufferBytes(stated) : scenarioBacklogBytes;
            for (int group = graph.groupOf(link); group >= 0; group = graph.groupOf(group)) {
                backlogBytes[group] += backlogBytes[link];
            }
        }
        admittedBytes = drops ? new double[links] : null;
        for (int link = 0; admittedBytes != null && link < links; link++) {
            double stated = topology.switchBufferBytes(graph.linkFrom(link));
            admittedBytes[link] = stated > 0 ? DropTimeouts.admittedQueueBytes(stated)
                    : DropTimeouts.DROP_FREE_QUEUE_BYTES;
        }
    }

    /** Whether the scenario's switch blocks a link at a finite backlog (head-of-line blocking can derate). */
    boolean blocks() {
        return blocks;
    }

    /** The backlog {@code link}'s next switch holds before blocking it (a group's: its members'), +∞ where none. */
    double backlogBytes(int link) {
        return link < backlogBytes.length ? backlogBytes[link] : Double.POSITIVE_INFINITY;
    }

    /** The queue {@code link}'s sending switch admits before dropping (a group handle: the drop-free queue). */
    double admittedBytes(int link) {
        return link < admittedBytes.length ? admittedBytes[link] : DropTimeouts.DROP_FREE_QUEUE_BYTES;
    }
}
