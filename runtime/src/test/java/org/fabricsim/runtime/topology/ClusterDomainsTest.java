package org.fabricsim.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/**
 * A scale-up domain of D over nodes of n &lt; D accelerators (an NVL72 rack of 18 trays of 4) is one domain of D
 * across D ÷ n consecutive nodes, each node keeping its own NICs; a cluster smaller than one domain is one domain.
 */
class ClusterDomainsTest {
    private static final FabricSpec LINK = new FabricSpec("t.L", "generic", FabricSpec.FabricScope.SCALE_UP, false,
            "", 50e9, 0, true, FabricSpec.CongestionControl.NONE, false, false, true,
            FabricSpec.DEFAULT_FLOWS_PER_PEER);
    private static final FabricSpec ETHERNET = new FabricSpec("t.E", "generic", FabricSpec.FabricScope.SCALE_OUT,
            true, "", 50e9, 0, true, FabricSpec.CongestionControl.NONE, false, false, false,
            FabricSpec.DEFAULT_FLOWS_PER_PEER);

    /** {@code nodes} trays of 4, each 900 GB/s into a switched domain of 72 and one 50 GB/s NIC per accelerator. */
    private static ClusterSpec trays(int nodes) {
        AcceleratorSpec gpu = new AcceleratorSpec("t.G", "generic", 0, 0, 0, 0, 0, 0);
        NodeSpec tray = new NodeSpec("t.Tray", gpu, 4, new ScaleUpSpec(LINK, ScaleUpSpec.Kind.SWITCHED, 72, 900e9,
                false), new NicSpec("t.N", "generic", 1, 50e9, 0, 0), 4, true);
        return new ClusterSpec("t.C", tray, nodes, new ScaleOutSpec(ETHERNET, new TopologySpec.SingleSwitch(null),
                ScaleOutSpec.Routing.FABRIC), 0, null, null);
    }

    @Test
    void shouldLayEighteenTraysOfFourOutAsOneDomainOfSeventyTwoWithEachTraysNics() {
        // 36 trays: 144 accelerators in 144 / 72 = 2 domains of 18 trays each; accelerators 0 and 71 (trays 1 and
        // 18) share a domain, 71 and 72 do not
        ClusterSpec cluster = trays(36);
        assertEquals(72, ClusterDomains.size(cluster));
        assertEquals(18, ClusterDomains.nodesPerDomain(cluster.node()));
        assertTrue(ClusterDomains.whole(cluster));
        ClusterTopology topology = ClusterTopologies.build(cluster);
        assertEquals(72, topology.domainSize());
        assertTrue(topology.sameDomain(0, 71));
        assertFalse(topology.sameDomain(71, 72));
        // every accelerator keeps its tray's NIC share: 4 NICs × 50 GB/s ÷ 4 accelerators, derated by the profile
        double nic = 50e9 * Calibration.DEFAULT.nicEfficiency();
        assertEquals(nic, topology.graph().linkBytesPerSecond(topology.nicUplink(0)), 1e-3);
        assertEquals(nic, topology.graph().linkBytesPerSecond(topology.nicUplink(143)), 1e-3);
    }

    @Test
    void shouldMakeAClusterSmallerThanOneDomainOneDomainOfItsAccelerators() {
        // a benchmark on the first 2 trays: 8 accelerators of the rack's domain
        ClusterSpec firstTrays = trays(36).withNodes(2);
        assertEquals(8, ClusterDomains.size(firstTrays));
        assertTrue(ClusterDomains.whole(firstTrays));
        assertEquals(8, ClusterTopologies.build(firstTrays).domainSize());
    }

    @Test
    void shouldRefuseToBuildTraysThatCutADomain() {
        // 20 trays: 80 accelerators, one domain of 72 and 8 over
        ClusterSpec cluster = trays(20);
        assertFalse(ClusterDomains.whole(cluster));
        assertThrows(IllegalArgumentException.class, () -> ClusterTopologies.build(cluster));
    }
}
