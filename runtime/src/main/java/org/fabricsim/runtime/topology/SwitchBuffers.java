package org.fabricsim.runtime.topology;

import java.util.Arrays;

import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TierStructure;
import org.fabricsim.runtime.spec.TopologySpec;

/**
 * The shared buffer each switch of a cluster states ({@link SwitchSpec#bufferBytes}), per graph node, for
 * the flow model's fabric behaviour (drops, head-of-line blocking; {@code FabricBehaviour#on}).
 *
 * <p>A network's switches are found by their tier, the number of switch-to-switch hops from the switches
 * its NICs attach to: 0 the leaves (and every router of a dragonfly, every plane's leaves behind a
 * multi-port NIC), 1 the spines (a three-tier fabric's aggregation tier), 2 the core. A tier whose level
 * the topology states ({@code leaf}, {@code spine}, {@code core}) takes that level's switch, the others
 * the topology's {@code switch}; a switch that states no buffer, or a node of no network (a scale-up
 * domain switch), gets 0: the behaviour table's scenario switch. The scale-out fabric and the data-centre
 * network are walked apart (they share no switch). O(links × tiers), once per built cluster.
 */
final class SwitchBuffers {
    private static final int UNREACHED = Integer.MAX_VALUE;

    private SwitchBuffers() {
    }

    /** {@code topology} with the buffers {@code cluster}'s switches state; {@code topology} itself when none does. */
    static ClusterTopology stated(ClusterSpec cluster, ClusterTopology topology) {
        boolean scaleOut = cluster.scaleOut() != null && topology.hasNics() && statesAny(cluster.scaleOut());
        boolean dataCentre = cluster.dataCentre() != null && statesAny(cluster.dataCentre().network());
        if (!scaleOut && !dataCentre) {
            return topology;
        }
        double[] bytes = new double[topology.graph().nodeCount()];
        if (scaleOut) {
            fill(bytes, cluster.scaleOut(), topology);
        }
        if (dataCentre) {
            fill(bytes, cluster.dataCentre().network(), topology.onDataCentre());
        }
        return topology.withSwitchBuffers(bytes);
    }

    /** Whether a switch of {@code network} states a buffer. */
    private static boolean statesAny(ScaleOutSpec network) {
        TopologySpec spec = network.topology();
        return bufferOf(spec, 0) > 0 || bufferOf(spec, 1) > 0 || bufferOf(spec, 2) > 0;
    }

    /** Writes {@code network}'s stated buffers on the switches of {@code through}'s fabric, by tier. */
    private static void fill(double[] bytes, ScaleOutSpec network, ClusterTopology through) {
        TopologySpec spec = network.topology();
        double[] perTier = {bufferOf(spec, 0), bufferOf(spec, 1), bufferOf(spec, 2)};
        int[] tier = tiers(through);
        for (int node = 0; node < bytes.length; node++) {
            if (tier[node] >= 0 && tier[node] != UNREACHED) {
                bytes[node] = perTier[Math.min(tier[node], perTier.length - 1)];
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

    /** The buffer the switch of tier {@code tier} (0 leaf, 1 spine, 2 core) of {@code spec} states; 0 for none. */
    private static double bufferOf(TopologySpec spec, int tier) {
        SwitchSpec fallback = spec instanceof TopologySpec.SingleSwitch single ? single.switchSpec()
                : spec instanceof TopologySpec.FatTree tree ? tree.switchSpec()
                : spec instanceof TopologySpec.RailOptimized rail ? rail.switchSpec()
                : spec instanceof TopologySpec.Dragonfly fly ? fly.switchSpec() : null;
        TierStructure structure = ClusterTopologies.structure(spec);
        TierStructure.Level level = tier == 0 ? structure.leaf() : tier == 1 ? structure.spine() : structure.core();
        SwitchSpec switchSpec = level != null ? level.switchSpec() : fallback;
        return switchSpec == null ? 0 : switchSpec.bufferBytes();
    }
}
