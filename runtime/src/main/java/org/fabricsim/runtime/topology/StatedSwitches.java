package org.fabricsim.runtime.topology;

import java.util.Arrays;

import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TierStructure;
import org.fabricsim.runtime.spec.TopologySpec;

/**
 * What each switch of a cluster's networks states, per graph node: its shared buffer
 * ({@link SwitchSpec#bufferBytes}, for the flow model's fabric behaviour: drops and head-of-line blocking,
 * {@code FabricBehaviour#on}) and its port-to-port latency ({@link SwitchSpec#latencyPs}), paid by every
 * packet the switch forwards: it is added to the latency of each link the switch sends on, so a path
 * NIC → leaf → spine → leaf → NIC pays its fabric links' latencies plus L_leaf + L_spine + L_leaf, and the
 * flow model, the collectives' time in flight and the packet backend all read it from the graph.
 *
 * <p>A network's switches are found by their tier, the number of switch-to-switch hops from the switches
 * its NICs attach to: 0 the leaves (and every router of a dragonfly, every plane's leaves behind a
 * multi-port NIC), 1 the spines (a three-tier fabric's aggregation tier), 2 the core. A tier whose level
 * the topology states ({@code leaf}, {@code spine}, {@code core}) takes that level's switch, the others
 * the topology's {@code switch}; a node of no network (a scale-up domain switch, whose domain is one
 * non-blocking switch) states nothing: buffer 0 (the behaviour table's scenario switch) and no latency.
 * The scale-out fabric and the data-centre network are walked apart (they share no switch). A cluster
 * whose switches state neither is returned as it is, bit for bit. O(links × tiers), once per built cluster.
 */
final class StatedSwitches {
    private static final int UNREACHED = Integer.MAX_VALUE;

    private StatedSwitches() {
    }

    /** {@code topology} with the buffers and latencies {@code cluster}'s switches state. */
    static ClusterTopology stated(ClusterSpec cluster, ClusterTopology topology) {
        ScaleOutSpec scaleOut = cluster.scaleOut() != null && topology.hasNics() ? cluster.scaleOut() : null;
        ScaleOutSpec dataCentre = cluster.dataCentre() != null ? cluster.dataCentre().network() : null;
        boolean scaleOutStates = statesAny(scaleOut);
        boolean dataCentreStates = statesAny(dataCentre);
        if (!scaleOutStates && !dataCentreStates) {
            return topology;
        }
        SwitchSpec[] perNode = new SwitchSpec[topology.graph().nodeCount()];
        if (scaleOutStates) {
            fill(perNode, scaleOut, topology);
        }
        if (dataCentreStates) {
            fill(perNode, dataCentre, topology.onDataCentre());
        }
        double[] bytes = new double[perNode.length];
        long[] latencyPs = new long[perNode.length];
        for (int node = 0; node < perNode.length; node++) {
            if (perNode[node] != null) {
                bytes[node] = perNode[node].bufferBytes();
                latencyPs[node] = perNode[node].latencyPs();
            }
        }
        ClusterTopology buffered = Arrays.stream(bytes).anyMatch(b -> b > 0) ? topology.withSwitchBuffers(bytes)
                : topology;
        return Arrays.stream(latencyPs).anyMatch(l -> l > 0) ? buffered.withSenderLatencies(latencyPs) : buffered;
    }

    /** Whether a switch of {@code network} (none: null) states a buffer or a latency. */
    private static boolean statesAny(ScaleOutSpec network) {
        if (network == null) {
            return false;
        }
        for (int tier = 0; tier < 3; tier++) {
            SwitchSpec switchSpec = switchOf(network.topology(), tier);
            if (switchSpec != null && (switchSpec.bufferBytes() > 0 || switchSpec.latencyPs() > 0)) {
                return true;
            }
        }
        return false;
    }

    /** Writes {@code network}'s switches on the switch nodes of {@code through}'s fabric, by tier. */
    private static void fill(SwitchSpec[] perNode, ScaleOutSpec network, ClusterTopology through) {
        TopologySpec spec = network.topology();
        SwitchSpec[] perTier = {switchOf(spec, 0), switchOf(spec, 1), switchOf(spec, 2)};
        int[] tier = tiers(through);
        for (int node = 0; node < perNode.length; node++) {
            if (tier[node] >= 0 && tier[node] != UNREACHED) {
                perNode[node] = perTier[Math.min(tier[node], perTier.length - 1)];
            }
        }
    }

    /**
     * Per node, its switch tier in {@code topology}'s fabric: hops from the switches its NICs attach to
     * (−1 for a multi-port NIC node, {@link #UNREACHED} off the fabric). Relaxed over every link until stable.
     */
    private static int[] tiers(ClusterTopology topology) {
        Graph graph = topology.graph();
        int[] tier = new int[graph.nodeCount()];
        Arrays.fill(tier, UNREACHED);
        for (int accelerator = 0; accelerator < topology.accelerators(); accelerator++) {
            int attach = graph.linkTo(topology.nicUplink(accelerator));
            tier[attach] = graph.nodeKind(attach) == Graph.SWITCH ? 0 : -1;
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int link = 0; link < graph.linkCount(); link++) {
                int from = tier[graph.linkFrom(link)];
                int to = graph.linkTo(link);
                if (from != UNREACHED && graph.nodeKind(to) == Graph.SWITCH && from + 1 < tier[to]) {
                    tier[to] = from + 1;
                    changed = true;
                }
            }
        }
        return tier;
    }

    /** The switch of tier {@code tier} (0 leaf, 1 spine, 2 core) of {@code spec}; null where none is named. */
    static SwitchSpec switchOf(TopologySpec spec, int tier) {
        TierStructure structure = ClusterTopologies.structure(spec);
        TierStructure.Level level = tier == 0 ? structure.leaf() : tier == 1 ? structure.spine() : structure.core();
        return level != null ? level.switchSpec() : spec.switchSpec();
    }
}
