package org.fabricsim.dsl.parser;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.antlr.runtime.FailedPredicateException;
import org.antlr.runtime.Token;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.xtext.AbstractElement;
import org.eclipse.xtext.AbstractRule;
import org.eclipse.xtext.Assignment;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.IGrammarAccess;
import org.eclipse.xtext.Keyword;
import org.eclipse.xtext.ParserRule;
import org.eclipse.xtext.RuleCall;
import org.eclipse.xtext.UnorderedGroup;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.SyntaxErrorMessage;
import org.eclipse.xtext.parser.antlr.SyntaxErrorMessageProvider;

import com.google.inject.Inject;

/**
 * Syntax errors in the user's words, read from their place in the text where it tells more than ANTLR's message: a
 * broken token ({@link TokenSyntax}), a keyword's value, a unit or a list's comma ({@link ValueSyntax}), a block's
 * braces ({@link BlockSyntax}); else ANTLR's message in words ({@link AntlrWords}). A block that ends before a
 * required part (ANTLR's "rule ruleTraining failed predicate: {...canLeave(...)}?" on an unordered group) names the
 * required parts that are missing, by their leading keywords. A keyword (unit words such as {@code B} included)
 * where a name belongs says that it is reserved and how to escape it. A misspelled keyword ({@code shcedule}) names
 * the keyword it is nearest ({@link Misspelling}), a part written in the wrong block the blocks that take it
 * ({@link MisplacedPart}), and a part of a block written twice ({@code sizes}) names the line of the first.
 */
public class FabricSyntaxErrorMessages extends SyntaxErrorMessageProvider {
    /** The word an "Unexpected 'w' here" message names. */
    static final Pattern UNEXPECTED_WORD = Pattern.compile("^Unexpected '([^']+)'");
    private static final Pattern KEYWORD_AS_NAME = Pattern.compile("^mismatched input '(.+)' expecting RULE_ID$");
    /** ANTLR's words for a keyword after a qualified name's '.', where a segment may be one of a few keywords. */
    private static final Pattern KEYWORD_AS_SEGMENT = Pattern.compile("^no viable alternative at input '(.+)'$");

    @Inject
    private IGrammarAccess grammar;

    /** The grammar's keywords, read once. */
    private Set<String> keywords;

    /** Which blocks take each part's leading word, read once. */
    private MisplacedPart misplacedParts;

    /** The grammar's keywords a misspelled word is matched against, read once. */
    private Misspelling misspelling;

    private MisplacedPart misplacedParts() {
        return misplacedParts != null ? misplacedParts : (misplacedParts = new MisplacedPart(grammar.getGrammar()));
    }

    private Misspelling misspelling() {
        return misspelling != null ? misspelling : (misspelling = new Misspelling(grammar.getGrammar()));
    }

    @Override
    public SyntaxErrorMessage getSyntaxErrorMessage(IParserErrorContext context) {
        SyntaxErrorMessage original = super.getSyntaxErrorMessage(context);
        INode current = context.getCurrentNode();
        String missing = context.getRecognitionException() instanceof FailedPredicateException failed
                && failed.predicateText.contains("canLeave") ? missingParts(failed.ruleName, current) : null;
        String message = missing != null ? missing : inContext(original.getMessage(), context, current);
        return new SyntaxErrorMessage(message + misspelling().message(message, current) + repeated(message, current)
                + misplacedParts().message(message, current), original.getIssueCode(), original.getIssueData());
    }

    /**
     * ANTLR's {@code raw} message in the user's words, from the most particular reading to the least: a keyword
     * where a name belongs, a token the lexer could not read or split ({@link TokenSyntax}), a value after a
     * keyword, a unit or a list's comma ({@link ValueSyntax}), a block's braces or a definition's keyword
     * ({@link BlockSyntax}), else ANTLR's words replaced ({@link AntlrWords#humanize}).
     */
    private String inContext(String raw, IParserErrorContext context, INode current) {
        String keyword = keywordAsName(raw, current);
        if (keyword != null || current == null) {
            return keyword != null ? keyword : AntlrWords.humanize(raw);
        }
        if (AntlrWords.isLexerMessage(raw)) {
            String lexed = TokenSyntax.message(current);
            return lexed != null ? lexed : AntlrWords.humanize(raw);
        }
        Token token = context.getRecognitionException() == null ? null : context.getRecognitionException().token;
        String text = token == null || token.getType() == Token.EOF ? null : "'" + token.getText() + "'";
        String glued = text == null ? null : TokenSyntax.glued(ValueSyntax.lastTaken(current), token);
        String value = glued != null ? glued
                : ValueSyntax.message(text, text != null && keywords().contains(token.getText()), current);
        String block = value != null ? value
                : BlockSyntax.message(raw, text, current, GrammarUtil.findRuleForName(grammar.getGrammar(), "Element"));
        return block != null ? block : AntlrWords.humanize(raw);
    }

    /** The grammar's keywords, read once. */
    private Set<String> keywords() {
        if (keywords == null) {
            keywords = GrammarUtil.getAllKeywords(grammar.getGrammar());
        }
        return keywords;
    }

    /**
     * " This benchmark already has 'sizes' (line 4), which it takes once: keep one." when the unexpected word
     * is the leading keyword of a part of the innermost enclosing block's unordered group that is written at
     * most once, and the block already holds that part; "" otherwise. O(nodes of the block).
     */
    private static String repeated(String message, INode current) {
        Matcher unexpected = UNEXPECTED_WORD.matcher(message);
        for (INode n = current; n != null && unexpected.lookingAt(); n = n.getParent()) {
            AbstractRule rule = ruleOf(n);
            UnorderedGroup group = rule instanceof ParserRule
                    ? EcoreUtil2.eAllOfType(rule, UnorderedGroup.class).stream().findFirst().orElse(null) : null;
            if (group == null || !(n instanceof ICompositeNode block)) {
                continue;
            }
            for (AbstractElement part : group.getElements()) {
                if (GrammarUtil.isMultipleCardinality(part) || !leadingWord(part).equals(unexpected.group(1))) {
                    continue;
                }
                for (INode written : block.getAsTreeIterable()) {
                    if (written.getGrammarElement() instanceof Keyword k && EcoreUtil.isAncestor(part, k)) {
                        return " This " + blockName(rule) + " already has '" + k.getValue() + "' (line "
                                + written.getStartLine() + "), which it takes once: keep one.";
                    }
                }
            }
            return "";
        }
        return "";
    }

    /** The rule a node of the parse tree stands for (called or the root's own), or null for a keyword or token. */
    static AbstractRule ruleOf(INode node) {
        EObject element = node.getGrammarElement();
        return element instanceof RuleCall call ? call.getRule() : element instanceof AbstractRule rule ? rule : null;
    }

    /**
     * "'B' is a word of the language..." when a name was expected and a keyword (a unit word such as B) came: a
     * definition's name, or a segment of a qualified name after its '.' ({@code package acme.serving}, {@code import
     * team.decode.*}), which ANTLR reports as no viable alternative since a segment may also be 'fabric'.
     */
    private String keywordAsName(String message, INode current) {
        Matcher name = KEYWORD_AS_NAME.matcher(message);
        Matcher segment = KEYWORD_AS_SEGMENT.matcher(message);
        String word = name.matches() ? name.group(1)
                : segment.matches() && current != null && afterQualifiedNameDot(current) ? segment.group(1) : null;
        if (word == null || !keywords().contains(word)) {
            return null;
        }
        return "'" + word + "' is a word of the language (a keyword or unit), so it cannot be a name here: choose"
                + " another name, or escape it as ^" + word + ".";
    }

    /** Whether the last token the parser took is the '.' between a qualified name's segments. */
    private static boolean afterQualifiedNameDot(INode current) {
        INode last = ValueSyntax.lastTaken(current);
        return last != null && last.getGrammarElement() instanceof Keyword dot && dot.getValue().equals(".")
                && GrammarUtil.containingRule(dot).getName().equals("QualifiedName");
    }

    /**
     * "This training lacks 'batch' and 'parallel'...": the required elements of the unordered group
     * of {@code ruleName} (ANTLR's name, "ruleTraining") that no node under the rule's node matches;
     * null when the rule or its node cannot be found. O(nodes of the block × depth of the grammar).
     */
    private String missingParts(String ruleName, INode current) {
        AbstractRule rule = GrammarUtil.findRuleForName(grammar.getGrammar(), ruleName.replaceFirst("^rule", ""));
        ICompositeNode block = current == null ? null : blockOf(rule, current);
        UnorderedGroup group = rule instanceof ParserRule ? EcoreUtil2.eAllOfType(rule, UnorderedGroup.class).stream()
                .findFirst().orElse(null) : null;
        if (block == null || group == null) {
            return null;
        }
        List<String> missing = new ArrayList<>();
        for (AbstractElement part : group.getElements()) {
            if (!GrammarUtil.isOptionalCardinality(part) && !written(part, block)) {
                missing.add("'" + leadingWord(part) + "'");
            }
        }
        if (missing.isEmpty()) {
            return null;
        }
        return "This " + blockName(rule) + " lacks " + list(missing) + ", which "
                + (missing.size() == 1 ? "it requires" : "are required") + ": add "
                + (missing.size() == 1 ? "it" : "them")
                + " before its closing '}'.";
    }

    /** The node of the innermost block of {@code rule} that encloses {@code node}. */
    private static ICompositeNode blockOf(AbstractRule rule, INode node) {
        for (ICompositeNode n = node instanceof ICompositeNode c ? c : node.getParent(); n != null; n = n.getParent()) {
            EObject element = n.getGrammarElement();
            if (element == rule || element instanceof RuleCall call && call.getRule() == rule) {
                return n;
            }
        }
        return null;
    }

    static boolean written(AbstractElement part, ICompositeNode block) {
        for (INode node : block.getAsTreeIterable()) {
            if (node.getGrammarElement() != null && EcoreUtil.isAncestor(part, node.getGrammarElement())) {
                return true;
            }
        }
        return false;
    }

    /**
     * What a block of {@code rule} is called: its leading keyword ({@code training}), or for a block that
     * begins with its brace ({@code traffic { ... }}) the rule's name in the language's spelling.
     */
    static String blockName(AbstractRule rule) {
        String word = leadingWord(rule.getAlternatives());
        return Character.isLetter(word.charAt(0)) ? word
                : rule.getName().replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }

    /** The first keyword of {@code element}, else the name of the feature it assigns. */
    static String leadingWord(AbstractElement element) {
        List<Keyword> keywords = EcoreUtil2.eAllOfType(element, Keyword.class);
        if (!keywords.isEmpty()) {
            return keywords.get(0).getValue();
        }
        return EcoreUtil2.eAllOfType(element, Assignment.class).stream().findFirst().map(Assignment::getFeature)
                .orElse("part");
    }

    /** "a " or "an " before {@code name} ("A " or "An " with {@code a} "A"), by its first letter. */
    static String article(String name, String a) {
        return a + ("aeiou".indexOf(name.charAt(0)) >= 0 ? "n " : " ");
    }

    /** "'a', 'b' and 'c'". */
    static String list(List<String> items) {
        return items.size() == 1 ? items.get(0)
                : String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }
}
