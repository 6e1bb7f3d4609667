package org.fabricsim.runtime.fabricbehaviour;

import org.fabricsim.runtime.network.ContentionModel;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.ScaleUpParameters;

/**
 * A {@link FabricBehaviour} on one cluster ({@link FabricBehaviour#on}): scale-up links keep their capacity,
 * the multipath factor applies between switches, and each link's buffers are its switches'.
 *
 * <p><b>Buffers.</b> A switch of stated shared buffer S ({@link ClusterTopology#switchBufferBytes}) admits
 * what the scenario's switch of 12 MiB admits, by the same rules with its own S; a switch that states none is
 * the scenario's. Drops ({@link DropTimeouts}): the egress queue of link L sits on the switch that sends on L
 * (its from-node), which admits α·S / (1 + α). Head-of-line blocking ({@code HeadOfLineBlocking}): the
 * backlog L's held-back flows leave sits in the switch L leads to (its to-node), which pauses L at PFC's
 * threshold S / 9 + reserve; a credit is the link's whatever S ({@link FabricBehaviour#backlogBufferBytes(double)}).
 * Per-link arrays built once, O(links); every call O(1) besides the behaviour's own reading.
 */
final class TopologyContention implements ContentionModel {
    private final FabricBehaviour behaviour;
    private final Graph graph;
    private final boolean[] scaleUp;
    private final boolean[] multipath;
    /** Per physical link between two switches, the backlog its next switch holds before blocking it; +∞ elsewhere. */
    private final double[] backlogBytes;
    /** Per physical link, the queue its sending switch admits before dropping; null without drops. */
    private final double[] admittedBytes;
    private final DropTimeouts drops;
    private final boolean oneBlock;
    private final boolean blocks;

    TopologyContention(FabricBehaviour behaviour, ClusterTopology topology) {
        this.behaviour = behaviour;
        this.graph = topology.graph();
        int links = graph.linkCount();
        scaleUp = new boolean[links];
        multipath = new boolean[links];
        for (int link = 0; link < links; link++) {
            byte from = graph.nodeKind(graph.linkFrom(link));
            byte to = graph.nodeKind(graph.linkTo(link));
            scaleUp[link] = from == Graph.ACCELERATOR && to == Graph.ACCELERATOR;
            multipath[link] = from == Graph.SWITCH && to == Graph.SWITCH;
        }
        if (topology.scaleUpKind() == ScaleUpParameters.Kind.SWITCHED) {
            for (int accelerator = 0; accelerator < topology.accelerators(); accelerator++) {
                scaleUp[topology.scaleUpUplink(accelerator)] = true;
                scaleUp[topology.scaleUpDownlink(accelerator)] = true;
            }
        }
        double scenarioBacklogBytes = behaviour.backlogBufferBytes();
        blocks = scenarioBacklogBytes != Double.POSITIVE_INFINITY;
        backlogBytes = new double[links];
        for (int link = 0; link < links; link++) {
            double stated = topology.switchBufferBytes(graph.linkTo(link));
            backlogBytes[link] = !multipath[link] ? Double.POSITIVE_INFINITY
                    : stated > 0 ? behaviour.backlogBufferBytes(stated) : scenarioBacklogBytes;
        }
        drops = behaviour.dropsOnOverflow() ? new DropTimeouts(behaviour.oneFlowPerSender()) : null;
        admittedBytes = drops == null ? null : new double[links];
        for (int link = 0; admittedBytes != null && link < links; link++) {
            double stated = topology.switchBufferBytes(graph.linkFrom(link));
            admittedBytes[link] = stated > 0 ? DropTimeouts.admittedQueueBytes(stated) : DropTimeouts.DROP_FREE_QUEUE_BYTES;
        }
        oneBlock = behaviour.sameAtEveryPathAndSize();
    }

    @Override
    public double saturatedCapacityFactor(int link, double overload, double flowsPerSender, double pathLinks,
            double episodeBytesPerSender, double episodeBytes) {
        if (link < scaleUp.length && scaleUp[link]) {
            return 1;
        }
        double m = overload > 1 && (link >= multipath.length || multipath[link]) ? behaviour.multipathFactor() : 1;
        double[] utilisation = behaviour.utilisation();
        if (drops != null) {
            double admitted = link < admittedBytes.length ? admittedBytes[link] : DropTimeouts.DROP_FREE_QUEUE_BYTES;
            return m * drops.capacityFactor(overload, episodeBytes, graph.linkBytesPerSecond(link), admitted);
        }
        return m * (oneBlock ? UtilisationGrid.inBlock(utilisation, 0, overload, flowsPerSender)
                : UtilisationGrid.at(utilisation, overload, flowsPerSender, pathLinks, episodeBytesPerSender));
    }

    @Override
    public double smallestFactor() {
        return drops == null && !blocks ? behaviour.smallestFactor() : 0;
    }

    @Override
    public double backlogBufferBytes(int link) {
        return link < backlogBytes.length ? backlogBytes[link] : Double.POSITIVE_INFINITY;
    }

}
