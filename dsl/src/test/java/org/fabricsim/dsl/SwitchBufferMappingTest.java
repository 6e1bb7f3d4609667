package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.eclipse.xtext.EcoreUtil2;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.Graph;
import org.junit.jupiter.api.Test;

/**
 * A switch's stated {@code buffer} reaches the spec and, per switch, the topology the flow model's fabric
 * behaviour reads: the spine tier's deep buffer on the spines only, the leaves (which state none) and the
 * scale-up domain switches at 0 (the behaviour table's scenario switch).
 */
class SwitchBufferMappingTest extends FabricModelTest {
    @Test
    void shouldGiveTheSpinesTheirStatedBufferAndTheLeavesNone() throws Exception {
        Model model = parser.parse("""
                import fabric.catalog.nvidia.*
                import fabric.catalog.broadcom.*
                import fabric.catalog.standards.*
                switch TH4 { vendor Broadcom ports 64 x 400 Gb/s speaks RoCEv2, RoCEv2_200 }
                switch Deep { vendor Broadcom ports 64 x 400 Gb/s speaks RoCEv2, RoCEv2_200 buffer 8 GB }
                nic One200 { vendor NVIDIA ports 1 x 200 Gb/s speaks RoCEv2_200 }
                node Single { accelerators 8 x H100_SXM scale-up NVLink4 switched domain 8 nics 8 x One200 rail-aligned }
                cluster C {
                    nodes 64 x Single
                    scale-out RoCEv2_200 fat-tree {
                        tiers 2
                        leaf 8 x TH4 uplinks 400 Gb/s
                        spine 32 x Deep
                    }
                }
                """);
        validation.assertNoErrors(model);
        ClusterSpec spec = mapper.toCluster(EcoreUtil2.typeSelect(model.getElements(), Cluster.class).get(0));
        TopologySpec.FatTree tree = (TopologySpec.FatTree) spec.scaleOut().topology();
        assertEquals(8_000_000_000L, tree.structure().spine().switchSpec().bufferBytes(), "8 GB = 8e9 bytes");
        assertEquals(0L, tree.structure().leaf().switchSpec().bufferBytes());

        ClusterTopology topology = ClusterTopologies.build(spec);
        Graph graph = topology.graph();
        int spineLinks = 0;
        for (int link = 0; link < graph.linkCount(); link++) {
            int from = graph.linkFrom(link);
            int to = graph.linkTo(link);
            if (graph.nodeKind(from) == Graph.SWITCH && graph.nodeKind(to) == Graph.SWITCH) {
                // Leaf and spine alternate on every fabric link: exactly one end is a spine.
                assertEquals(8e9, topology.switchBufferBytes(from) + topology.switchBufferBytes(to));
                spineLinks++;
            }
        }
        assertEquals(2 * 8 * 32, spineLinks, "8 leaves x 32 spines, both directions");
        for (int accelerator = 0; accelerator < topology.accelerators(); accelerator++) {
            assertEquals(0, topology.switchBufferBytes(graph.linkTo(topology.nicUplink(accelerator))), "a leaf");
            assertEquals(0, topology.switchBufferBytes(graph.linkTo(topology.scaleUpUplink(accelerator))),
                    "a scale-up domain switch");
        }
    }
}
