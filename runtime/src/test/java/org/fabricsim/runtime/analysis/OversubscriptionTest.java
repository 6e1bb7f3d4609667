package org.fabricsim.runtime.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.junit.jupiter.api.Test;

class OversubscriptionTest {
    private static final double G400 = 50e9;

    static ClusterSpec cluster(int nics, double nicRate, double hostRate, TopologySpec topology) {
        AcceleratorSpec gpu = new AcceleratorSpec("g", "v", 1, 0, 1, 1, 0, 0);
        NicSpec nic = new NicSpec("n", "v", 1, nicRate, hostRate, 0);
        NodeSpec node = new NodeSpec("node", gpu, 8, null, nic, nics, true);
        FabricSpec fabric = new FabricSpec("f", "v", FabricSpec.FabricScope.SCALE_OUT, true, "", G400, 0, true,
                FabricSpec.CongestionControl.NONE, false, false, false, FabricSpec.DEFAULT_FLOWS_PER_PEER);
        return new ClusterSpec("c", node, 4, new ScaleOutSpec(fabric, topology, ScaleOutSpec.Routing.ECMP), 0, null,
                null);
    }

    static TopologySpec fatTree(int radix, Double... ratios) {
        return new TopologySpec.FatTree(new SwitchSpec("s", "v", radix, G400, 0, 0, false, false), 2, List.of(ratios));
    }

    @Test
    void shouldRealizeSevenToOneWith56DownAnd8UpOf64Ports() {
        Oversubscription.Ratio leaf = Oversubscription.of(cluster(8, G400, 0, fatTree(64, 7.0, 1.0))).get(0);
        assertEquals(56, leaf.downlinks());
        assertEquals(8, leaf.uplinks());
        assertEquals(7.0, leaf.ratio(), 1e-12);
        assertTrue(leaf.oversubscribed());
        assertTrue(leaf.matchesPorts());
        assertEquals("7:1", leaf.label());
    }

    @Test
    void shouldNotCallANonBlockingLeafOversubscribed() {
        Oversubscription.Ratio leaf = Oversubscription.of(cluster(8, G400, 0, fatTree(64, 1.0, 1.0))).get(0);
        assertEquals(32, leaf.downlinks());
        assertFalse(leaf.oversubscribed());
    }

    @Test
    void shouldFindThatEightPortsCannotRealizeTwentyToOne() {
        // 8 ports: at most 7 down and 1 up, so 7:1 is the most a leaf can do
        Oversubscription.Ratio leaf = Oversubscription.of(cluster(8, G400, 0, fatTree(8, 20.0, 1.0))).get(0);
        assertEquals(7.0, leaf.ratio(), 1e-12);
        assertFalse(leaf.matchesPorts());
    }

    @Test
    void shouldSeeTwoAcceleratorsSharingEachNicAsTwoToOneInjection() {
        // 8 accelerators × 50 GB/s over 4 NICs × 50 GB/s = 2
        Oversubscription.Ratio injection = Oversubscription.of(cluster(4, G400, 0, fatTree(64, 1.0, 1.0))).get(2);
        assertEquals(Oversubscription.Point.INJECTION, injection.point());
        assertEquals(2.0, injection.ratio(), 1e-12);
    }

    @Test
    void shouldSeeAPcieLinkNarrowerThanTheNic() {
        // 400 Gb/s NIC (50 GB/s) on PCIe gen4 x16 (16 GT/s × 16 × 128/130 / 8 = 31.5 GB/s): 1.59:1
        double gen4x16 = 16e9 * 128 / 130 / 8 * 16;
        Oversubscription.Ratio host = Oversubscription.of(cluster(8, G400, gen4x16, fatTree(64, 1.0, 1.0))).get(3);
        assertEquals(Oversubscription.Point.HOST, host.point());
        assertEquals(50e9 / gen4x16, host.ratio(), 1e-12);
        assertTrue(host.oversubscribed());
    }
}
