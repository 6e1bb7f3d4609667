package org.fabricsim.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabricsim.runtime.picture.TopologyPicture;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeGroupSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TierStructure;
import org.fabricsim.runtime.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/**
 * Leaves the model does not state, sized for the switch ports a NIC cable takes by breakout ({@link TierLayout},
 * {@link NicCable#leafPorts}) in every tree layout. The rule, by hand: a leaf of R ports of rate R_p at ratio o under
 * NIC ports of rate r (the fastest node group's, per plane) gives each NIC port c = r ÷ R_p switch ports and c ÷ o
 * more of uplinks, so it holds h = ⌊R·o ÷ ((1 + o)·c)⌋ of them.
 */
class BreakoutLeavesTest {
    /** 400 Gb/s and 800 Gb/s per direction. */
    private static final double G400 = 50e9;
    private static final double G800 = 100e9;
    private static final AcceleratorSpec GPU = new AcceleratorSpec("t.G", "generic", 0, 0, 0, 0, 0, 0);
    private static final FabricSpec FABRIC_400 = new FabricSpec("t.E", "generic", FabricSpec.FabricScope.SCALE_OUT,
            true, "", G400, 0, true, FabricSpec.CongestionControl.NONE, false, false, false,
            FabricSpec.DEFAULT_FLOWS_PER_PEER);
    /** 64 ports of 400 Gb/s (a QM9700-class leaf). */
    private static final SwitchSpec S64 = new SwitchSpec("t.S64", "generic", 64, G400, 0, 0, false, false);
    /** 8 accelerators, 8 NICs of one 800 Gb/s port (ConnectX-8): c = 100 ÷ 50 = 2 switch ports each. */
    private static final NodeSpec CX8 = node("t.CX8", 1, G800);
    /** 8 accelerators, 8 NICs of one 400 Gb/s port: c = 1. */
    private static final NodeSpec CX7 = node("t.CX7", 1, G400);

    private static NodeSpec node(String name, int ports, double portRate) {
        return new NodeSpec(name, GPU, 8, null, new NicSpec(name + "Nic", "generic", ports, portRate, 0, 0), 8, true);
    }

    private static ClusterSpec cluster(TopologySpec topology, NodeGroupSpec... groups) {
        int nodes = List.of(groups).stream().mapToInt(NodeGroupSpec::nodes).sum();
        return new ClusterSpec("t.C", groups[0].node(), nodes, new ScaleOutSpec(FABRIC_400, topology,
                ScaleOutSpec.Routing.ECMP), 0, null, null, List.of(groups));
    }

    private static TierLayout.Tier leaf(ClusterSpec cluster) {
        return ClusterTopologies.layout(cluster, cluster.node()).tiers().get(0);
    }

    @Test
    void shouldHoldSixteenEightHundredGigNicPortsOnATwoTierLeafOfFourHundredGigPorts() {
        // R = 64, o = 1, c = 2: h = 64 / (2 x 2) = 16 NIC ports (32 switch ports down) and ceil(16 x 100 / 50) = 32
        // uplinks (32 ports up), 64 of 64. 8 nodes = 64 ports -> 4 leaves. The radix-only h = 32 took 64 + 64 = 128
        // ports of 64 and the builder refused it.
        ClusterSpec cluster = cluster(new TopologySpec.FatTree(S64, 2, List.of(1.0, 1.0)), new NodeGroupSpec(CX8, 8));
        TierLayout.Tier leaf = leaf(cluster);
        assertEquals(List.of(4, 16, 32, 64L), List.of(leaf.switches(), leaf.downlinks(), leaf.uplinks(),
                leaf.portsUsed()));
        assertEquals("64 accelerators, scale-up none, 2-tier fat-tree, 64 ports, 4 leaves x 32 uplinks",
                ClusterTopologies.build(cluster).describe());
        // 'fabric draw' labels the leaf tier with the same counts.
        String drawn = TopologyPicture.render(cluster);
        assertTrue(drawn.contains(">leaf: 4 × S64<"), drawn);
        assertTrue(drawn.contains(">16 × 800G down, 32 × 400G up<"), drawn);
    }

    @Test
    void shouldKeepThirtyTwoFourHundredGigNicPortsOnALeafOfTheirRate() {
        // c = 1: h = 64 / 2 = 32, 32 uplinks: as before the breakout rule.
        TierLayout.Tier leaf = leaf(cluster(new TopologySpec.FatTree(S64, 2, List.of(1.0, 1.0)),
                new NodeGroupSpec(CX7, 8)));
        assertEquals(List.of(2, 32, 32, 64L), List.of(leaf.switches(), leaf.downlinks(), leaf.uplinks(),
                leaf.portsUsed()));
    }

    @Test
    void shouldSizeAnOversubscribedLeafForTheBreakoutToo() {
        // o = 3, c = 2: h = 64 x 3 / (4 x 2) = 24 NIC ports (48 switch ports) and ceil(24 x 100 / (3 x 50)) = 16
        // uplinks, 64 of 64; 64 ports -> ceil(64 / 24) = 3 leaves.
        TierLayout.Tier leaf = leaf(cluster(new TopologySpec.FatTree(S64, 2, List.of(3.0, 1.0)),
                new NodeGroupSpec(CX8, 8)));
        assertEquals(List.of(3, 24, 16, 64L), List.of(leaf.switches(), leaf.downlinks(), leaf.uplinks(),
                leaf.portsUsed()));
    }

    @Test
    void shouldSizeAThreeTierLeafForTheBreakout() {
        // Three 1:1 tiers: the same leaf as two tiers, h = 16 and 32 uplinks; 32 nodes = 256 ports need 16 leaves,
        // one pod of 64 / 2 = 32 leaves, laid out whole; each of its 32 aggregation switches takes one link from
        // each of the 32 leaves and sends ceil(32 x 50 / 50) = 32 up.
        List<TierLayout.Tier> tiers = ClusterTopologies.layout(cluster(new TopologySpec.FatTree(S64, 3,
                List.of(1.0, 1.0)), new NodeGroupSpec(CX8, 32)), CX8).tiers();
        TierLayout.Tier leaf = tiers.get(0);
        assertEquals(List.of(32, 16, 32, 64L), List.of(leaf.switches(), leaf.downlinks(), leaf.uplinks(),
                leaf.portsUsed()));
        assertEquals(List.of(32, 32, 32), List.of(tiers.get(1).switches(), tiers.get(1).downlinks(),
                tiers.get(1).uplinks()));
    }

    @Test
    void shouldSizeARailOptimizedLeafForTheBreakout() {
        // 8 rails of 32 nodes: 32 ports a rail, h = 16 -> 2 leaves a rail, 16 in all, each 16 NIC ports and 32
        // uplinks (the radix-only h = 32 built one leaf a rail of 128 ports' worth).
        ClusterSpec cluster = cluster(new TopologySpec.RailOptimized(S64, 8, 2, List.of(1.0, 1.0)),
                new NodeGroupSpec(CX8, 32));
        TierLayout.Tier leaf = leaf(cluster);
        assertEquals(List.of(16, 16, 32, 64L), List.of(leaf.switches(), leaf.downlinks(), leaf.uplinks(),
                leaf.portsUsed()));
    }

    @Test
    void shouldGiveEachPlaneOneSwitchPortOfAnEightHundredGigNicSplitOverTwoPlanes() {
        // One NIC of 2 x 400G ports per accelerator, two planes: 100 GB/s ÷ 2 = 50 GB/s a plane, c = 1, h = 32 a
        // plane's leaf with 32 uplinks; 64 ports -> 2 leaves a plane.
        NodeSpec split = node("t.Split", 2, G400);
        ClusterSpec cluster = cluster(new TopologySpec.FatTree(S64, 2, List.of(1.0, 1.0),
                new TierStructure(null, null, null, 0, 2, 0)), new NodeGroupSpec(split, 8));
        TierLayout.Tier leaf = leaf(cluster);
        assertEquals(List.of(2, 32, 32, 64L), List.of(leaf.switches(), leaf.downlinks(), leaf.uplinks(),
                leaf.portsUsed()));
        assertEquals(G400, leaf.downBytesPerSecond());
    }

    @Test
    void shouldSizeAMixedClustersLeavesFromItsFastestGroupWhicheverComesFirst() {
        // 4 nodes of 400G NICs and 4 of 800G: every leaf holds the 800G group's h = 16 (one h per leaf, 64 ports ->
        // 4 leaves). The 800G leaves: 16 x 2 + ceil(16 x 100 / 50) = 32 + 32 = 64 ports; the 400G ones 16 NIC ports
        // and ceil(16 x 50 / 50) = 16 uplinks (32 of 64). Sized from the first group (h = 32) the 800G leaf took 128.
        for (List<NodeGroupSpec> groups : List.of(List.of(new NodeGroupSpec(CX7, 4), new NodeGroupSpec(CX8, 4)),
                List.of(new NodeGroupSpec(CX8, 4), new NodeGroupSpec(CX7, 4)))) {
            ClusterSpec cluster = cluster(new TopologySpec.FatTree(S64, 2, List.of(1.0, 1.0)),
                    groups.toArray(NodeGroupSpec[]::new));
            TierLayout.Tier fast = ClusterTopologies.groupLeaf(cluster, CX8);
            TierLayout.Tier slow = ClusterTopologies.layout(cluster, CX7).tiers().get(0);
            assertEquals(List.of(4, 16, 32, 64L), List.of(fast.switches(), fast.downlinks(), fast.uplinks(),
                    fast.portsUsed()));
            assertEquals(List.of(16, 16, 32L), List.of(slow.downlinks(), slow.uplinks(), slow.portsUsed()));
            ClusterTopologies.build(cluster);
        }
    }
}
