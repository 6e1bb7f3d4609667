package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * What {@code fabric validate} says about a word out of its place: a keyword misspelt, split by the lexer, or spelt
 * as another tool spells it ({@code tpot}, {@code p95}); a keyword where a name's segment belongs; a block's part
 * written after a later one, or in another block. Each message names the word the language takes there, or the
 * block that takes the word, and the fix.
 */
class MisspeltOrMisplacedWordMessagesTest extends BrokenModelTest {
    @Test
    void shouldNameAsOneTheWordTheLexerSplitAfterAKeyword() throws Exception {
        // the lexer takes the keyword 'scale-out' out of 'scale-outt', then 't'
        assertEquals(List.of("4: Unexpected 'scale-outt' here: it is no word of the language. Did you mean"
                + " 'scale-out'?"), issuesOfFile("split-word"));
    }

    /**
     * vLLM's TPOT, written where an SLO's metric belongs: nearest by edits it is 'ttft' (2 edits, 'itl' is 3), the
     * opposite end of a request, and after a comma it read as a list ending with one (session 70).
     */
    @Test
    void shouldNameTheInterTokenLatencyForVllmsTpotFirstOrAfterAComma() throws Exception {
        String hint = " Did you mean 'itl'? vLLM's TPOT (time per output token) is the inter-token latency here: (e2e"
                + " − ttft) ÷ (output − 1) per request.";
        assertEquals(List.of("7: Unexpected 'tpot' here." + hint), issues(servingWithSlo("slo tpot p99 50 ms")));
        assertEquals(List.of("7: Unexpected 'tpot' here." + hint),
                issues(servingWithSlo("slo ttft p99 2 s, tpot p99 50 ms")));
    }

    /**
     * benchmark_serving's p95, which the language does not take: nearest by edits it is 'p90' (1 edit), a looser
     * objective than the one meant, which the message suggested (session 70). The grammar's Percentile is p50, p90
     * and p99.
     */
    @Test
    void shouldNameThePercentilesTheLanguageTakesForP95() throws Exception {
        assertEquals(List.of("7: Unexpected 'p95' here. 'p95' is not a percentile the language takes ('p50', 'p90' and"
                + " 'p99'): write the one your objective means, as a nearer one is a different objective."),
                issues(servingWithSlo("slo ttft p95 2 s")));
    }

    /** A package or import segment that is a keyword read "Unexpected 'serving' here." without the reason (session 70). */
    @Test
    void shouldSayAKeywordCannotBeASegmentOfAPackageName() throws Exception {
        assertEquals(List.of("1: 'serving' is a word of the language (a keyword or unit), so it cannot be a name here:"
                + " choose another name, or escape it as ^serving."), issues("package acme.serving\n"));
        assertEquals(List.of("1: 'decode' is a word of the language (a keyword or unit), so it cannot be a name here:"
                + " choose another name, or escape it as ^decode."), issues("import team.decode.*\n"));
    }

    @Test
    void shouldAcceptAnEscapedKeywordAsASegmentOfAPackageName() throws Exception {
        assertEquals(List.of(), issues("package acme.^serving\n"));
    }

    /** A study's parts come in a fixed order; 'vary' after 'report' read "which ends with '}'" (session 70). */
    @Test
    void shouldSayAStudysPartComesEarlierAndListTheOrder() throws Exception {
        List<String> issues = issues("training T {\n}\nstudy S {\n    simulate T\n    report mfu\n"
                + "    vary tensor in [2, 4]\n}\n");
        assertTrue(issues.contains("6: 'vary' comes earlier in the 'study S {' block opened on line 3: its parts go in"
                + " the order 'simulate', 'vary', 'search', 'report', 'expect', 'seed', 'tolerance', 'network' and"
                + " 'calibration'; move it up."), issues::toString);
    }

    @Test
    void shouldNotCallARepeatedSeedMisplaced() throws Exception {
        List<String> issues = issues("training T {\n}\nstudy S {\n    simulate T\n    seed 1\n    seed 2\n}\n");
        assertTrue(issues.stream().noneMatch(issue -> issue.contains("comes earlier")), issues::toString);
    }

    /**
     * A fabric's part written in the cluster's topology block said only "Unexpected 'congestion-control' here."; the
     * message now names the block that takes it and the fabric the scale-out names (session 71).
     */
    @Test
    void shouldNameTheFabricForAFabricsPartWrittenInTheTopology() throws Exception {
        List<String> issues = issues("vendor V\nfabric F {\n    vendor V\n    scope scale-out\n    open-standard\n"
                + "    link 400 Gb/s\n}\ncluster C {\n    nodes 2 x 8 accelerators\n    scale-out F fat-tree {\n"
                + "        congestion-control dcqcn\n        tiers 2\n    }\n}\n");
        assertEquals("11: Unexpected 'congestion-control' here. A fat-tree does not take 'congestion-control'; a fabric"
                + " does: move it into fabric F's block, the fabric this scale-out names.", issues.get(0),
                issues::toString);
    }

    /** A fabric's overload handling, led by an enum's word ('lossless', 'lossy'), in a training. */
    @Test
    void shouldNameTheBlocksThatTakeAWordWrittenInATraining() throws Exception {
        List<String> issues = issues("training T {\n    lossless pfc\n}\n");
        assertEquals("2: Unexpected 'lossless' here. A training does not take 'lossless'; a fabric does: move it into"
                + " that block.", issues.get(0), issues::toString);
    }

    /** A word that leads a part of the block it is written in is another message's case (repeated, out of order). */
    @Test
    void shouldNotCallAPartOfTheEnclosingBlockMisplaced() throws Exception {
        List<String> issues = issues("training T {\n    sequence 4096\n    sequence 8192\n}\n");
        assertTrue(issues.stream().noneMatch(issue -> issue.contains("does not take")), issues::toString);
    }
}
