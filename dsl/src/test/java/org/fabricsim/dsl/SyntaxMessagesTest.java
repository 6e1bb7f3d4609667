package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * What {@code fabric validate} says about the typical broken models of {@code docs/syntax-errors}: every issue of
 * each, as "line: message" (the command prints the file, line and column before it), so that each test also shows
 * that no check repeats the syntax error. Each message names what was expected in the language's words (the
 * block's opening line, the keyword's value, the unit) and the fix; a line other than the error's is named.
 */
class SyntaxMessagesTest extends BrokenModelTest {
    @Test
    void shouldSayTheFileEndsInsideABlockAndTheLineThatOpenedIt() throws Exception {
        // line 5 is the last; the cluster opened on line 3. The nested file's last '}' (line 8) closes the
        // congestion-control block of line 7, so the fabric of line 2 is the one left open
        assertEquals(List.of("5: The file ends inside the 'cluster Pod {' block opened on line 3: close it with '}'."),
                issuesOfFile("unclosed-at-end"));
        assertEquals(List.of("8: The file ends inside the 'fabric F {' block opened on line 2: close it with '}'."),
                issuesOfFile("unclosed-nested"));
    }

    @Test
    void shouldSayWhichBlockIsNotClosedBeforeTheNextDefinition() throws Exception {
        assertEquals(List.of("5: The 'cluster Alpha {' block opened on line 1 is not closed: add '}' before"
                + " 'cluster'."), issuesOfFile("unclosed-before-next"));
    }

    @Test
    void shouldListWhatABlockTakesForAStrayTokenOrAMisspeltKeyword() throws Exception {
        // a cluster with its nodes takes the parts of the grammar's unordered group of Cluster; 'lnik' is 'link'
        // with two letters swapped (2 edits)
        String parts = "which takes 'link', 'scale-out', 'data-centre', 'max-oversubscription', 'cost' and"
                + " 'reliability', then '}': correct or remove it.";
        assertEquals(List.of("2: Unexpected ';' in the 'cluster A {' block opened on line 1, " + parts),
                issuesOfFile("stray-token"));
        assertEquals(List.of("3: Unexpected 'lnik' in the 'cluster A {' block opened on line 1, " + parts
                + " Did you mean 'link'?"), issuesOfFile("misspelt-keyword"));
    }

    @Test
    void shouldNameTheDefinitionsKeywordsForAWordThatBeginsNone() throws Exception {
        // 'clustr' is 'cluster' less one letter; 'Cluster' differs from it only in case, which the hint ignores
        String definitions = "a definition begins with its keyword, one of 'vendor', 'accelerator', 'fabric', 'nic',"
                + " 'switch', 'node', 'cluster', 'model', 'collective', 'training', 'inference', 'benchmark',"
                + " 'share', 'study', 'cost', 'reliability', 'software' and 'calibration'.";
        assertEquals(List.of("1: Unexpected 'clustr' here: " + definitions + " Did you mean 'cluster'?"),
                issuesOfFile("misspelt-definition"));
        assertEquals(List.of("1: Unexpected 'Cluster' here: " + definitions + " Did you mean 'cluster'?"),
                issues("Cluster A { nodes 2 x 8 accelerators link 400 Gb/s latency 1 us }"));
    }

    @Test
    void shouldSayANumberLacksItsUnitOrNameTheNearestUnitOfItsDimension() throws Exception {
        // a link's rate is a data rate (Dimension.DATA_RATE's example: "400 Gb/s or 50 GB/s"); 'Gbps' is one edit
        // from 'Gb/s' and, ignoring case, from 'GB/s' too, which needs two edits with case: 'Gb/s' is nearer
        assertEquals(List.of("3: The number 400 lacks its unit: write one after it, such as 400 Gb/s or 50 GB/s."),
                issuesOfFile("quantity-without-unit"));
        assertEquals(List.of("3: 'Gbps' is not a unit. Did you mean 'Gb/s'?"), issuesOfFile("unit-typo"));
        // 'GB/S' is no token: the lexer stops at 'S' (the number then lacks its unit too, which line 3's first error
        // covers); 'GB/s' is 1 edit away with case and 'Gb/s' 2
        assertEquals(List.of("3: Unexpected 'GB/S' here: it is no word of the language. Did you mean 'GB/s'?"),
                issuesOfFile("unit-case"));
    }

    @Test
    void shouldSayAKeywordLacksItsValueInWords() throws Exception {
        assertEquals(List.of("3: 'link' lacks its value: after it, write a number with its unit, such as 400 Gb/s or"
                + " 50 GB/s."), issuesOfFile("missing-value"));
        // after 'nodes' comes the count (NodeGroup: 'nodes' count=INT 'x' ...)
        assertEquals(List.of("2: 'nodes' lacks its value: after it, write a whole number."),
                issuesOfFile("missing-count"));
        assertEquals(List.of("4: Unexpected 'frobnicate' after 'scope', which takes one of 'scale-up' or 'scale-out':"
                + " add it, or correct 'frobnicate'."),
                issues("vendor V\nfabric F {\n    vendor V\n    scope frobnicate\n    open-standard\n"
                        + "    link 400 Gb/s\n}\n"));
    }

    @Test
    void shouldSayAListDoesNotEndWithAComma() throws Exception {
        assertEquals(List.of("8: A list does not end with ',': remove the ',' on line 7, or write another entry after"
                + " it."), issuesOfFile("trailing-comma"));
    }

    @Test
    void shouldSayAListIsEmpty() throws Exception {
        // "Unexpected ']' here." before session 68, at the ']' of line 5
        List<String> issues = issues("training T {\n}\nstudy S {\n    simulate T\n    vary tensor in []\n}\n");
        assertTrue(issues.contains("5: An empty list: write at least one value between '[' and ']' (a vary line runs"
                + " each value it lists), or remove the line."), issues::toString);
    }

    @Test
    void shouldSayAStringOrACommentIsNeverClosed() throws Exception {
        assertEquals(List.of("1: This quoted string is never closed: end it with \" (a string runs to the next \","
                + " across lines)."), issuesOfFile("unterminated-string"));
        assertEquals(List.of("5: This comment is never closed: end it with */ (a comment runs from /* to the next */,"
                + " across lines)."), issuesOfFile("unterminated-comment"));
    }

    @Test
    void shouldSayABraceClosesNoBlockAndWhereTheLastBlockClosed() throws Exception {
        assertEquals(List.of("5: This '}' closes no block: the 'cluster A {' block before it closed on line 4. Remove"
                + " it."), issuesOfFile("extra-brace"));
    }

    @Test
    void shouldSayWhereTheOpeningBraceOfABlockIsMissing() throws Exception {
        assertEquals(List.of("2: Add '{' after 'cluster A' to open its block, before 'nodes'."),
                issuesOfFile("missing-open-brace"));
    }

    /**
     * The fuzzer's mutant of missing-open-brace.fabric with a second '}': the first ends the cluster written without
     * its '{', so the second closes no block and there is no block's opening line to name. Reading that line threw a
     * NullPointerException out of the parser (the language server answered with an empty result).
     */
    @Test
    void shouldSayABraceClosesNoBlockAfterABlockWrittenWithoutItsOpeningBrace() throws Exception {
        assertEquals(List.of("2: Add '{' after 'cluster A' to open its block, before 'nodes'.",
                "4: This '}' closes no block. Remove it."),
                issues("cluster A\n    nodes 2 x 8 accelerators\n}\n}\n"));
    }

    @Test
    void shouldDropAChecksDiagnosticOnAnElementTheParserRecoveredFromAndKeepAnothersOwn() throws Exception {
        // the stray ';' ends cluster A's parts before its link (line 3), so the sketch check asked for that link;
        // cluster Other, which parses, lacks its link indeed
        String two = Files.readString(MODELS.resolve("stray-token.fabric"))
                + "cluster Other { nodes 2 x 8 accelerators }\n";
        assertEquals(List.of("2: Unexpected ';' in the 'cluster A {' block opened on line 1, which takes 'link',"
                + " 'scale-out', 'data-centre', 'max-oversubscription', 'cost' and 'reliability', then '}': correct or"
                + " remove it.", "5: A sketched cluster needs its network: add 'link 400 Gb/s latency 1 us' (per"
                + " accelerator, per hop)."), issues(two));
    }

    @Test
    void shouldReportAChecksDiagnosticAgainOnceTheTextParses() throws Exception {
        // the cluster the file ended inside, closed: NVLink4 and InfiniBand NDR are both NVIDIA's, so the lock-in
        // warning that its recovered text held back stands on the cluster's name (line 3)
        List<String> closed = issues(Files.readString(MODELS.resolve("unclosed-at-end.fabric")) + "}\n");
        assertEquals(1, closed.size(), closed::toString);
        assertEquals("3: Single-vendor lock-in", closed.get(0).substring(0, closed.get(0).indexOf(':', 3)));
    }

    /**
     * ANTLR, having skipped the 'x' of 'nodes x 8 accelerators' as the count it lacked, also missed an 'x' before
     * 'accelerators': the line's first error is reported, not what the recovery from it read wrongly. Errors on
     * two lines are both reported.
     */
    @Test
    void shouldReportTheFirstSyntaxErrorOfALineOnlyAndEveryLinesOwn() throws Exception {
        List<String> two = issues("cluster A {\n    nodes x 8 accelerators\n    link 400 Gbps latency 1 us\n}\n");
        assertEquals(List.of("2: 'nodes' lacks its value: after it, write a whole number.",
                "3: 'Gbps' is not a unit. Did you mean 'Gb/s'?"), two);
    }

    @Test
    void shouldStillSayAListDoesNotEndWithACommaBeforeAKeyword() throws Exception {
        // the comma at the end of line 7, then the deployment's closing brace: a trailing comma indeed
        assertEquals(List.of("8: A list does not end with ',': remove the ',' on line 7, or write another entry after"
                + " it."), issues(servingWithSlo("slo ttft p99 2 s,")));
    }

    /** A share written as a percentage: "Unexpected '%' here." or the traffic block's parts before session 70. */
    @Test
    void shouldSayAShareIsADecimalNotAPercentage() throws Exception {
        String message = "A share here is a decimal between 0 and 1, not a percentage: remove the '%' and write the"
                + " share (0.7 for 70 %).";
        List<String> traffic = issues(servingWithSlo("")
                .replace("output fixed 10", "output fixed 10 prefix-cache hit 50 %"));
        assertEquals("6: " + message, traffic.get(0), traffic::toString);
    }

    /** "sequence 4k" read "Unexpected 'k' here." (session 71): 4 × 1,024 = 4,096 and 4 × 1,000; 128 × 1,024 = 131,072. */
    @Test
    void shouldWriteOutANumberGluedToAThousandsSuffix() throws Exception {
        assertEquals("2: Unexpected '4k' here: the language reads numbers written out, without a suffix: write 4096"
                + " (4 × 1,024, as a 4K sequence means) or 4000.",
                issues("training T {\n    sequence 4k\n}\n").get(0));
        assertTrue(issues("training T {\n    sequence 128K\n}\n").get(0).contains("write 131072 (128 × 1,024"));
    }
}
