package org.fabricsim.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.fabricsim.runtime.analysis.Oversubscription;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/**
 * A NIC port's cable runs at the NIC's rate whatever the fabric's link rate, on as many leaf ports as that rate takes
 * ({@link NicCable}); the engine's NIC links and the editor's injection ratio read the same cable.
 */
class NicCableTest {
    private static final double G400 = 50e9;

    /** A scale-out fabric of {@code linkRate} whose links run at their full rate (efficiency 100 %). */
    private static FabricSpec fabric(double linkRate) {
        return new FabricSpec("t.F", "generic", FabricSpec.FabricScope.SCALE_OUT, true, "", linkRate, 0, true,
                FabricSpec.CongestionControl.NONE, false, false, false, FabricSpec.DEFAULT_FLOWS_PER_PEER, 1.0);
    }

    /** 4 nodes of 8 accelerators on {@code nics} single-port NICs of {@code nicRate}, without scale-up. */
    private static ClusterSpec cluster(double nicRate, int nics, double hostRate, double linkRate,
            TopologySpec topology) {
        AcceleratorSpec gpu = new AcceleratorSpec("t.gpu", "generic", 1, 0, 1, 1, 0, 0);
        NodeSpec node = new NodeSpec("t.node", gpu, 8, null, new NicSpec("t.nic", "generic", 1, nicRate, hostRate, 0),
                nics, true);
        return new ClusterSpec("t.c", node, 4, new ScaleOutSpec(fabric(linkRate), topology, ScaleOutSpec.Routing.ECMP),
                0, null, null);
    }

    private static TopologySpec singleSwitch(double portRate) {
        return new TopologySpec.SingleSwitch(new SwitchSpec("t.s", "generic", 64, portRate, 0, 0, false, false));
    }

    @Test
    void shouldRunAnEightHundredGigabitNicAtItsOwnRateOnTwoFourHundredGigabitLeafPorts() {
        // An 800 Gb/s NIC (100 GB/s) on a 400 Gb/s fabric and switch: the cable runs at 100 GB/s on 100 / 50 = 2 switch
        // ports by breakout; the engine's NIC link carries 100 GB/s (efficiency 100 %, one NIC per accelerator), and
        // the injection ratio's ports carry 8 x 100 = 800 GB/s against 8 x 100 injected: 1:1.
        ClusterSpec cluster = cluster(2 * G400, 8, 0, G400, singleSwitch(G400));
        NicCable cable = NicCable.of(cluster.node().nic(), cluster.scaleOut());
        assertEquals(100e9, cable.bytesPerSecond());
        assertEquals(2.0, cable.leafPorts());
        ClusterTopology built = ClusterTopologies.build(cluster);
        assertEquals(100e9, built.graph().linkBytesPerSecond(built.nicUplink(0)), 1);
        Oversubscription.Ratio injection = injection(cluster);
        assertEquals(800e9, injection.upBytesPerSecond(), 1);
        assertEquals(1.0, injection.ratio(), 1e-12);
    }

    @Test
    void shouldShareAnEightHundredGigabitPortBetweenTwoFourHundredGigabitNicsAndMatchTheLeafWhereNoSwitchIsNamed() {
        // 400 Gb/s NIC on 800 Gb/s switch ports: 50 / 100 = half a port each; no switch named: the leaf's port is the
        // NIC's own, one each. The cable runs at the NIC's 50 GB/s either way, on an 800 Gb/s fabric too.
        ClusterSpec shared = cluster(G400, 8, 0, 2 * G400, singleSwitch(2 * G400));
        assertEquals(0.5, NicCable.of(shared.node().nic(), shared.scaleOut()).leafPorts());
        ClusterSpec matched = cluster(G400, 8, 0, 2 * G400, new TopologySpec.SingleSwitch(null));
        NicCable cable = NicCable.of(matched.node().nic(), matched.scaleOut());
        assertEquals(1.0, cable.leafPorts());
        assertEquals(G400, cable.bytesPerSecond());
    }

    @Test
    void shouldBuildTheNicLinksTheInjectionRatioCountsWhetherTheNicIsFasterOrSlowerThanTheFabric() {
        // 8 accelerators on 4 NICs: each accelerator's link carries 4r / 8 = r / 2, the node's 8 links 4r, the
        // injection ratio's 4 ports x r; the leaf of a two-tier tree takes each accelerator's r / 2 as its downlinks.
        // r = 800, 400 and 200 Gb/s on a 400 Gb/s fabric: 400, 200, 100 GB/s a node.
        for (double nicRate : new double[] {2 * G400, G400, G400 / 2}) {
            ClusterSpec cluster = cluster(nicRate, 4, 0, G400, new TopologySpec.FatTree(null, 2, List.of(1.0)));
            ClusterTopology built = ClusterTopologies.build(cluster);
            double node = 0;
            for (int e = 0; e < 8; e++) {
                node += built.graph().linkBytesPerSecond(built.nicUplink(e));
            }
            assertEquals(4 * nicRate, node, 1, () -> "NIC at " + nicRate);
            assertEquals(4 * nicRate, injection(cluster).upBytesPerSecond(), 1, () -> "NIC at " + nicRate);
            assertEquals(2.0, injection(cluster).ratio(), 1e-12);
            Oversubscription.Ratio leaf = Oversubscription.of(cluster).get(0);
            assertEquals(leaf.downlinks() * nicRate / 2, leaf.downBytesPerSecond(), 1, () -> "NIC at " + nicRate);
        }
    }

    @Test
    void shouldCapWhatANodeInjectsAtItsNicsPcieButNotTheCablesItsLeafCounts() {
        // An 800 Gb/s NIC (100 GB/s) on PCIe gen5 x16 (32 GT/s x 16 x 128/130 / 8 = 63.0 GB/s), 8 per node, on a 400
        // Gb/s fabric: each accelerator injects 63.0 GB/s into a 100 GB/s cable, 63.0 / 100 = 0.63:1 (a cable capped at
        // the fabric's 50 GB/s would have read 50 / 50 = 1:1); the leaf is sized for 100 GB/s per accelerator.
        double gen5x16 = 32e9 * 128 / 130 / 8 * 16;
        ClusterSpec cluster = cluster(2 * G400, 8, gen5x16, G400, singleSwitch(G400));
        assertEquals(gen5x16 / 100e9, injection(cluster).ratio(), 1e-12);
        ClusterTopology built = ClusterTopologies.build(cluster);
        assertEquals(gen5x16, built.graph().linkBytesPerSecond(built.nicUplink(7)), 1);
        assertEquals(100e9, NicCable.bytesPerAccelerator(cluster.node(), cluster.scaleOut()), 1);
    }

    private static Oversubscription.Ratio injection(ClusterSpec cluster) {
        return Oversubscription.of(cluster).stream().filter(r -> r.point() == Oversubscription.Point.INJECTION)
                .findFirst().orElseThrow();
    }
}
