package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * {@code fabric.physical.link-rate} says what is built where a NIC's or switch's ports run at another rate than the
 * fabric's links: a NIC cable at the NIC's rate on as many leaf ports as that takes (the engine's {@code NicCable}), the
 * links between switches at the fabric's rate, each on link ÷ port of a switch port. Each case fires on a model and is
 * quiet on the model one name away.
 */
class LinkRateWarningTest extends FabricModelTest {
    /** 4 nodes of 8 H100s on 8 NICs of a type, on a two-tier fat-tree of a fabric and switch. */
    private static final String TREE = """
            import fabric.catalog.nvidia.*
            import fabric.catalog.standards.*
            import fabric.catalog.broadcom.*
            node Box { accelerators 8 x H100_SXM nics 8 x %s rail-aligned }
            cluster C { nodes 4 x Box scale-out %s fat-tree { tiers 2 %s } }
            """;

    private List<String> warnings(String model) throws Exception {
        return validation.validate(parser.parse(model)).stream()
                .filter(issue -> IssueCodes.LINK_RATE_MISMATCH.equals(issue.getCode())).map(Issue::getMessage).toList();
    }

    @Test
    void shouldSayAFasterNicRunsItsOwnRateOnTwoLeafPortsByBreakout() throws Exception {
        // ConnectX-8's 800 Gb/s port on QM9700's 400 Gb/s ones: 800 / 400 = 2 ports; NDR's links between switches
        // stay at 400 Gb/s. ConnectX-7's 400 Gb/s port matches NDR and QM9700: nothing to say.
        assertEquals(List.of("ConnectX8 ports run at 800 Gb/s but InfiniBand_NDR links at 400 Gb/s: each NIC cable"
                + " runs at 800 Gb/s, on 2 of QM9700's 400 Gb/s ports by breakout, and only the links between switches"
                + " at 400 Gb/s. For NIC links at 400 Gb/s pick a NIC of that rate, or the InfiniBand_NDR variant at"
                + " 800 Gb/s."), warnings(TREE.formatted("ConnectX8", "InfiniBand_NDR", "switch QM9700")));
        assertEquals(List.of(), warnings(TREE.formatted("ConnectX7", "InfiniBand_NDR", "switch QM9700")));
    }

    @Test
    void shouldSayAFasterNicMeetsALeafPortOfItsRateWhereNoSwitchIsNamed() throws Exception {
        assertEquals(List.of("ConnectX8 ports run at 800 Gb/s but RoCEv2 links at 400 Gb/s: each NIC cable runs at"
                + " 800 Gb/s, into a leaf port of that rate, and only the links between switches at 400 Gb/s. For NIC"
                + " links at 400 Gb/s pick a NIC of that rate, or the RoCEv2 variant at 800 Gb/s."),
                warnings(TREE.formatted("ConnectX8", "RoCEv2", "")));
        assertEquals(List.of(), warnings(TREE.formatted("ConnectX8", "RoCEv2_800", "")));
    }

    @Test
    void shouldSayASlowerNicSharesAFasterLeafPortByBreakout() throws Exception {
        // ConnectX-7 at 400 Gb/s under SN5600's 800 Gb/s ports: 800 / 400 = 2 cables to a port; ConnectX-8 is at
        // RoCEv2_800's and SN5600's rate.
        assertEquals(List.of("ConnectX7 ports run at 400 Gb/s but RoCEv2_800 links at 800 Gb/s: each NIC cable runs at"
                + " 400 Gb/s, 2 to each of SN5600's 800 Gb/s ports by breakout, and only the links between switches at"
                + " 800 Gb/s. For NIC links at 800 Gb/s pick a NIC of that rate, or the RoCEv2_800 variant at"
                + " 400 Gb/s."), warnings(TREE.formatted("ConnectX7", "RoCEv2_800", "switch SN5600")));
        assertEquals(List.of(), warnings(TREE.formatted("ConnectX8", "RoCEv2_800", "switch SN5600")));
    }

    @Test
    void shouldSayAFasterSwitchCarriesTwoFabricLinksAPort() throws Exception {
        // SN5600's 800 Gb/s ports on RoCEv2's 400 Gb/s links: 400 / 800 = half a port each; Tomahawk 5 as
        // 128 x 400 Gb/s matches.
        assertEquals(List.of("SN5600 ports run at 800 Gb/s but RoCEv2 links at 400 Gb/s: the links between switches"
                + " run at 400 Gb/s, 2 to each of its ports by breakout, and each NIC cable at its NIC's rate, on as"
                + " many ports as that takes. Pick a switch at 400 Gb/s, or the RoCEv2 variant at 800 Gb/s."),
                warnings(TREE.formatted("ConnectX7", "RoCEv2", "switch SN5600")));
        assertEquals(List.of(), warnings(TREE.formatted("ConnectX7", "RoCEv2", "switch Tomahawk5_400")));
    }

    @Test
    void shouldSayASlowerSwitchTakesTwoPortsForEachFabricLink() throws Exception {
        // Tomahawk 5 as 128 x 400 Gb/s on RoCEv2_800's 800 Gb/s links: 800 / 400 = 2 ports each; as 64 x 800 it
        // matches.
        assertEquals(List.of("Tomahawk5_400 ports run at 400 Gb/s but RoCEv2_800 links at 800 Gb/s: the links between"
                + " switches run at 800 Gb/s, on 2 of its ports by breakout, and each NIC cable at its NIC's rate, on"
                + " as many ports as that takes. Pick a switch at 800 Gb/s, or the RoCEv2_800 variant at 400 Gb/s."),
                warnings(TREE.formatted("ConnectX8", "RoCEv2_800", "switch Tomahawk5_400")));
        assertEquals(List.of(), warnings(TREE.formatted("ConnectX8", "RoCEv2_800", "switch Tomahawk5")));
    }

    @Test
    void shouldSayASingleSwitchHasNoLinkAtTheFabricsRate() throws Exception {
        // One switch: only NIC cables, at ConnectX-8's 800 Gb/s on 2 of Tomahawk5_400's ports; ConnectX-7 matches.
        String single = """
                import fabric.catalog.nvidia.*
                import fabric.catalog.standards.*
                import fabric.catalog.broadcom.*
                node Box { accelerators 8 x H100_SXM nics 8 x %s rail-aligned }
                cluster C { nodes 4 x Box scale-out RoCEv2 single-switch { switch Tomahawk5_400 } }
                """;
        assertEquals(List.of("ConnectX8 ports run at 800 Gb/s but RoCEv2 links at 400 Gb/s: each NIC cable runs at"
                + " 800 Gb/s, on 2 of Tomahawk5_400's 400 Gb/s ports by breakout, and a single switch has no link at"
                + " 400 Gb/s. For NIC links at 400 Gb/s pick a NIC of that rate, or the RoCEv2 variant at 800 Gb/s."),
                warnings(single.formatted("ConnectX8")));
        assertEquals(List.of(), warnings(single.formatted("ConnectX7")));
    }

    @Test
    void shouldSayAFasterNicMeetsAPortOfItsRateOnAnUnnamedSingleSwitch() throws Exception {
        // The unnamed single switch states no port rate (one port per endpoint, matched to it): no breakout to count.
        // Before, ConnectX-8's 100 GB/s over 0 B/s ports read "on 50000000000 of switch's 0 Gb/s ports by breakout".
        assertEquals(List.of("ConnectX8 ports run at 800 Gb/s but RoCEv2 links at 400 Gb/s: each NIC cable runs at"
                + " 800 Gb/s, into a leaf port of that rate, and a single switch has no link at 400 Gb/s. For NIC links"
                + " at 400 Gb/s pick a NIC of that rate, or the RoCEv2 variant at 800 Gb/s."), warnings("""
                import fabric.catalog.nvidia.*
                import fabric.catalog.standards.*
                node Box { accelerators 8 x H100_SXM nics 8 x ConnectX8 rail-aligned }
                cluster C { nodes 4 x Box scale-out RoCEv2 single-switch }
                """));
    }

    @Test
    void shouldWarnOfEachNodeTypesNicInAMixedCluster() throws Exception {
        // Hopper on ConnectX-7 (400 Gb/s, NDR's rate) beside Blackwell on ConnectX-8 (800): only the second group's
        // NIC differs; with DGX B200s (ConnectX-7) neither does. Before, only the first group's NIC was checked.
        String mixed = """
                import fabric.catalog.nvidia.*
                node Blackwell800 {
                    accelerators 8 x B200
                    scale-up NVLink5 switched domain 8 switches 2 x NVLinkSwitch5
                    nics 8 x ConnectX8 rail-aligned
                }
                cluster C {
                    nodes 2 x DGX_H100
                    nodes 2 x %s
                    scale-out InfiniBand_NDR fat-tree { tiers 2 switch QM9700 }
                }
                """;
        List<String> warnings = warnings(mixed.formatted("Blackwell800"));
        assertEquals(1, warnings.size(), warnings::toString);
        assertEquals(true, warnings.get(0).startsWith("ConnectX8 ports run at 800 Gb/s but InfiniBand_NDR links at"
                + " 400 Gb/s: each NIC cable runs at 800 Gb/s, on 2 of QM9700's 400 Gb/s ports by breakout"),
                warnings::toString);
        assertEquals(List.of(), warnings(mixed.formatted("DGX_B200")));
    }

    @Test
    void shouldSayAScaleUpDomainRunsAtItsAcceleratorsRateCappedByItsSwitches() throws Exception {
        // A switch of 50 GB/s (400 Gb/s) ports in an NVLink4 domain of 25 GB/s (200 Gb/s) links; NVSwitch3 matches.
        String domain = """
                import fabric.catalog.nvidia.*
                switch Fast { vendor NVIDIA ports 64 x 50 GB/s speaks NVLink4 }
                node Box { accelerators 8 x H100_SXM scale-up NVLink4 switched domain 8 switches 4 x %s }
                """;
        assertEquals(List.of("Fast ports run at 400 Gb/s but NVLink4 links at 200 Gb/s: each accelerator's links into"
                + " the domain run at its own scale-up rate, capped by what the domain's switches carry at 400 Gb/s a"
                + " port. Pick a switch at 200 Gb/s, or the NVLink4 variant at 400 Gb/s."),
                warnings(domain.formatted("Fast")));
        assertEquals(List.of(), warnings(domain.formatted("NVSwitch3")));
    }
}
