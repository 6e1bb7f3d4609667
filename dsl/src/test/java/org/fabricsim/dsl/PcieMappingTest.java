package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.eclipse.xtext.EcoreUtil2;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.topology.NicCable;
import org.junit.jupiter.api.Test;

/**
 * A NIC's host link is the PCIe link it trains to in its node's slot: the lower generation and the narrower width of
 * the two ends (PCI Express Base Specification, link training), and the NIC injects at most that
 * ({@link NicCable#injectionBytesPerSecond}). Per lane and direction: gen3 8 GT/s, gen4 16, gen5 32, each × 128/130
 * encoding ÷ 8 bits: 0.98462, 1.96923 and 3.93846 GB/s. A NIC that states no PCIe has no host link.
 */
class PcieMappingTest extends FabricModelTest {
    private static final String MODEL = """
            import fabric.catalog.nvidia.*
            import fabric.catalog.standards.*
            nic Cx { vendor NVIDIA ports 1 x 400 Gb/s speaks RoCEv2 %s }
            node Box { accelerators 8 x H100_SXM nics 8 x Cx rail-aligned %s }
            cluster C { nodes 2 x Box scale-out RoCEv2 single-switch { switch SN5600 } }
            """;
    private static final double GEN3_LANE = 8e9 * 128 / 130 / 8;
    private static final double GEN4_LANE = 16e9 * 128 / 130 / 8;

    @Test
    void shouldTrainANicsLinkToTheLowerGenerationAndTheNarrowerWidthOfItsSlot() throws Exception {
        // A gen5 x16 NIC in a gen3 x16 slot: 16 × 0.98462 = 15.754 GB/s, under its 50 GB/s of ports.
        NicCable inOldSlot = nic("pcie gen5 x16", "pcie gen3 x16");
        assertEquals(16 * GEN3_LANE, inOldSlot.nic().hostBytesPerSecond(), 1);
        assertEquals(16 * GEN3_LANE, inOldSlot.injectionBytesPerSecond(), 1);
        // A gen4 x8 NIC in a gen5 x16 slot: 8 × 1.96923 = 15.754 GB/s.
        assertEquals(8 * GEN4_LANE, nic("pcie gen4 x8", "pcie gen5 x16").nic().hostBytesPerSecond(), 1);
        // The NIC's own link where the node states no slot: gen4 x16, 31.508 GB/s.
        assertEquals(16 * GEN4_LANE, nic("pcie gen4 x16", "").injectionBytesPerSecond(), 1);
    }

    @Test
    void shouldLeaveTheNicAtItsPortsWhereNeitherEndIsNarrowerOrTheNicSitsOnNoPcie() throws Exception {
        // Gen5 x16 at both ends carries 16 × 3.93846 = 63.015 GB/s, over the 50 GB/s of ports.
        assertEquals(50e9, nic("pcie gen5 x16", "pcie gen5 x16").injectionBytesPerSecond(), 1);
        // A NIC that states no PCIe is not known to sit on one (ports on the accelerator's die, as Gaudi 3's): even
        // a gen3 x4 slot (3.9 GB/s) leaves it at its ports, and nothing stated gives no host link at all.
        for (String node : new String[] {"pcie gen3 x4", ""}) {
            NicCable onDie = nic("", node);
            assertEquals(0, onDie.nic().hostBytesPerSecond());
            assertEquals(50e9, onDie.injectionBytesPerSecond(), 1);
        }
    }

    /** The cable of the cluster's NIC on its RoCEv2 network. */
    private NicCable nic(String nicPcie, String nodePcie) throws Exception {
        Model model = parser.parse(MODEL.formatted(nicPcie, nodePcie));
        validation.assertNoErrors(model);
        ClusterSpec cluster = mapper.toCluster(EcoreUtil2.typeSelect(model.getElements(), Cluster.class).get(0));
        return NicCable.of(cluster.node().nic(), cluster.scaleOut());
    }
}
