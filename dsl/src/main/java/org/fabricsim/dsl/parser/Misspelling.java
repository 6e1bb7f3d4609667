package org.fabricsim.dsl.parser;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.xtext.AbstractRule;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.Grammar;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.Keyword;
import org.eclipse.xtext.nodemodel.INode;
import org.fabricsim.dsl.linking.FabricLinkingDiagnostics;

/**
 * A misspelled keyword ({@code shcedule}) after ANTLR's "Unexpected 'w' here.": the keyword it is nearest, a serving
 * benchmark's own name for a keyword the language spells otherwise ({@code tpot}), or a percentile the language does
 * not take ({@code p95}). The keywords are read from the grammar once.
 */
final class Misspelling {
    private static final Pattern WORD = Pattern.compile("[A-Za-z][A-Za-z0-9/_-]+");

    /**
     * Serving benchmarks' names for what the language calls otherwise, with the keyword and why: vLLM's
     * {@code benchmark_serving} and genai-perf print TPOT and E2EL, DistServe and Sarathi-Serve write TBT. Nearest by
     * edits, 'tpot' would be taken for 'ttft', the opposite end of a request.
     */
    private static final Map<String, String> OTHER_TOOLS_WORDS = Map.of(
            "tpot", " Did you mean 'itl'? vLLM's TPOT (time per output token) is the inter-token latency here: (e2e −"
                    + " ttft) ÷ (output − 1) per request.",
            "tbt", " Did you mean 'itl'? The time between tokens is the inter-token latency here.",
            "e2el", " Did you mean 'e2e'? vLLM's E2EL (end-to-end latency) is 'e2e' here.");

    /**
     * A percentile the language does not take ({@code p95}, {@code p999}), which the nearest keyword by edits would
     * turn into another objective ({@code p95} into {@code p90}).
     */
    private static final Pattern PERCENTILE = Pattern.compile("[pP][0-9]+");

    /** Longer words are no typo of a keyword (the longest is shorter), and their distances cost the most. */
    private static final int MAX_TYPO_LENGTH = 40;

    /** The grammar's keywords that are words ({@link #WORD}). */
    private final List<String> words;

    /** The percentiles the language takes, as written ('p50', 'p90', 'p99'), from the grammar's enum Percentile. */
    private final List<String> percentiles;

    Misspelling(Grammar grammar) {
        words = GrammarUtil.getAllKeywords(grammar).stream().filter(k -> WORD.matcher(k).matches()).toList();
        AbstractRule percentile = GrammarUtil.findRuleForName(grammar, "Percentile");
        percentiles = EcoreUtil2.eAllOfType(percentile, Keyword.class).stream().map(k -> "'" + k.getValue() + "'")
                .toList();
    }

    /**
     * " Did you mean 'schedule'?" after "Unexpected 'shcedule' here.": the keyword nearest the unexpected
     * word by {@link FabricLinkingDiagnostics#distance}, at most 1 edit for a word of up to 3 characters and
     * 2 for a longer one ('lnik' for 'link', 'Gbps' for 'Gb/s'), so that a short name is not taken for a
     * typo. Among equally near
     * keywords the innermost enclosing rule's win (a block's own words first), then the alphabet; "" when
     * the word is a keyword (a keyword out of place is no typo) or none is near. A serving benchmark's own name
     * ({@link #OTHER_TOOLS_WORDS}: 'tpot') names the language's keyword for it instead, and a percentile the
     * language does not take ({@link #PERCENTILE}: 'p95') the ones it takes, since 'p90' would change the objective.
     * O(keywords of the grammar × word length²) per syntax error.
     */
    String message(String message, INode current) {
        Matcher unexpected = FabricSyntaxErrorMessages.UNEXPECTED_WORD.matcher(message);
        String word = unexpected.lookingAt() ? unexpected.group(1) : "";
        String otherTool = OTHER_TOOLS_WORDS.get(word.toLowerCase(Locale.ROOT));
        if (otherTool != null) {
            return otherTool;
        }
        if (PERCENTILE.matcher(word).matches() && !words.contains(word)) {
            return " '" + word + "' is not a percentile the language takes ("
                    + FabricSyntaxErrorMessages.list(percentiles) + "): write the one"
                    + " your objective means, as a nearer one is a different objective.";
        }
        if (!WORD.matcher(word).matches() || word.length() > MAX_TYPO_LENGTH || words.contains(word)) {
            return "";
        }
        int allowed = word.length() <= 3 ? 1 : 2;
        List<Collection<String>> scopes = new ArrayList<>();
        for (INode n = current; n != null; n = n.getParent()) {
            AbstractRule rule = FabricSyntaxErrorMessages.ruleOf(n);
            if (rule != null) {
                scopes.add(EcoreUtil2.eAllOfType(rule, Keyword.class).stream().map(Keyword::getValue).toList());
            }
        }
        scopes.add(words);
        for (Collection<String> scope : scopes) {
            Optional<String> nearest = FabricLinkingDiagnostics.nearest(
                    scope.stream().filter(k -> WORD.matcher(k).matches()), word, allowed);
            if (nearest.isPresent()) {
                return " Did you mean '" + nearest.get() + "'?";
            }
        }
        return "";
    }
}
