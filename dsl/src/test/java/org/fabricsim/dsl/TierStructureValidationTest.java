package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.TierStructure;
import org.fabricsim.runtime.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/** Stated tiers, pods and planes: each rule fires where the network cannot be built as written, and only there. */
class TierStructureValidationTest extends FabricModelTest {
    /** A 64 x 400G switch and a two-port 200G NIC, beside the catalog. */
    private static final String PARTS = """
            import fabric.catalog.nvidia.*
            import fabric.catalog.broadcom.*
            import fabric.catalog.standards.*
            switch TH4 { vendor Broadcom ports 64 x 400 Gb/s speaks RoCEv2, RoCEv2_200 }
            nic Dual200 { vendor NVIDIA ports 2 x 200 Gb/s speaks RoCEv2_200 }
            nic One200 { vendor NVIDIA ports 1 x 200 Gb/s speaks RoCEv2_200 }
            node Dual { accelerators 8 x H100_SXM scale-up NVLink4 switched domain 8 nics 8 x Dual200 rail-aligned }
            node Single { accelerators 8 x H100_SXM scale-up NVLink4 switched domain 8 nics 8 x One200 rail-aligned }
            """;

    private Model model(String cluster) throws Exception {
        return parser.parse(PARTS + cluster);
    }

    private List<String> codes(String cluster) throws Exception {
        return validation.validate(model(cluster)).stream().map(Issue::getCode)
                .filter(code -> code.startsWith("fabric.physical.")).toList();
    }

    /** MegaScale's leaf: 64 x 200G down (32 ports split in two), 32 x 400G up; 64 nodes x 8 = 512 ports, 8 leaves. */
    private static String megaScale(String leaves) {
        return """
                cluster C {
                    nodes 64 x Single
                    scale-out RoCEv2_200 fat-tree {
                        tiers 2
                        leaf %s x TH4 uplinks 400 Gb/s
                        spine 32 x TH4
                    }
                }
                """.formatted(leaves);
    }

    @Test
    void shouldAcceptLeavesWhoseSplitDownlinksAndUplinksFillTheirPorts() throws Exception {
        assertEquals(List.of(), codes(megaScale("8")));
    }

    @Test
    void shouldRejectLeavesThatNeedMorePortsThanTheSwitchHasWithTheLeafCountThatFits() throws Exception {
        // 4 leaves of 128 x 200G: 64 ports down + 32 up = 96 > 64. 32 ports left for the downlinks take 64
        // NIC ports at 200G, so 512 / 64 = 8 leaves fit.
        Model model = model(megaScale("4"));
        validation.assertError(model, org.fabricsim.dsl.fabric.FabricPackage.Literals.TIER_LEVEL,
                IssueCodes.TIER_PORTS, "needs 96", "write 'leaf 8 x TH4'");
    }

    @Test
    void shouldSuggestTheSmallestLeafCountThatFitsAndSplitsTheNicPortsEvenly() throws Exception {
        // 32 NIC ports at 200G on 2 leaves of 16 x 400G, 13 x 400G up: 8 + 13 = 21 > 16. The 3 ports left carry
        // 3 x 400 / 200 = 6 NIC ports, so at least ceil(32 / 6) = 6 leaves; 6 does not divide 32, 8 does (4 each).
        String cluster = """
                switch S16 { vendor Broadcom ports 16 x 400 Gb/s speaks RoCEv2_200 }
                cluster C {
                    nodes 4 x Single
                    scale-out RoCEv2_200 fat-tree { tiers 2 leaf %s x S16 uplinks 400 Gb/s spine 13 x S16 }
                }
                """;
        validation.assertError(model(cluster.formatted("2")), org.fabricsim.dsl.fabric.FabricPackage.Literals.TIER_LEVEL,
                IssueCodes.TIER_PORTS, "needs 21", "write 'leaf 8 x S16' (4 NIC ports each)");
        assertEquals(List.of(), codes(cluster.formatted("8")));
    }

    /** 64 Single nodes whose scale-out tree fits (derived from S64), beside the data-centre network {@code network}. */
    private static String dataCentre(String network) {
        return """
                switch S64 { vendor Broadcom ports 64 x 200 Gb/s speaks RoCEv2_200 }
                cluster C {
                    nodes 64 x Single
                    scale-out RoCEv2_200 fat-tree { tiers 2 switch S64 }
                    data-centre RoCEv2_200 %s
                }
                """.formatted(network);
    }

    /** 64 nodes of {@code node} (512 accelerators) on a 2-tier 1:1 fat-tree of 64 x 200G switches, no tiers stated. */
    private static String derived(String node, String leaf) {
        return """
                switch S64 { vendor Broadcom ports 64 x 200 Gb/s speaks RoCEv2_200 }
                cluster C {
                    nodes 64 x %s
                    scale-out RoCEv2_200 fat-tree { tiers 2 switch S64 %s }
                }
                """.formatted(node, leaf);
    }

    @Test
    void shouldDeriveALeafOfTheNicPortsWhoseBreakoutAndUplinksFit() throws Exception {
        // Dual: two 200G ports per accelerator, r = 50 GB/s on 25 GB/s ports, c = 2 switch ports each. The derived leaf
        // holds h = 64 / (2 x 2) = 16 NIC ports (32 switch ports) and ceil(16 x 50 / 25) = 32 uplinks, 64 of 64, as
        // 'leaf 32 x S64' states it (512 / 16). Sized on the radix alone (h = 32) it needed 64 + 64 = 128 of 64 and
        // was refused. Single: 32 NIC ports and 32 uplinks, 64 of 64.
        assertEquals(List.of(), codes(derived("Dual", "")));
        assertEquals(List.of(), codes(derived("Dual", "leaf 32 x S64")));
        assertTrue(!codes(derived("Single", "")).contains(IssueCodes.LEAF_PORTS));
    }

    @Test
    void shouldRejectADerivedLeafThatCannotHoldEvenOneNicPort() throws Exception {
        // A 2 x 200G switch under Dual's 2 x 200G per accelerator: h = 2 / (2 x 2) = 0.5, so one NIC port, the least,
        // taking 2 ports down and its ceil(50 / 25) = 2 uplinks 2 up: 4 of 2. No leaf count fits; a plane per NIC
        // port does (1 + 1 = 2 of 2).
        String tiny = """
                switch S2 { vendor Broadcom ports 2 x 200 Gb/s speaks RoCEv2_200 }
                cluster C {
                    nodes 64 x Dual
                    scale-out RoCEv2_200 fat-tree { tiers 2 switch S2 %s }
                }
                """;
        validation.assertError(model(tiny.formatted("")), org.fabricsim.dsl.fabric.FabricPackage.Literals.FAT_TREE_TOPOLOGY,
                IssueCodes.LEAF_PORTS, "needs 4", "Give each NIC port its own plane ('planes 2')");
        assertTrue(!codes(tiny.formatted("planes 2")).contains(IssueCodes.LEAF_PORTS));
    }

    @Test
    void shouldDeriveADataCentreLeafForItsNicShareAsTheScaleOutOne() throws Exception {
        // The data-centre tree's NIC share of 50 GB/s on 25 GB/s ports: c = 2, the derived leaf holds 16 NIC ports
        // (32 switch ports) and ceil(16 x 50 / 25) = 32 uplinks, 64 of 64; at a 25 GB/s share 32 + 32 = 64 of 64.
        // Sized on the radix alone the 50 GB/s share's leaf needed 128 of 64.
        String derived = "fat-tree { tiers 2 switch S64 } nic ";
        assertTrue(!codes(dataCentre(derived + "50 GB/s")).contains(IssueCodes.LEAF_PORTS));
        assertTrue(!codes(dataCentre(derived + "25 GB/s")).contains(IssueCodes.LEAF_PORTS));
    }

    @Test
    void shouldRejectStatedDataCentreLeavesThatNeedMorePortsThanTheSwitchHas() throws Exception {
        // As megaScale on the data-centre network, each accelerator's 25 GB/s share on 200G ports: 4 leaves of 128
        // NIC ports take 64 ports down + 32 x 400G up = 96 > 64; 8 leaves of 64 take 32 + 16 x 400G (32 ports) = 64.
        String stated = "fat-tree { tiers 2 leaf %s x TH4 uplinks 400 Gb/s spine 32 x TH4 } nic 25 GB/s";
        validation.assertError(model(dataCentre(stated.formatted("4"))),
                org.fabricsim.dsl.fabric.FabricPackage.Literals.TIER_LEVEL, IssueCodes.TIER_PORTS, "needs 96",
                "write 'leaf 8 x TH4'");
        assertEquals(List.of(), codes(dataCentre(stated.formatted("8"))));
    }

    @Test
    void shouldRejectALeafCountThatDoesNotSplitTheNicPortsEvenly() throws Exception {
        // 512 ports over 7 leaves: the nearest divisor of 512 is 8.
        validation.assertError(model(megaScale("7")), org.fabricsim.dsl.fabric.FabricPackage.Literals.TIER_LEVEL,
                IssueCodes.TIER_COUNT, "write 'leaf 8 x ...'");
    }

    @Test
    void shouldJudgeStatedTiersByTheirOwnSwitchesRatherThanTheTopologySwitch() throws Exception {
        // 512 ports on 2 tiers of a 16-port switch hold 128: a radix error without stated tiers, none with them.
        String small = "switch S16 { vendor Broadcom ports 16 x 200 Gb/s speaks RoCEv2_200 }\n";
        String derived = small + megaScale("8").replace("leaf 8 x TH4 uplinks 400 Gb/s", "switch S16")
                .replace("spine 32 x TH4", "");
        List<String> radix = codes(derived);
        assertTrue(radix.contains(IssueCodes.RADIX_TOO_SMALL), radix::toString);
        assertEquals(List.of(), codes(small + megaScale("8").replace("tiers 2", "tiers 2 switch S16")));
    }

    @Test
    void shouldRejectACoreTierOnTwoTiers() throws Exception {
        String cluster = megaScale("8").replace("spine 32 x TH4", "spine 32 x TH4 core 4 x TH4");
        List<String> codes = codes(cluster);
        assertTrue(codes.contains(IssueCodes.TIER_COUNT), codes::toString);
    }

    /** 64 nodes of 8 (512 ports at 400G) in pods of {@code pod} accelerators, 1:1 inside and 7:1 above. */
    private static String pods(String pod, String extra) {
        return """
                cluster C {
                    nodes 64 x DGX_H100
                    scale-out RoCEv2 fat-tree {
                        tiers 3
                        switch TH4
                        pods %s accelerators at 1:1 joined 7:1
                        %s
                    }
                }
                """.formatted(pod, extra);
    }

    @Test
    void shouldAcceptPodsThatDivideTheNodes() throws Exception {
        assertEquals(List.of(), codes(pods("128", "")));
    }

    @Test
    void shouldRejectPodsThatDoNotDivideTheNodesWithASizeThatDoes() throws Exception {
        // 104 accelerators = 13 nodes, not a divisor of 64; the nearest divisor is 16 nodes = 128 accelerators.
        validation.assertError(model(pods("104", "")), org.fabricsim.dsl.fabric.FabricPackage.Literals.POD_STRUCTURE,
                IssueCodes.PODS_DIVIDE, "write 'pods 128 accelerators'");
    }

    @Test
    void shouldRejectPodRatiosWrittenTwice() throws Exception {
        validation.assertError(model(pods("128", "oversubscription 1:1, 7:1")),
                org.fabricsim.dsl.fabric.FabricPackage.Literals.POD_STRUCTURE, IssueCodes.POD_RATIOS_TWICE);
    }

    @Test
    void shouldMapPodsTiersAndPlanesIntoTheSpec() throws Exception {
        Model model = model(pods("128", "leaf 64 x TH4 uplinks 400 Gb/s planes 1"));
        ClusterSpec spec = mapper.toCluster((Cluster) model.getElements().stream()
                .filter(Cluster.class::isInstance).findFirst().orElseThrow());
        TopologySpec.FatTree tree = (TopologySpec.FatTree) spec.scaleOut().topology();
        assertEquals(List.of(1.0, 7.0), tree.oversubscription());
        TierStructure structure = tree.structure();
        assertEquals(128, structure.podAccelerators());
        assertEquals(512, structure.accelerators());
        assertEquals(64, structure.leaf().count());
        assertEquals(50e9, structure.leaf().uplinkBytesPerSecond(), 1e-3);
        assertEquals(1, structure.planes());
    }

    /** Rail-optimized with 2 planes on a node of {@code node}. */
    private static String planes(String node) {
        return """
                cluster C {
                    nodes 16 x %s
                    scale-out RoCEv2_200 rail-optimized {
                        rails 8
                        tiers 2
                        planes 2
                    }
                }
                """.formatted(node);
    }

    @Test
    void shouldAcceptTwoPlanesOnTwoPortNics() throws Exception {
        assertEquals(List.of(), codes(planes("Dual")));
    }

    @Test
    void shouldRejectTwoPlanesOnSinglePortNics() throws Exception {
        validation.assertError(model(planes("Single")),
                org.fabricsim.dsl.fabric.FabricPackage.Literals.RAIL_OPTIMIZED_TOPOLOGY, IssueCodes.PLANES_NIC_PORTS,
                "write 'planes 1'");
    }

    @Test
    void shouldCheckStatedTiersOfARailOptimizedNetworkThatLostItsRailsWithoutCrashing() throws Exception {
        // found by fuzzing the HPN example: without its 'rails' line (a syntax error) the layout divided by 0 rails
        Model model = model("""
                cluster C {
                    nodes 16 x Dual
                    scale-out RoCEv2_200 rail-optimized {
                        leaf 8 x TH4 uplinks 400 Gb/s
                        planes 2
                    }
                }
                """);
        List<Issue> issues = validation.validate(model);
        assertTrue(issues.stream().noneMatch(i -> i.getMessage().contains("Error executing")), issues::toString);
        assertTrue(issues.stream().anyMatch(i -> i.getSeverity() == Severity.ERROR), "the syntax error stays");
    }
}
