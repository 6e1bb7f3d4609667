package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.Model;
import org.junit.jupiter.api.Test;

class FabricParsingTest extends FabricModelTest {

    /** Infos (an unused definition, say) are not part of a cascade. */
    private List<Issue> errorsAndWarnings(Model model) {
        return validation.validate(model).stream().filter(i -> i.getSeverity() != Severity.INFO).toList();
    }

    @Test
    void shouldParseAClusterAndABenchmarkThatReferencesIt() throws Exception {
        Model model = parser.parse("""
                package quickstart
                cluster Small {
                    nodes 2 x 8 accelerators
                    link 400 Gb/s latency 1 us
                }
                benchmark Ring {
                    all-reduce ring on Small
                    sizes 1 MiB, 1.5 GB
                }
                """);
        assertNotNull(model);
        validation.assertNoIssues(model);
        Benchmark benchmark = (Benchmark) model.getElements().get(1);
        assertEquals("Small", benchmark.getCluster().getName());
        assertEquals(2, benchmark.getSizes().size());
    }

    @Test
    void shouldReportOneSyntaxErrorOnTheLineWithTheMissingNodeCount() throws Exception {
        Model model = parser.parse("""
                cluster Small {
                    nodes 2 x accelerators
                    link 400 Gb/s latency 1 us
                }
                """);
        List<Issue> issues = errorsAndWarnings(model);
        assertEquals(1, issues.size(), () -> "expected one syntax error, got " + issues);
        assertEquals(2, issues.get(0).getLineNumber());
        // After 'x' comes a node's name or a count of accelerators per node (the grammar's NodeGroup)
        assertEquals("'x' lacks its value: after it, write the name of a node or a whole number.",
                issues.get(0).getMessage());
    }

    /**
     * A misspelled keyword names the keyword it is nearest: 'shcedule' is 'schedule' with two letters
     * swapped (2 edits), 'lnik' is 'link' with two swapped (2), 'Gbps' is 'Gb/s' with one letter changed (1).
     */
    @Test
    void shouldNameTheKeywordAMisspelledWordIsNearest() throws Exception {
        assertEquals(List.of("Unexpected 'shcedule' here. Did you mean 'schedule'?"), syntaxErrors("""
                training T {
                    model M on C
                    sequence 4096
                    batch 8 sequences
                    parallel data 8
                    shcedule 1f1b
                }
                """));
        assertEquals(List.of("Unexpected 'lnik' in the 'cluster Small {' block opened on line 1, which takes " + PARTS
                + ": correct or remove it. Did you mean 'link'?"), syntaxErrors("""
                cluster Small {
                    nodes 2 x 8 accelerators
                    lnik 400 Gb/s latency 1 us
                }
                """));
        assertEquals(List.of("'Gbps' is not a unit. Did you mean 'Gb/s'?"), syntaxErrors("""
                cluster Small {
                    nodes 2 x 8 accelerators
                    link 400 Gbps latency 1 us
                }
                """));
    }

    /** What a cluster with its nodes may still take (the grammar's unordered group of Cluster), then its '}'. */
    private static final String PARTS = "'link', 'scale-out', 'data-centre', 'max-oversubscription', 'cost' and"
            + " 'reliability', then '}'";

    /** A word more than two edits from every keyword, or a keyword out of place, is no typo: nothing is guessed. */
    @Test
    void shouldGuessNoKeywordForAWordFarFromEveryKeyword() throws Exception {
        assertEquals(List.of("Unexpected 'frobnicate' in the 'cluster Small {' block opened on line 1, which takes "
                + PARTS + ": correct or remove it."), syntaxErrors("""
                cluster Small {
                    nodes 2 x 8 accelerators
                    frobnicate 400 Gb/s latency 1 us
                }
                """));
        assertEquals(List.of("'x' lacks its value: after it, write the name of a node or a whole number."),
                syntaxErrors("""
                cluster Small {
                    nodes 2 x accelerators
                    link 400 Gb/s latency 1 us
                }
                """));
    }

    /** A part a block takes once, written twice: the error names the line of the first (line 4 of the text). */
    @Test
    void shouldNameTheLineOfAPartWrittenTwice() throws Exception {
        assertEquals(List.of("Unexpected 'sizes' here. This benchmark already has 'sizes' (line 4), which it takes"
                + " once: keep one."), syntaxErrors("""
                cluster Pair { nodes 2 x 8 accelerators link 400 Gb/s latency 1 us }
                benchmark Sweep {
                    all-reduce ring on Pair
                    sizes 1 MiB
                    sizes 4 KiB
                }
                """));
    }

    private List<String> syntaxErrors(String text) throws Exception {
        return validation.validate(parser.parse(text)).stream()
                .filter(i -> i.getCode() != null && i.getCode().endsWith("Diagnostic.Syntax")).map(Issue::getMessage)
                .toList();
    }

    @Test
    void shouldReportOnlyTheSyntaxErrorForAHalfTypedNodeGroup() throws Exception {
        Model model = parser.parse("""
                cluster C {
                    nodes 2 x
                }
                """);
        List<Issue> issues = errorsAndWarnings(model);
        assertEquals(1, issues.size(), issues::toString);
        assertEquals(3, issues.get(0).getLineNumber());
    }

    @Test
    void shouldResolveAReferenceWrittenWithAnEscapedKeyword() throws Exception {
        Model model = parser.parse("""
                cluster ^cluster { nodes 1 x 2 accelerators link 1 GB/s latency 1 us }
                benchmark Bench { all-reduce ring on ^cluster sizes 1 KiB }
                """);
        validation.assertNoErrors(model);
        assertEquals("cluster", ((Benchmark) model.getElements().get(1)).getCluster().getName());
    }

    @Test
    void shouldReportAnUnresolvedClusterByName() throws Exception {
        Model model = parser.parse("""
                benchmark Ring {
                    all-reduce ring on Missing
                    sizes 1 MiB
                }
                """);
        List<Issue> issues = errorsAndWarnings(model);
        assertEquals(1, issues.size(), issues::toString);
        assertTrue(issues.get(0).getMessage().contains("Missing"), issues.get(0).getMessage());
    }
}
