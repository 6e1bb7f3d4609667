package org.fabricsim.dsl.ide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.ide.quickfix.FabricQuickFixes;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * The quick fix of stated leaves that lack the ports for their links ({@code fabric.physical.tier-ports}; derived
 * leaves are sized to fit, {@code fabric.physical.leaf-ports} has no leaf count to write): the fix's edit, applied to
 * the model's text, writes the leaf count derived by hand below, and the fixed model no longer raises the code (nor
 * any other error).
 */
class TierPortsQuickFixesTest {
    private static final Path MODELS = Path.of("..", "docs", "diagnostics");

    /** 64 nodes of 8 H100 with a 200G NIC each (512 NIC ports) on a fitting scale-out tree, beside {@code network}. */
    private static final String DATA_CENTRE = """
            import fabric.catalog.nvidia.*
            import fabric.catalog.broadcom.*
            import fabric.catalog.standards.*
            switch S64 { vendor Broadcom ports 64 x 200 Gb/s speaks RoCEv2_200 }
            switch TH4 { vendor Broadcom ports 64 x 400 Gb/s speaks RoCEv2, RoCEv2_200 }
            nic One200 { vendor NVIDIA ports 1 x 200 Gb/s speaks RoCEv2_200 }
            node Single { accelerators 8 x H100_SXM scale-up NVLink4 switched domain 8 nics 8 x One200 rail-aligned }
            cluster C {
                nodes 64 x Single
                scale-out RoCEv2_200 fat-tree { tiers 2 switch S64 }
                data-centre RoCEv2_200 %s
            }
            """;

    private final FabricQuickFixes fixes = DesignReviewIdeTest.INJECTOR.getInstance(FabricQuickFixes.class);

    private static String model(String code) throws Exception {
        return Files.readString(MODELS.resolve(code + ".fabric"), StandardCharsets.UTF_8);
    }

    private static List<Issue> errors(String text) throws Exception {
        return DesignReviewIdeTest.issues(DesignReviewIdeTest.load(text)).stream()
                .filter(issue -> issue.getSeverity() == org.eclipse.xtext.diagnostics.Severity.ERROR).toList();
    }

    /** Applies the fix for {@code code} to {@code text}: it writes {@code expected} and leaves no error. */
    private static String fixed(String text, String code, Consumer<DesignReviewIdeTest.Offered> provider,
            String expected) throws Exception {
        String fixed = DesignReviewIdeTest.fix(text, code, provider);
        assertTrue(fixed.contains(expected), fixed);
        assertEquals(List.of(), errors(fixed).stream().map(Issue::getCode).toList(), fixed);
        return fixed;
    }

    @Test
    void shouldWriteTheStatedLeafCountWhosePortsHoldTheirLinks() throws Exception {
        // 32 NIC ports at 200G on 2 leaves of S16 (16 x 400G) with 12 x 400G spines: 16 NIC ports take 8 ports and
        // the 12 uplinks 12, 20 of 16. The 16 - 12 = 4 ports left carry 4 x 400 / 200 = 8 NIC ports, so 32 / 8 = 4
        // leaves: 4 + 12 = 16 of 16, and each spine's 4 downlinks take 4 of its 16.
        fixed(model(IssueCodes.TIER_PORTS), IssueCodes.TIER_PORTS, fixes::writeTheLeavesThatFit,
                "leaf 4 x S16 uplinks 400 Gb/s");
    }

    @Test
    void shouldWriteAStatedLeafCountThatSplitsTheNicPortsEvenly() throws Exception {
        // As above with 13 spines: 13 uplinks take 13 ports, the 3 left carry 3 x 400 / 200 = 6 NIC ports, so at
        // least ceil(32 / 6) = 6 leaves; 6 does not divide 32 (fabric.physical.tier-count), the smallest count that
        // does is 8: 4 NIC ports (2 ports) + 13 = 15 of 16, each spine's 8 downlinks 8 of 16.
        String text = model(IssueCodes.TIER_PORTS).replace("spine 12 x S16", "spine 13 x S16");
        fixed(text, IssueCodes.TIER_PORTS, fixes::writeTheLeavesThatFit, "leaf 8 x S16 uplinks 400 Gb/s");
    }

    @Test
    void shouldWriteTheStatedLeafCountOfADataCentreNetwork() throws Exception {
        // 512 shares of 25 GB/s on 4 leaves of TH4 (64 x 400G) with 32 spines: 128 shares take 64 ports and 32 x 400G
        // uplinks 32, 96 of 64. The 64 - 32 = 32 ports left carry 32 x 400 / 200 = 64 shares, so 512 / 64 = 8 leaves
        // (32 + 32 = 64 of 64); each spine's 8 downlinks take 8 of 64.
        String text = DATA_CENTRE.formatted(
                "fat-tree { tiers 2 leaf 4 x TH4 uplinks 400 Gb/s spine 32 x TH4 } nic 25 GB/s");
        fixed(text, IssueCodes.TIER_PORTS, fixes::writeTheLeavesThatFit, "leaf 8 x TH4 uplinks 400 Gb/s");
    }

    @Test
    void shouldOfferNoLeafCountWhereTheLeavesFitOrASpineLacksThePorts() throws Exception {
        // The fixed models raise neither code, so no diagnostic asks for the fix.
        for (String code : List.of(IssueCodes.LEAF_PORTS, IssueCodes.TIER_PORTS)) {
            String fitting = Files.readString(MODELS.resolve("fixed").resolve(code + ".fabric"), StandardCharsets.UTF_8);
            assertTrue(errors(fitting).stream().noneMatch(issue -> code.equals(issue.getCode())), fitting);
        }
        // 4 leaves of S16 fit (above); 12 spines of S2 (2 x 400G) need a 400G port for each of the 4 leaves, 4 of 2.
        // The error is the spine's: its data has no leaf count, and the fix writes nothing.
        String spine = model(IssueCodes.TIER_PORTS).replace("leaf 2 x S16", "leaf 4 x S16")
                .replace("spine 12 x S16", "spine 12 x S2")
                .replace("nic N200", "switch S2 {\n    vendor Acme\n    ports 2 x 400 Gb/s\n    speaks RoCEv2_200\n}\n\nnic N200");
        List<Issue> tierPorts = errors(spine).stream().filter(issue -> IssueCodes.TIER_PORTS.equals(issue.getCode()))
                .toList();
        assertEquals(List.of("spine"), tierPorts.stream().map(issue -> issue.getData()[0]).toList(), spine);
        assertEquals(List.of(), DesignReviewIdeTest.edits(spine, IssueCodes.TIER_PORTS, fixes::writeTheLeavesThatFit));
    }
}
