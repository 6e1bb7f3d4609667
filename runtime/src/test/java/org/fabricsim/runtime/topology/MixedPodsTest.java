package org.fabricsim.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeGroupSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.TierStructure;
import org.fabricsim.runtime.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/**
 * A mixed cluster on three tiers ({@code MixedNodeGroups}): each pod's aggregation uplinks sized for its group's
 * leaves, for the fastest where a pod holds several groups, as its leaves are.
 */
class MixedPodsTest {
    /** A 400G scale-out fabric whose links run at their full rate (efficiency 100 %), no switch latency. */
    private static final FabricSpec ETHERNET = new FabricSpec("t.E", "generic", FabricSpec.FabricScope.SCALE_OUT,
            true, "", 50e9, 0, true, FabricSpec.CongestionControl.NONE, false, false, false,
            FabricSpec.DEFAULT_FLOWS_PER_PEER, 1.0);
    private static final AcceleratorSpec GPU = new AcceleratorSpec("t.gpu", "generic", 0, 0, 0, 0, 0, 0);
    /** One-GPU nodes, no scale-up: a 400G (50 GB/s) NIC and an 800G (100 GB/s) one. */
    private static final NodeSpec HOPPER = new NodeSpec("t.H1", GPU, 1, null,
            new NicSpec("t.Nic400", "generic", 1, 50e9, 0, 0), 1, true);
    private static final NodeSpec BLACKWELL = new NodeSpec("t.B1", GPU, 1, null,
            new NicSpec("t.Nic800", "generic", 1, 100e9, 0, 0), 1, true);
    /** Three 1:1 tiers of radix 64 (no switch named), pods of 64 accelerators. */
    private static final TopologySpec PODS_OF_64 = new TopologySpec.FatTree(null, 3, List.of(1.0, 1.0),
            new TierStructure(null, null, null, 64, 1, 0));

    private static ClusterTopology build(List<NodeGroupSpec> groups) {
        int nodes = groups.stream().mapToInt(NodeGroupSpec::nodes).sum();
        return ClusterTopologies.build(new ClusterSpec("t.Mixed", groups.get(0).node(), nodes, new ScaleOutSpec(
                ETHERNET, PODS_OF_64, ScaleOutSpec.Routing.ECMP), 0, null, null, groups));
    }

    @Test
    void shouldSizeEachPodsAggregationUplinksForItsGroup() {
        // A leaf takes 64 / 2 = 32 NIC ports, a pod m = 64 / 32 = 2 leaves. Hopper leaf: u1 = ceil(32 x 50 / 50) = 32
        // uplinks, one to each of the pod's 32 aggregation switches; each of those has u2 = ceil(2 x 50 / 50) = 2
        // uplinks at 50 GB/s: 32 x 2 x 50 = 3,200 GB/s out of the pod, as much back down. Blackwell leaf: 64 uplinks'
        // worth, its 32 links at 2 x 50 GB/s; an aggregation switch then takes 2 x 100 GB/s from its leaves, so its 2
        // uplinks run at 100 GB/s each (1:1; at the first group's 50 it was 2:1): 6,400 GB/s each way.
        ClusterTopology mixed = build(List.of(new NodeGroupSpec(HOPPER, 64), new NodeGroupSpec(BLACKWELL, 64)));
        assertEquals(2 * 3200e9, podUplinkBandwidth(mixed, 0), 1);
        assertEquals(2 * 6400e9, podUplinkBandwidth(mixed, 64), 1);
        // Blackwell first: the tree is sized for its leaves, u1 = 64 aggregation switches a pod with 2 uplinks at 50
        // GB/s each, 6,400 GB/s each way, and the Hopper pod keeps them (never fewer links than the first group's).
        ClusterTopology reversed = build(List.of(new NodeGroupSpec(BLACKWELL, 64), new NodeGroupSpec(HOPPER, 64)));
        assertEquals(2 * 6400e9, podUplinkBandwidth(reversed, 0), 1);
        assertEquals(2 * 6400e9, podUplinkBandwidth(reversed, 64), 1);
    }

    @Test
    void shouldSizeAPodOfTwoGroupsForTheFaster() {
        // 32 Hopper then 96 Blackwell nodes: pod 0 holds the Hopper leaf and a Blackwell one, so its aggregation
        // switches take 50 + 100 GB/s from their leaves and their uplinks are sized for the faster, 2 x 100 GB/s:
        // 6,400 GB/s each way, as pod 1 of Blackwell leaves alone.
        ClusterTopology mixed = build(List.of(new NodeGroupSpec(HOPPER, 32), new NodeGroupSpec(BLACKWELL, 96)));
        assertEquals(2 * 6400e9, podUplinkBandwidth(mixed, 0), 1);
        assertEquals(2 * 6400e9, podUplinkBandwidth(mixed, 64), 1);
    }

    /** The bandwidth of the links between accelerator e's pod and the core tier, up and down, bytes per second. */
    private static double podUplinkBandwidth(ClusterTopology topology, int e) {
        double bandwidth = 0;
        for (int link : topology.scaleOutFabric().podUplinks(e)) {
            bandwidth += topology.graph().linkBytesPerSecond(link);
        }
        return bandwidth;
    }
}
