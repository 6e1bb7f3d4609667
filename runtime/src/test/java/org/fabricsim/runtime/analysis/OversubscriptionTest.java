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
        return clusterOn(G400, nics, nicRate, hostRate, topology);
    }

    static ClusterSpec clusterOn(double fabricRate, int nics, double nicRate, double hostRate, TopologySpec topology) {
        AcceleratorSpec gpu = new AcceleratorSpec("g", "v", 1, 0, 1, 1, 0, 0);
        NicSpec nic = new NicSpec("n", "v", 1, nicRate, hostRate, 0);
        NodeSpec node = new NodeSpec("node", gpu, 8, null, nic, nics, true);
        FabricSpec fabric = new FabricSpec("f", "v", FabricSpec.FabricScope.SCALE_OUT, true, "", fabricRate, 0, true,
                FabricSpec.CongestionControl.NONE, false, false, false, FabricSpec.DEFAULT_FLOWS_PER_PEER);
        return new ClusterSpec("c", node, 4, new ScaleOutSpec(fabric, topology, ScaleOutSpec.Routing.ECMP), 0, null,
                null);
    }

    static TopologySpec fatTree(int radix, Double... ratios) {
        return fatTreeAt(radix, G400, ratios);
    }

    static TopologySpec fatTreeAt(int radix, double portRate, Double... ratios) {
        return new TopologySpec.FatTree(new SwitchSpec("s", "v", radix, portRate, 0, 0, false, false), 2,
                List.of(ratios));
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
    void shouldNotCallA400GNicOnAn800GFabricOversubscribed() {
        // 8 accelerators, 8 x 400G NICs on an 800G fabric: each NIC cable runs at its NIC's 400G (NicCable), so each
        // accelerator injects 400G and each port carries 400G: 8 x 50 / (8 x 50) GB/s = 1:1 (at the fabric's rate it
        // read 8 x 100 / 400 = 2:1)
        Oversubscription.Ratio injection = Oversubscription.of(clusterOn(2 * G400, 8, G400, 0,
                fatTree(64, 1.0, 1.0))).get(2);
        assertEquals(Oversubscription.Point.INJECTION, injection.point());
        assertEquals(1.0, injection.ratio(), 1e-12);
        assertEquals(8 * G400, injection.downBytesPerSecond(), 1e-3);
        assertFalse(injection.oversubscribed());
    }

    @Test
    void shouldStillSeeTwoAcceleratorsPerSlowNicAsTwoToOneOnAFasterFabric() {
        // 8 accelerators over 4 x 400G NICs on an 800G fabric: 8 x 50 / (4 x 50) GB/s = 2:1
        Oversubscription.Ratio injection = Oversubscription.of(clusterOn(2 * G400, 4, G400, 0,
                fatTree(64, 1.0, 1.0))).get(2);
        assertEquals(2.0, injection.ratio(), 1e-12);
        assertTrue(injection.oversubscribed());
    }

    @Test
    void shouldCapInjectionAtTheNicsPcieLink() {
        // 8 x 400G NICs on PCIe gen4 x16 (31.5 GB/s), 8 accelerators: each injects min(50, 50, 31.5) = 31.5 GB/s
        // into ports that carry 50: 8 x 31.5 / (8 x 50) = 0.63:1, not oversubscribed (the host ratio says 1.59:1)
        double gen4x16 = 16e9 * 128 / 130 / 8 * 16;
        Oversubscription.Ratio injection = Oversubscription.of(cluster(8, G400, gen4x16, fatTree(64, 1.0, 1.0)))
                .get(2);
        assertEquals(gen4x16 / G400, injection.ratio(), 1e-12);
        assertFalse(injection.oversubscribed());
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

    @Test
    void shouldRateUplinksAtTheFabricsLinkRateAsTheBuilderDoes() {
        // 8 x 800G ports under 400G NICs on a 400G fabric, 1:1: a NIC port takes 400 / 800 = 0.5 switch port (two by
        // breakout on one), so the builder puts 8 x 1 / (2 x 0.5) = 8 NIC ports under a leaf (4 ports) and
        // ceil(8 x 400G / 400G) = 8 uplinks at the fabric's 400G (4 ports): 3200 / 3200 Gb/s = 1:1, as declared.
        // (Rated at the 800G port, 5 down and 3 up would give 2000 / 2400 = 0.83:1, which no built network has.)
        Oversubscription.Ratio leaf = Oversubscription.of(cluster(8, G400, 0, fatTreeAt(8, 2 * G400))).get(0);
        assertEquals(8, leaf.downlinks());
        assertEquals(8, leaf.uplinks());
        assertEquals(8 * G400, leaf.upBytesPerSecond(), 1e-3);
        assertEquals(1.0, leaf.ratio(), 1e-12);
        assertTrue(leaf.matchesPorts());
    }

    @Test
    void shouldRealizeSevenToOneOn800GPortsAsBuilt() {
        // 64 x 800G, 7:1 under 400G NICs (0.5 switch port each) on a 400G fabric: floor(64 x 7 / (8 x 0.5)) = 112
        // NIC ports down (56 ports), ceil(112/7) = 16 up at 400G (8 ports): exactly 7:1 (rated at 800G ports, 59
        // down and 5 up would make it 5.9:1, 16 % off the declared ratio).
        Oversubscription.Ratio leaf = Oversubscription.of(cluster(8, G400, 0, fatTreeAt(64, 2 * G400, 7.0))).get(0);
        assertEquals(112, leaf.downlinks());
        assertEquals(16, leaf.uplinks());
        assertEquals(7.0, leaf.ratio(), 1e-12);
        assertTrue(leaf.matchesPorts());
    }

    @Test
    void shouldCarryTheTopTiersRatioOnTheLinksIntoIt() {
        // 1:1, 7:1 on two tiers: the builder sizes the leaf uplinks at the top tier's 7:1 (floor(64 x 7/8) = 56 down,
        // 8 up), reported once, as tier 2's.
        List<Oversubscription.Ratio> ratios = Oversubscription.of(cluster(8, G400, 0, fatTree(64, 1.0, 7.0)));
        assertEquals(1, ratios.stream().filter(ratio -> ratio.point() == Oversubscription.Point.TIER).count());
        assertEquals(2, ratios.get(0).tier());
        assertEquals(7.0, ratios.get(0).ratio(), 1e-12);
        assertEquals(56, ratios.get(0).downlinks());
    }
}
