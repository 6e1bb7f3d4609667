package org.fabricsim.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.fabricsim.runtime.analysis.Oversubscription;
import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.collective.RingAllReduce;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeGroupSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TierStructure;
import org.fabricsim.runtime.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/** Clusters of several node types: each group's accelerators on their own links, collectives at the slowest. */
class MixedClusterTest {
    private static final FabricSpec NVLINK4 = scaleUp("t.NVLink4", 25e9);
    private static final FabricSpec NVLINK5 = scaleUp("t.NVLink5", 50e9);
    /** A 400G scale-out fabric whose links run at their full rate (efficiency 100 %), no switch latency. */
    private static final FabricSpec ETHERNET = new FabricSpec("t.E", "generic", FabricSpec.FabricScope.SCALE_OUT,
            true, "", 50e9, 0, true, FabricSpec.CongestionControl.NONE, false, false, false,
            FabricSpec.DEFAULT_FLOWS_PER_PEER, 1.0);
    /** λ = 1 µs per NIC cable: a transfer crosses two (up to the switch and down), α = 2 µs. */
    private static final long LAMBDA_PS = 1_000_000;
    private static final NicSpec NIC_400G = new NicSpec("t.Nic400", "generic", 1, 50e9, 0, LAMBDA_PS);
    private static final NicSpec NIC_800G = new NicSpec("t.Nic800", "generic", 1, 100e9, 0, LAMBDA_PS);

    private static FabricSpec scaleUp(String name, double linkBytesPerSecond) {
        return new FabricSpec(name, "generic", FabricSpec.FabricScope.SCALE_UP, false, "", linkBytesPerSecond, 0, true,
                FabricSpec.CongestionControl.NONE, false, false, false, FabricSpec.DEFAULT_FLOWS_PER_PEER);
    }

    /** An 8-GPU node: H100-like (450 GB/s NVLink4, 400G NICs) or B200-like (900 GB/s NVLink5, 800G NICs). */
    private static NodeSpec node(String name, FabricSpec nvlink, double scaleUpBytesPerSecond, NicSpec nic) {
        AcceleratorSpec gpu = new AcceleratorSpec(name + ".gpu", "generic", 0, 0, 0, 0, 0, 0);
        return new NodeSpec(name, gpu, 8, new ScaleUpSpec(nvlink, ScaleUpSpec.Kind.SWITCHED, 8, scaleUpBytesPerSecond,
                false), nic, 8, true);
    }

    private static final NodeSpec HOPPER = node("t.Hopper", NVLINK4, 450e9, NIC_400G);
    private static final NodeSpec BLACKWELL = node("t.Blackwell", NVLINK5, 900e9, NIC_800G);

    private static ClusterSpec cluster(List<NodeGroupSpec> groups) {
        return cluster(groups, new TopologySpec.SingleSwitch(null));
    }

    private static ClusterSpec cluster(List<NodeGroupSpec> groups, TopologySpec topology) {
        int nodes = groups.stream().mapToInt(NodeGroupSpec::nodes).sum();
        return new ClusterSpec("t.Mixed", groups.get(0).node(), nodes, new ScaleOutSpec(ETHERNET, topology,
                ScaleOutSpec.Routing.ECMP), 0, null, null, groups);
    }

    @Test
    void shouldGiveEachGroupsAcceleratorsTheirOwnScaleUpAndNicRates() {
        // 2 Hopper + 2 Blackwell nodes in that order: accelerators 0-15 Hopper, 16-31 Blackwell. The graph is
        // the one of 4 uniform nodes: 32 accelerators + 4 domain switches + 1 fabric switch = 37 nodes;
        // 32 x 2 scale-up links + 32 x 2 NIC links = 128 links.
        ClusterTopology mixed = ClusterTopologies.build(cluster(List.of(new NodeGroupSpec(HOPPER, 2),
                new NodeGroupSpec(BLACKWELL, 2))));
        assertEquals(37, mixed.graph().nodeCount());
        assertEquals(128, mixed.graph().linkCount());
        // Scale-up: 450 and 900 GB/s per GPU at the default NVLink efficiency (0.816).
        double nvlink = Calibration.DEFAULT.nvlinkEfficiency();
        assertEquals(450e9 * nvlink, mixed.graph().linkBytesPerSecond(mixed.scaleUpUplink(15)), 1);
        assertEquals(900e9 * nvlink, mixed.graph().linkBytesPerSecond(mixed.scaleUpUplink(16)), 1);
        assertEquals(900e9 * nvlink, mixed.graph().linkBytesPerSecond(mixed.scaleUpDownlink(31)), 1);
        // NICs: 50 and 100 GB/s, the fabric's stated 100 % efficiency: the 800G NIC's cable runs at its own rate on
        // the 400G fabric (NicCable: each group's leaf ports matched to its NICs).
        assertEquals(50e9, mixed.graph().linkBytesPerSecond(mixed.nicUplink(15)), 1);
        assertEquals(100e9, mixed.graph().linkBytesPerSecond(mixed.nicDownlink(16)), 1);
    }

    @Test
    void shouldGiveEachNicCableItsOwnNicsLatencyPlusTheFabrics() {
        // The fabric states no link latency, so a NIC cable carries its NIC's alone: Hopper's 1 us; a Blackwell
        // whose NIC states 3 us gets 3 us on its cable (it got the first group's 1 us), both ways.
        NodeSpec slowNic = node("t.Blackwell", NVLINK5, 900e9, new NicSpec("t.Nic800", "generic", 1, 100e9, 0,
                3 * LAMBDA_PS));
        ClusterTopology mixed = ClusterTopologies.build(cluster(List.of(new NodeGroupSpec(HOPPER, 2),
                new NodeGroupSpec(slowNic, 2))));
        assertEquals(LAMBDA_PS, mixed.graph().linkLatencyPs(mixed.nicUplink(15)));
        assertEquals(3 * LAMBDA_PS, mixed.graph().linkLatencyPs(mixed.nicUplink(16)));
        assertEquals(3 * LAMBDA_PS, mixed.graph().linkLatencyPs(mixed.nicDownlink(31)));
        // The other order: the first group's 3 us cable less 2 us on the Hopper ones, 1 us.
        ClusterTopology reversed = ClusterTopologies.build(cluster(List.of(new NodeGroupSpec(slowNic, 2),
                new NodeGroupSpec(HOPPER, 2))));
        assertEquals(LAMBDA_PS, reversed.graph().linkLatencyPs(reversed.nicUplink(16)));
        assertEquals(3 * LAMBDA_PS, reversed.graph().linkLatencyPs(reversed.nicUplink(15)));
    }

    @Test
    void shouldKeepTheNicLatencyWhereTheGroupsNicsStateTheSame() {
        // Hopper and Blackwell NICs both state 1 us: every cable 1 us, as before.
        ClusterTopology mixed = ClusterTopologies.build(cluster(List.of(new NodeGroupSpec(HOPPER, 2),
                new NodeGroupSpec(BLACKWELL, 2))));
        for (int e : new int[] {0, 15, 16, 31}) {
            assertEquals(LAMBDA_PS, mixed.graph().linkLatencyPs(mixed.nicUplink(e)));
        }
    }

    @Test
    void shouldRunARingAcrossBothGroupsAtTheSlowerNic() {
        // One GPU of each of 8 nodes (4 Hopper, then 4 Blackwell) in a ring all-reduce of S = 1 GiB: every
        // step moves S/8 over every ring edge at once and ends with the slowest, an edge leaving a 50 GB/s
        // NIC. T = 2(n-1)/n * S/B + 2(n-1) * alpha with B = 50e9, alpha = 2 us:
        // 14 * (134,217,728 B / 50e9 B/s + 2 us) = 14 * (2,684,354,560 + 2,000,000) ps = 37,608,963,840 ps.
        ClusterSpec mixed = cluster(List.of(new NodeGroupSpec(single(HOPPER), 4), new NodeGroupSpec(single(BLACKWELL),
                4)));
        long time = ring(mixed, 8);
        assertEquals(37_608_963_840L, time);
        assertEquals(RingAllReduce.timePs(1L << 30, 8, 50e9, 2 * LAMBDA_PS), time);
        // The Blackwell nodes alone run at their 100 GB/s: 14 * (1,342,177,280 + 2,000,000) ps.
        ClusterSpec fast = cluster(List.of(new NodeGroupSpec(single(BLACKWELL), 8)));
        assertEquals(14 * (1_342_177_280L + 2_000_000L), ring(fast, 8));
    }

    @Test
    void shouldSizeEachGroupsLeavesForItsOwnNicsAtTheLeafRatio() {
        // 4 Hopper + 4 Blackwell nodes (accelerators 0-31 and 32-63, one NIC port each) on a 1:1 two-tier tree that
        // names no switch: radix 64, a leaf takes 64 / 2 = 32 NIC ports, so leaf 0 holds the Hopper ports and leaf
        // 1 the Blackwell ones. Hopper leaf: u = ceil(32 x 50 / (1 x 50)) = 32 uplinks at the fabric's 50 GB/s, the
        // 32 spines (shared); 32 x 50 down, 32 x 50 up: 1:1. Blackwell leaf, sized for its 100 GB/s NICs: u =
        // ceil(32 x 100 / 50) = 64 uplinks' worth, built as its 32 links to the spines at 64 / 32 = 2 x 50 GB/s:
        // 32 x 100 down, 3,200 GB/s up: 1:1 (sized for the Hopper NICs, as before, it had 1,600 up: 2:1).
        TopologySpec tree = new TopologySpec.FatTree(null, 2, List.of(1.0));
        ClusterTopology mixed = ClusterTopologies.build(cluster(List.of(new NodeGroupSpec(HOPPER, 4),
                new NodeGroupSpec(BLACKWELL, 4)), tree));
        assertArrayEquals(new double[] {32 * 50e9, 32 * 50e9, 32 * 50e9}, leafBandwidth(mixed, 0), 1);
        assertArrayEquals(new double[] {32 * 100e9, 64 * 50e9, 64 * 50e9}, leafBandwidth(mixed, 32), 1);
        // 64 accelerators + 8 domain switches + 2 leaves + 32 spines: the spine tier is the one of 8 Hopper nodes.
        assertEquals(106, mixed.graph().nodeCount());
        // Blackwell first: 64 spines, one link from every leaf to each, so the Hopper leaf (accelerators 32-63) keeps
        // 64 x 50 GB/s up for its 32 x 50 down, 0.5:1 (32 links at 25 GB/s would cap each flow at half its NIC).
        ClusterTopology reversed = ClusterTopologies.build(cluster(List.of(new NodeGroupSpec(BLACKWELL, 4),
                new NodeGroupSpec(HOPPER, 4)), tree));
        assertArrayEquals(new double[] {32 * 100e9, 64 * 50e9, 64 * 50e9}, leafBandwidth(reversed, 0), 1);
        assertArrayEquals(new double[] {32 * 50e9, 64 * 50e9, 64 * 50e9}, leafBandwidth(reversed, 32), 1);
    }

    @Test
    void shouldRunAFasterGroupsAllToAllAtItsNicsAcrossItsLeaves() {
        // 32 one-GPU Hopper nodes then 64 one-GPU Blackwell ones on the 1:1 tree of radix 64: leaf 0 the Hopper
        // ports, leaves 1 and 2 the Blackwell ones, each with 32 x 100 GB/s of uplinks. An all-to-all among the 64
        // Blackwell ranks, 16 MiB a pair: each sends 63 x 16 MiB = 1,056,964,608 B through its 100 GB/s NIC, the
        // half bound for the other leaf at the leaf's 1:1: 10,569,646,080 ps + alpha 2 us (two 1 us NIC cables).
        // Sized for the Hopper NICs (32 x 50 GB/s up, 2:1) it took 17,450 us.
        NodeSpec hopper = new NodeSpec("t.H1", HOPPER.accelerator(), 1, null, NIC_400G, 1, true);
        NodeSpec blackwell = new NodeSpec("t.B1", BLACKWELL.accelerator(), 1, null, NIC_800G, 1, true);
        ClusterSpec mixed = cluster(List.of(new NodeGroupSpec(hopper, 32), new NodeGroupSpec(blackwell, 64)),
                new TopologySpec.FatTree(null, 2, List.of(1.0)));
        double[] matrix = new double[96 * 96];
        for (int i = 32; i < 96; i++) {
            for (int j = 32; j < 96; j++) {
                matrix[i * 96 + j] = i == j ? 0 : 16 << 20;
            }
        }
        long time = CollectiveEngine.run(ClusterTopologies.build(mixed), CollectiveRequest.of(
                CollectiveOperation.ALL_TO_ALL, 16L << 20, 96).withTrafficMatrixBytes(matrix)).timePs();
        assertEquals(10_569_646_080L + 2 * LAMBDA_PS, time, 1_000);
    }

    @Test
    void shouldSizeEachGroupsLeavesInEveryPlane() {
        // Two planes, each NIC port split over them: 25 GB/s a plane for Hopper, 50 for Blackwell. A plane's leaf
        // takes 32 ports; Hopper's u = ceil(32 x 25 / 50) = 16 uplinks, Blackwell's 32, built as its 16 links at
        // 100 GB/s. The links between a leaf and its spines, up and down, in both planes: Hopper 2 x 2 x 16 x 50 =
        // 3,200 GB/s, Blackwell 2 x 2 x 16 x 100 = 6,400 GB/s.
        TopologySpec planes = new TopologySpec.FatTree(null, 2, List.of(1.0),
                new TierStructure(null, null, null, 0, 2, 0));
        ClusterTopology mixed = ClusterTopologies.build(cluster(List.of(new NodeGroupSpec(HOPPER, 4),
                new NodeGroupSpec(BLACKWELL, 4)), planes));
        for (int e : new int[] {0, 32}) {
            int[] links = mixed.scaleOutFabric().leafUplinks(e);
            assertEquals(2 * 2 * 16, links.length);
            double bandwidth = 0;
            for (int link : links) {
                bandwidth += mixed.graph().linkBytesPerSecond(link);
            }
            assertEquals(e < 32 ? 3200e9 : 6400e9, bandwidth, 1, "accelerator " + e);
        }
    }

    @Test
    void shouldFitAFasterGroupsLeavesOnANamedSwitchByBreakout() {
        // 2 + 2 nodes on a 1:1 tree of 32-port 800 Gb/s (100 GB/s) switches, the fabric's links at 50 GB/s: a leaf
        // takes 32 / 2 = 16 NIC ports. Hopper leaf (accelerators 0-15): 16 uplinks at 50; ports 16 x 50 / 100 + 16 x
        // 50 / 100 = 16 of 32. Blackwell leaf (16-31): ceil(16 x 100 / 50) = 32 uplinks' worth, 1:1; ports 16 x 100 /
        // 100 + 32 x 50 / 100 = 32 of 32: it fits, built as 16 links at 100 GB/s to the 16 shared spines.
        TopologySpec tree = new TopologySpec.FatTree(new SwitchSpec("t.S800", "generic", 32, 100e9, 0, 0, false,
                false), 2, List.of(1.0));
        ClusterTopology mixed = ClusterTopologies.build(cluster(List.of(new NodeGroupSpec(HOPPER, 2),
                new NodeGroupSpec(BLACKWELL, 2)), tree));
        assertArrayEquals(new double[] {16 * 50e9, 16 * 50e9, 16 * 50e9}, leafBandwidth(mixed, 0), 1);
        assertArrayEquals(new double[] {16 * 100e9, 32 * 50e9, 32 * 50e9}, leafBandwidth(mixed, 16), 1);
    }

    @Test
    void shouldRefuseAGroupsLeavesThatTheNamedSwitchCannotHold() {
        // 2-port 400 Gb/s switches at 1:1: sized for the Blackwell NICs (c = 100 / 50 = 2 ports each) a leaf holds
        // 2 x 1 / (2 x 2) = 0.5, so one NIC port, the least. The Hopper leaf needs 1 + 1 = 2 ports; the Blackwell one
        // 1 x 100 / 50 = 2 for its NIC (breakout) and ceil(1 x 100 / 50) = 2 uplinks: 4 of 2.
        TopologySpec tree = new TopologySpec.FatTree(new SwitchSpec("t.S", "generic", 2, 50e9, 0, 0, false, false), 2,
                List.of(1.0));
        ClusterSpec mixed = cluster(List.of(new NodeGroupSpec(HOPPER, 2), new NodeGroupSpec(BLACKWELL, 2)), tree);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ClusterTopologies.build(mixed));
        assertEquals("the t.Blackwell nodes' leaves: each leaf (t.S, 2 ports) needs 4 for its 1 NIC ports and 2"
                + " uplinks", refused.getMessage());
    }

    @Test
    void shouldNameTheGroupWhoseLeafRatioDiffers() {
        // The model states 32 spines: every leaf gets 32 uplinks at 50 GB/s whatever its NICs. Radix 64 at 1:1: 32
        // NIC ports per leaf. Hopper leaf 32 x 50 / (32 x 50) = 1:1, Blackwell leaf 32 x 100 / (32 x 50) = 2:1: the
        // leaf tier is listed per node type, named; injection (8 GPUs on 8 ports) is 1:1 for both, listed once.
        TierStructure spines = new TierStructure(null, new TierStructure.Level(null, 32, 0), null, 0, 1, 0);
        TopologySpec tree = new TopologySpec.FatTree(null, 2, List.of(1.0), spines);
        List<Oversubscription.Ratio> ratios = Oversubscription.of(cluster(List.of(new NodeGroupSpec(HOPPER, 4),
                new NodeGroupSpec(BLACKWELL, 4)), tree));
        assertEquals(List.of("tier 1 (Hopper nodes) 1:1", "tier 1 (Blackwell nodes) 2:1", "tier 2 1:1",
                "injection 1:1"), ratios.stream().map(ratio -> ratio.where() + " " + ratio.label()).toList());
    }

    /**
     * The bandwidth at accelerator e's leaf, bytes per second: its NIC cables in, its links up to the tier above,
     * the links down into it from that tier.
     */
    private static double[] leafBandwidth(ClusterTopology topology, int e) {
        Graph graph = topology.graph();
        int leaf = graph.linkTo(topology.nicUplink(e));
        double[] bandwidth = new double[3];
        for (int link = 0; link < graph.linkCount(); link++) {
            boolean fromAccelerator = graph.nodeKind(graph.linkFrom(link)) == Graph.ACCELERATOR;
            boolean toAccelerator = graph.nodeKind(graph.linkTo(link)) == Graph.ACCELERATOR;
            if (graph.linkTo(link) == leaf) {
                bandwidth[fromAccelerator ? 0 : 2] += graph.linkBytesPerSecond(link);
            } else if (graph.linkFrom(link) == leaf && !toAccelerator) {
                bandwidth[1] += graph.linkBytesPerSecond(link);
            }
        }
        return bandwidth;
    }

    @Test
    void shouldCutTheGroupsInPlacementOrderWhenABenchmarkUsesFewerNodes() {
        ClusterSpec mixed = cluster(List.of(new NodeGroupSpec(HOPPER, 2), new NodeGroupSpec(BLACKWELL, 2)));
        assertEquals(List.of(new NodeGroupSpec(HOPPER, 2), new NodeGroupSpec(BLACKWELL, 1)),
                mixed.withNodes(3).groups());
        assertEquals(List.of(), mixed.withNodes(2).groups(), "the first two nodes are all Hopper: not mixed");
        assertEquals(List.of(HOPPER.accelerator()), mixed.acceleratorTypes(16));
        assertEquals(List.of(HOPPER.accelerator(), BLACKWELL.accelerator()), mixed.acceleratorTypes(17));
    }

    /** The node with one GPU and one NIC, no scale-up. */
    private static NodeSpec single(NodeSpec node) {
        return new NodeSpec(node.name(), node.accelerator(), 1, null, node.nic(), 1, true);
    }

    private static long ring(ClusterSpec cluster, int ranks) {
        return CollectiveEngine.run(ClusterTopologies.build(cluster), CollectiveRequest.of(CollectiveOperation.ALL_REDUCE,
                1L << 30, ranks).withAlgorithm(Algorithm.RING)).timePs();
    }
}
