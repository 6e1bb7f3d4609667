package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.StringInputStream;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.dsl.fabric.Model;
import org.junit.jupiter.api.Test;

import com.google.inject.Inject;
import com.google.inject.Provider;

/** Parse and name errors in the user's words, not Java's, ANTLR's or EMF's (issue 21 C3, C5, C6, L11, L12). */
class SyntaxLimitsTest extends FabricModelTest {

    @Inject
    private Provider<XtextResourceSet> resourceSets;

    /** The syntax errors of {@code text}, which may hold no model at all. */
    private List<String> errors(String text) throws Exception {
        Resource resource = resourceSets.get().createResource(URI.createURI("syntax.fabric"));
        resource.load(new StringInputStream(text), null);
        return resource.getErrors().stream().map(Resource.Diagnostic::getMessage).toList();
    }

    @Test
    void shouldSayAWholeNumberIsTooLargeInsteadOfJavasParseError() throws Exception {
        List<String> errors = errors("cluster C { nodes 2147483648 x 8 accelerators link 400 Gb/s latency 1 us }");
        assertEquals(List.of("2147483648 is too large: a whole number here is at most 2147483647."), errors);
        assertEquals(List.of(), errors("cluster C { nodes 2147483647 x 8 accelerators link 400 Gb/s latency 1 us }"));
    }

    @Test
    void shouldSayADecimalBeyondADoublesRangeIsTooLargeOrTooSmall() throws Exception {
        // 10^309 is past the largest double (1.797 x 10^308) and was read as infinity; 10^-400 is below the smallest
        // (4.9 x 10^-324) and was read as 0 (session 65's fuzzing: 'checkpoint every 1000...0 h' printed "Infinity s")
        String reliability = "reliability R { mtbf accelerator 50000 h checkpoint every %s h taking 20 s }";
        String huge = "1" + "0".repeat(309);
        assertEquals(List.of("'100000000000...00000000' (310 characters) is too large: a number is at most about"
                + " 1.8 x 10^308, far beyond any quantity a cluster has; check for extra digits."),
                errors(reliability.formatted(huge)));
        List<String> tiny = errors(reliability.formatted("0." + "0".repeat(399) + "1"));
        assertEquals(1, tiny.size(), tiny::toString);
        assertTrue(tiny.get(0).contains("(402 characters) is too small"), tiny.get(0));
        // the largest and smallest that a double holds, and zero itself, are numbers
        assertEquals(List.of(), errors(reliability.formatted("1" + "0".repeat(308))));
        assertEquals(List.of(), errors(reliability.formatted("0." + "0".repeat(320) + "1")));
        assertEquals(List.of(), errors("cluster C { nodes 2 x 8 accelerators link 400 Gb/s latency 0.000 us }"));
    }

    @Test
    void shouldRefuseTwoBillionTiersInWordsWithoutBuildingThem() throws Exception {
        // The fuzz finding of issue 21: the mapping built one ratio per tier, 2^31 of them, and the
        // validator ran out of heap. Now the tiers are refused (the engine builds at most 3) and
        // the mapping lists no more ratios than that, so validation answers at once.
        Model model = parser.parse("""
                import fabric.catalog.nvidia.*
                cluster C {
                    nodes 4 x DGX_H100
                    scale-out InfiniBand_NDR fat-tree { switch QM9700 tiers 2147483647 }
                }
                """);
        validation.assertError(model, Literals.FAT_TREE_TOPOLOGY, IssueCodes.TOO_MANY_TIERS,
                "2147483647 tiers: the engine builds fat-trees of at most 3 tiers; write 'tiers 3'");
    }

    @Test
    void shouldReportABrokenRatioAsASyntaxErrorWithoutCrashingTheValidator() throws Exception {
        // Found by the 20-minute language-server campaign: '7.:1' parses with a recovered decimal, whose text
        // the oversubscription check handed to BigDecimal ("Error executing EValidator")
        String cluster = "cluster C { nodes 2 x 8 accelerators link 400 Gb/s latency 1 us max-oversubscription %s }";
        Model broken = parser.parse(cluster.formatted("7.:1"));
        assertTrue(validation.validate(broken).stream().noneMatch(i -> i.getMessage().contains("EValidator")),
                () -> validation.validate(broken).toString());
        assertTrue(!errors(cluster.formatted("7.:1")).isEmpty(), "the syntax error reports the broken decimal");
        validation.assertNoErrors(parser.parse(cluster.formatted("7.5:1")));
        validation.assertError(parser.parse(cluster.formatted("1001:1")), Literals.RATIO, IssueCodes.TOO_LARGE,
                "An oversubscription is at most 1000:1");
    }

    @Test
    void shouldRefuseADecimalBrokenByWhitespaceWithoutCrashingTheValidator() throws Exception {
        // Found by the fuzz campaign (seed 21): a tab inside 'expert-balance 1.25' left the recovered decimal
        // "1.\t25", which the balance check handed to BigDecimal ("Error executing EValidator")
        String pool = """
                import fabric.catalog.intel.*
                import fabric.catalog.standards.*
                cluster Gaudi { nodes 4 x Gaudi3_HLS scale-out RoCEv2_200 single-switch }
                model Moe moe { layers 8 hidden 1024 heads 16 vocab 32000 experts 32 top-k 2 expert-ffn 512 }
                inference Serve {
                    model Moe on Gaudi
                    serving pool { replicas 1 parallel data 32 expert 32 expert-balance %s }
                    traffic { arrival poisson 1 /s prompt fixed 1000 output fixed 200 }
                }
                """;
        Model broken = parser.parse(pool.formatted("1.\t25"));
        assertTrue(validation.validate(broken).stream().noneMatch(i -> i.getMessage().contains("EValidator")),
                () -> validation.validate(broken).toString());
        List<String> errors = errors(pool.formatted("1.\t25"));
        assertTrue(errors.stream().anyMatch(e -> e.contains("is not a number")), errors::toString);
        assertEquals(List.of(), errors(pool.formatted("0.80")));
    }

    @Test
    void shouldSayAUnitWordIsReservedWhereANameBelongs() throws Exception {
        List<String> errors = errors("vendor B");
        assertEquals(1, errors.size(), errors::toString);
        assertTrue(errors.get(0).startsWith("'B' is a word of the language (a keyword or unit), so it cannot be a"
                + " name here"), errors.get(0));
        assertEquals(List.of(), errors("vendor ^B"));
    }

    @Test
    void shouldNameADuplicateDefinitionWithoutEmfWords() throws Exception {
        Model model = parser.parse("cost Rent { accelerator-hour $2/h }\ncost Rent { accelerator-hour $3/h }\n");
        validation.assertError(model, Literals.COST, IssueCodes.DUPLICATE_NAME,
                "Another definition is also named 'Rent'; give one of them another name.");
        assertTrue(validation.validate(model).stream().noneMatch(i -> i.getMessage().contains("Duplicate Element")));
    }

    @Test
    void shouldSayInWordsWhatANTLRSaysAboutMismatchedExtraneousAndMissingInput() throws Exception {
        String cluster = "cluster C { nodes %s x 8 accelerators link 400 Gb/s latency 1 us }";
        List<String> decimal = errors(cluster.formatted("1.5"));
        assertEquals("Unexpected '.' here; expected 'x' (a count is a whole number, such as 2).", decimal.get(0));
        List<String> negative = errors(cluster.formatted("-1"));
        assertEquals("Unexpected '-' here; expected a whole number (numbers here are not negative).", negative.get(0));
        List<String> empty = errors("cluster C { cluster D { nodes 2 x 8 accelerators } }");
        assertTrue(empty.get(0).startsWith("Something is missing before 'cluster'"), empty::toString);
    }

    @Test
    void shouldNeverShowANTLRsWordsForBrokenText() throws Exception {
        for (String text : List.of("cluster C { nodes 2 x", "study { vary }", "vendor \u0007", "/* open", "x y z {{",
                "training T { traffic { } }", "inference I { traffic { length 1 } }", "cluster C { nodes 2 x 8 :: }")) {
            for (String message : errors(text)) {
                assertTrue(!message.contains("RULE_") && !message.contains("expecting") && !message.contains("(...)")
                        && !message.contains("predicate") && !message.contains("{...}"), text + " -> " + message);
            }
        }
    }

    @Test
    void shouldNameABlockThatOpensWithItsBraceByItsKeyword() throws Exception {
        List<String> errors = errors("""
                inference I {
                    traffic { prompt fixed 100 output fixed 100 }
                }
                """);
        assertTrue(errors.stream().anyMatch(e -> e.startsWith("This traffic lacks 'arrival'")), errors::toString);
        assertTrue(errors.stream().noneMatch(e -> e.startsWith("This {")), errors::toString);
    }
}
