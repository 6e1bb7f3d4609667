package org.fabricsim.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.fabricsim.runtime.TestClusters;
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

/** The leaves the builder wires when no tiers are stated, against what {@link TierLayout} (the editor) reads. */
class AsBuiltLeafTest {
    /** 400 Gb/s per direction. */
    private static final double G400 = 50e9;
    /** PCIe gen4 x16 per direction: 16 GT/s × 16 lanes × 128/130 ÷ 8 = 31.508 GB/s. */
    private static final double GEN4_X16 = 16e9 * 16 * 128 / 130 / 8;

    /** 64 one-accelerator nodes, a 400G NIC on {@code hostRate} of PCIe each, a 2-tier 1:1 fat-tree of 64-port leaves. */
    private static ClusterSpec cluster(double hostRate) {
        AcceleratorSpec gpu = new AcceleratorSpec("t.G", "generic", 0, 0, 0, 0, 0, 0);
        NicSpec nic = new NicSpec("t.N", "generic", 1, G400, hostRate, 0);
        FabricSpec fabric = new FabricSpec("t.E", "generic", FabricSpec.FabricScope.SCALE_OUT, true, "", G400, 0, true,
                FabricSpec.CongestionControl.NONE, false, false, false, FabricSpec.DEFAULT_FLOWS_PER_PEER);
        NodeSpec node = new NodeSpec("t.Node", gpu, 1, null, nic, 1, true);
        return new ClusterSpec("t.C", node, 64, new ScaleOutSpec(fabric, new TopologySpec.FatTree(null, 2,
                List.of(1.0, 1.0)), ScaleOutSpec.Routing.ECMP), 0, null, null);
    }

    @Test
    void shouldSizeLeafUplinksOnTheNicPortRateNotItsPcieCap() {
        // Default radix 64 at 1:1: 64 / 2 = 32 NIC ports per leaf, 64 ports -> 2 leaves; uplinks
        // ceil(32 x 50 / (1 x 50)) = 32 on the port rate (the PCIe-capped rate gave ceil(32 x 31.508 / 50) = 21,
        // 32 / 21 = 1.52:1 of ports where the editor read 1:1).
        ClusterSpec capped = cluster(GEN4_X16);
        assertEquals("64 accelerators, scale-up none, 2-tier fat-tree, 64 ports, 2 leaves x 32 uplinks",
                ClusterTopologies.build(capped).describe());
        Oversubscription.Ratio leaf = Oversubscription.of(capped).get(0);
        assertEquals(32, leaf.uplinks());
        assertEquals(1.0, leaf.ratio(), 1e-12);
    }

    @Test
    void shouldDescribeOneSwitchAsOneLeafWithoutUplinks() {
        // The quickstart's shape, 2 nodes x 8 accelerators on one 16-port switch: one leaf and nothing above it
        // (the console printed "1 leaves x 0 uplinks").
        assertEquals("16 accelerators, scale-up none, 1-tier fat-tree, 16 ports, 1 leaf",
                ClusterTopologies.build(TestClusters.singleSwitch(2, 8, 50e9, 1_000_000)).describe());
    }

    @Test
    void shouldBuildTheSameLeavesForANicWhosePcieDoesNotBind() {
        // No PCIe stated: 32 ports per leaf, ceil(32 x 50 / 50) = 32 uplinks, before and after.
        assertEquals("64 accelerators, scale-up none, 2-tier fat-tree, 64 ports, 2 leaves x 32 uplinks",
                ClusterTopologies.build(cluster(0)).describe());
        assertEquals(32, Oversubscription.of(cluster(0)).get(0).uplinks());
    }

    /** 8 nodes of 8 accelerators and 8 NICs of {@code nicPorts} x 200G, a 2-tier 1:1 fat-tree of 64 x 200G switches. */
    private static ClusterSpec onSwitch(int nicPorts) {
        double g200 = 25e9;
        AcceleratorSpec gpu = new AcceleratorSpec("t.G", "generic", 0, 0, 0, 0, 0, 0);
        NicSpec nic = new NicSpec("t.N", "generic", nicPorts, g200, 0, 0);
        FabricSpec fabric = new FabricSpec("t.E", "generic", FabricSpec.FabricScope.SCALE_OUT, true, "", g200, 0, true,
                FabricSpec.CongestionControl.NONE, false, false, false, FabricSpec.DEFAULT_FLOWS_PER_PEER);
        NodeSpec node = new NodeSpec("t.Node", gpu, 8, null, nic, 8, true);
        SwitchSpec s64 = new SwitchSpec("t.S64", "generic", 64, g200, 0, 0, false, false);
        return new ClusterSpec("t.C", node, 8, new ScaleOutSpec(fabric, new TopologySpec.FatTree(s64, 2,
                List.of(1.0, 1.0)), ScaleOutSpec.Routing.ECMP), 0, null, null);
    }

    @Test
    void shouldHoldTheNicPortsWhosePortsAndUplinksFitItsSwitch() {
        // Two 200G ports per accelerator: r = 50 GB/s, c = 50 / 25 = 2 switch ports each. h NIC ports take 2h and
        // their ceil(h x 50 / 25) = 2h uplinks 2h more, 4h <= 64: h = 16, 4 leaves of 64 ports' worth. Sized on the
        // radix alone (h = 32) the leaf needed 64 + 64 = 128 ports of 64 and the builder refused it.
        assertEquals("64 accelerators, scale-up none, 2-tier fat-tree, 64 ports, 4 leaves x 32 uplinks",
                ClusterTopologies.build(onSwitch(2)).describe());
        TierLayout.Tier leaf = ClusterTopologies.layout(onSwitch(2), onSwitch(2).node()).tiers().get(0);
        assertEquals(16, leaf.downlinks());
        assertEquals(64, leaf.portsUsed());
    }

    @Test
    void shouldBuildALeafWhosePortsAndUplinksFit() {
        // One 200G port per accelerator: 32 NIC ports and ceil(32 x 25 / 25) = 32 uplinks, 64 ports of 64; 64 ports
        // in all -> 2 leaves.
        assertEquals("64 accelerators, scale-up none, 2-tier fat-tree, 64 ports, 2 leaves x 32 uplinks",
                ClusterTopologies.build(onSwitch(1)).describe());
    }

    @Test
    void shouldSayHowManyLeavesOfAWholePodHoldPorts() {
        // The same 64 ports on three tiers: a pod is R / 2 = 32 leaves of the 64-port switch (no pod stated), and the
        // 64 ports fill 64 / 32 = 2 of them. Session 69's architect read "32 leaves x 32 uplinks, 1 pods" for 32 ports
        // of a benchmark as a port per leaf.
        ClusterSpec twoTiers = onSwitch(1);
        SwitchSpec s64 = new SwitchSpec("t.S64", "generic", 64, 25e9, 0, 0, false, false);
        ClusterSpec threeTiers = twoTiers.withScaleOut(new ScaleOutSpec(twoTiers.scaleOut().fabric(),
                new TopologySpec.FatTree(s64, 3, List.of(1.0, 1.0)), ScaleOutSpec.Routing.ECMP));
        assertEquals("64 accelerators, scale-up none, 3-tier fat-tree, 64 ports, 32 leaves (2 with ports) x 32 uplinks,"
                + " 1 pod, 32 core uplinks per aggregation", ClusterTopologies.build(threeTiers).describe());
    }
}
