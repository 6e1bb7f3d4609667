package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.eclipse.xtext.EcoreUtil2;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.PathChoice;
import org.junit.jupiter.api.Test;

/**
 * A switch's stated {@code latency} is paid once per switch crossed: it is added to every link the switch
 * sends on, so a route pays each switch on it once, and a cluster whose switches state none keeps its link
 * latencies to the picosecond.
 */
class SwitchLatencyMappingTest extends FabricModelTest {
    private static final String MODEL = """
            import fabric.catalog.nvidia.*
            import fabric.catalog.broadcom.*
            import fabric.catalog.standards.*
            switch Leaf { vendor Broadcom ports 64 x 400 Gb/s speaks RoCEv2, RoCEv2_200 %s }
            switch Spine { vendor Broadcom ports 64 x 400 Gb/s speaks RoCEv2, RoCEv2_200 %s }
            nic One200 { vendor NVIDIA ports 1 x 200 Gb/s speaks RoCEv2_200 }
            node Single { accelerators 8 x H100_SXM scale-up NVLink4 switched domain 8 nics 8 x One200 rail-aligned }
            cluster C {
                nodes 64 x Single
                scale-out RoCEv2_200 fat-tree {
                    tiers 2
                    leaf 8 x Leaf uplinks 400 Gb/s
                    spine 32 x Spine
                }
            }
            """;
    /** Always the first equal-cost candidate, so both clusters take the same route. */
    private static final PathChoice FIRST = (hop, firstLink, stride, candidates) -> 0;

    @Test
    void shouldAddEachSwitchsLatencyToTheLinksItSendsOn() throws Exception {
        ClusterTopology cluster = topology("latency 600 ns", "latency 400 ns");
        Graph stated = cluster.graph();
        Graph unstated = topology("", "").graph();
        boolean[] leaf = new boolean[stated.nodeCount()];
        for (int accelerator = 0; accelerator < cluster.accelerators(); accelerator++) {
            leaf[stated.linkTo(cluster.nicUplink(accelerator))] = true;
        }
        assertEquals(unstated.linkCount(), stated.linkCount());
        int leafUp = 0;
        int leafDown = 0;
        int spineDown = 0;
        for (int link = 0; link < stated.linkCount(); link++) {
            long addedPs = stated.linkLatencyPs(link) - unstated.linkLatencyPs(link);
            int from = stated.linkFrom(link);
            int to = stated.linkTo(link);
            boolean fromSwitch = stated.nodeKind(from) == Graph.SWITCH;
            boolean toSwitch = stated.nodeKind(to) == Graph.SWITCH;
            if (fromSwitch && toSwitch && leaf[from]) {
                assertEquals(600_000, addedPs, "leaf to spine: the leaf's 600 ns");
                leafUp++;
            } else if (fromSwitch && toSwitch) {
                assertEquals(400_000, addedPs, "spine to leaf: the spine's 400 ns");
                spineDown++;
            } else if (leaf[from]) {
                assertEquals(600_000, addedPs, "leaf down to an endpoint: the leaf's 600 ns");
                leafDown++;
            } else {
                assertEquals(0, addedPs, "sent by a NIC, an accelerator or a scale-up domain switch");
            }
        }
        assertEquals(8 * 32, leafUp, "8 leaves x 32 spines");
        assertEquals(8 * 32, spineDown);
        assertEquals(cluster.accelerators(), leafDown, "one downlink per NIC");
    }

    @Test
    void shouldPayLeafSpineLeafAcrossLeavesAndOneLeafWithinOne() throws Exception {
        ClusterTopology stated = topology("latency 600 ns", "latency 400 ns");
        ClusterTopology unstated = topology("", "");
        Graph graph = stated.graph();
        int[] route = new int[stated.maxRouteLinks()];
        boolean acrossSeen = false;
        boolean withinSeen = false;
        for (int dst = 8; dst < stated.accelerators(); dst++) {
            int length = stated.route(0, dst, FIRST, route);
            int switchToSwitch = 0;
            for (int i = 0; i < length; i++) {
                boolean fromSwitch = graph.nodeKind(graph.linkFrom(route[i])) == Graph.SWITCH;
                switchToSwitch += fromSwitch && graph.nodeKind(graph.linkTo(route[i])) == Graph.SWITCH ? 1 : 0;
            }
            long addedPs = routeLatencyPs(stated, dst) - routeLatencyPs(unstated, dst);
            if (switchToSwitch == 2) {
                assertEquals(1_600_000, addedPs, "leaf, spine, leaf: 600 + 400 + 600 ns");
                acrossSeen = true;
            } else if (switchToSwitch == 0) {
                assertEquals(600_000, addedPs, "one leaf: 600 ns");
                withinSeen = true;
            }
        }
        assertEquals(true, acrossSeen && withinSeen, "routes both within a leaf and across the spines");
    }

    @Test
    void shouldKeepEveryLinkLatencyWhenNoSwitchStatesOne() throws Exception {
        Graph buffered = topology("buffer 8 GB", "").graph();
        Graph plain = topology("", "").graph();
        for (int link = 0; link < plain.linkCount(); link++) {
            assertEquals(plain.linkLatencyPs(link), buffered.linkLatencyPs(link));
        }
    }

    private static long routeLatencyPs(ClusterTopology topology, int dst) {
        int[] route = new int[topology.maxRouteLinks()];
        return topology.pathLatencyPs(route, topology.route(0, dst, FIRST, route));
    }

    private ClusterTopology topology(String leaf, String spine) throws Exception {
        Model model = parser.parse(MODEL.formatted(leaf, spine));
        validation.assertNoErrors(model);
        ClusterSpec spec = mapper.toCluster(EcoreUtil2.typeSelect(model.getElements(), Cluster.class).get(0));
        return ClusterTopologies.build(spec);
    }
}
