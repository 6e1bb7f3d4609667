package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.Graph;
import org.junit.jupiter.api.Test;

/**
 * Gaudi 3's on-chip RoCE ports as the catalog states them (24 x 200 GbE per chip: 21 wired all to all inside the
 * 8-chip server, 3 to each of the 7 peers, and 3 for scale-out; Intel Gaudi docs, Network Configuration) built
 * into the graph: per server 8 · 7 = 56 directed peer links of 3 · 25 GB/s, and per chip one link of 3 · 25 GB/s
 * into its scale-out ports, which are 3 ports of 25 GB/s, one on each of 3 planes (the builder's multi-plane NIC).
 * A full mesh whose ports do not split over the peers is refused.
 */
class GaudiOnChipPortsTest extends FabricModelTest {
    @Test
    void shouldBuildThreePortsToEachPeerAndThreeScaleOutPortsPerChip() throws Exception {
        Model model = parser.parse("""
                import fabric.catalog.intel.*
                import fabric.catalog.standards.*
                cluster Gaudi { nodes 2 x Gaudi3_HLS scale-out RoCEv2_200 fat-tree { tiers 2 planes 3 } }
                """);
        validation.assertNoErrors(model);
        Graph graph = ClusterTopologies.build(mapper.toCluster(EcoreUtil2.typeSelect(model.getElements(),
                Cluster.class).get(0))).graph();
        int peerLinks = 0;
        int nicLinks = 0;
        int planePorts = 0;
        for (int link = 0; link < graph.linkCount(); link++) {
            byte from = graph.nodeKind(graph.linkFrom(link));
            byte to = graph.nodeKind(graph.linkTo(link));
            if (from == Graph.ACCELERATOR && to == Graph.ACCELERATOR) {
                peerLinks++;
                // 21 ports x 200 Gb/s over 7 peers: 3 ports, 75 GB/s, derated like every scale-up link.
                assertEquals(3 * 25e9 * Calibration.DEFAULT.nvlinkEfficiency(), graph.linkBytesPerSecond(link), 1);
            } else if (from == Graph.ACCELERATOR) {
                nicLinks++;
                // The chip into its on-chip scale-out ports: 3 x 200 Gb/s, derated as a NIC.
                assertEquals(3 * 25e9 * Calibration.DEFAULT.nicEfficiency(), graph.linkBytesPerSecond(link), 1);
            } else if (from == Graph.NIC && to == Graph.SWITCH) {
                planePorts++;
                // One 200 GbE port on each plane's leaf.
                assertEquals(25e9 * Calibration.DEFAULT.nicEfficiency(), graph.linkBytesPerSecond(link), 1);
            }
        }
        assertEquals(2 * 8 * 7, peerLinks);
        assertEquals(2 * 8, nicLinks);
        assertEquals(2 * 8 * 3, planePorts);
    }

    @Test
    void shouldRefuseAFullMeshWhosePortsDoNotSplitOverThePeers() throws Exception {
        // 20 ports over 7 peers do not split; the largest domain whose peers divide 20 and that divides 8 is 2.
        List<Issue> issues = validation.validate(parser.parse("""
                import fabric.catalog.intel.*
                accelerator Odd { vendor Intel compute bf16 100 TFLOPS memory 96 GB bandwidth 2 TB/s scale-up 20 x 200 Gb/s }
                node Box { accelerators 8 x Odd scale-up Gaudi3_ScaleUp full-mesh domain 8 }
                """)).stream().filter(issue -> IssueCodes.MESH_PORTS.equals(issue.getCode())).toList();
        assertEquals(1, issues.size());
        assertEquals(List.of("2"), List.of(issues.get(0).getData()));
        List<Issue> gaudi = validation.validate(parser.parse("""
                import fabric.catalog.intel.*
                cluster Gaudi { nodes 1 x Gaudi3_HLS }
                """)).stream().filter(issue -> IssueCodes.MESH_PORTS.equals(issue.getCode())).toList();
        assertEquals(List.of(), gaudi);
    }
}
