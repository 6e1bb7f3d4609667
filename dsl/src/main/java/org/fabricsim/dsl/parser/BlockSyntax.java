package org.fabricsim.dsl.parser;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.xtext.AbstractElement;
import org.eclipse.xtext.Action;
import org.eclipse.xtext.Alternatives;
import org.eclipse.xtext.Assignment;
import org.eclipse.xtext.AbstractRule;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.Group;
import org.eclipse.xtext.Keyword;
import org.eclipse.xtext.ParserRule;
import org.eclipse.xtext.RuleCall;
import org.eclipse.xtext.UnorderedGroup;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.INode;

/**
 * Syntax errors about the braces of blocks, named by the line that opens them ('cluster Pod {') and the line
 * number: a block the file ends inside, a block not closed before the next definition, a word or symbol inside a
 * block that is none of its parts (which are listed), a part of a block of fixed order written after its place (the
 * order is listed), a '}' that closes no block, a block without its '{', and a
 * word at the top of the file that begins no definition (the definitions' keywords are listed). A block is a node
 * of the parse tree whose own children hold a '{' keyword; it is open while they hold no '}'.
 */
public final class BlockSyntax {
    /** How long a block's opening line may be in a message before it is cut. */
    private static final int MAX_TITLE_CHARACTERS = 60;

    private BlockSyntax() {
    }

    /**
     * The message for ANTLR's {@code raw} message at {@code token} (its text in quotes, or null at the end of the
     * file) with {@code current} the node being built, or null when the error is not about a block.
     */
    static String message(String raw, String token, INode current, AbstractRule element) {
        ICompositeNode open = openBlock(current);
        if (open != null && token == null) {
            return "The file ends inside the " + title(open) + " block opened on line " + line(open)
                    + ": close it with '}'.";
        }
        if (open != null && raw.startsWith("missing '}' at ")) {
            return "The " + title(open) + " block opened on line " + line(open) + " is not closed: add '}' before "
                    + token + ".";
        }
        if (open != null && raw.matches("^(mismatched|extraneous) input .+ expecting '}'$")) {
            String order = outOfOrder(open, token);
            if (order != null) {
                return order;
            }
            List<String> parts = parts(open);
            return "Unexpected " + token + " in the " + title(open) + " block opened on line " + line(open)
                    + (parts.isEmpty() ? ", which ends with '}'"
                            : ", which takes " + FabricSyntaxErrorMessages.list(parts) + ", then '}'")
                    + ": correct or remove it.";
        }
        if (raw.startsWith("missing '{' at ") && token != null) {
            return "Add '{' after " + shortened(current.getText()) + " to open its block,"
                    + " before " + token + ".";
        }
        boolean atTop = raw.endsWith(" expecting EOF") || raw.startsWith("missing EOF at ");
        if (atTop && "'}'".equals(token)) {
            ICompositeNode closed = lastClosed(current.getRootNode());
            return "This '}' closes no block" + (closed == null ? "" : ": the " + title(closed) + " block before it"
                    + " closed on line " + brace(closed, "}").getStartLine()) + ". Remove it.";
        }
        if (atTop && token != null) {
            return "Unexpected " + token + " here: a definition begins with its keyword, one of "
                    + FabricSyntaxErrorMessages.list(definitions(element)) + ".";
        }
        return null;
    }

    /** Whether {@code node} is a block that its '{' opened and no '}' closed: the text ended it. */
    public static boolean isOpen(ICompositeNode node) {
        return brace(node, "{") != null && brace(node, "}") == null;
    }

    /** The innermost block that encloses {@code node} and is still open, or null. */
    private static ICompositeNode openBlock(INode node) {
        for (ICompositeNode n = node instanceof ICompositeNode c ? c : node.getParent(); n != null; n = n.getParent()) {
            if (isOpen(n)) {
                return n;
            }
        }
        return null;
    }

    /**
     * The block that the last '}' of the text so far closes, or null; found from the end. Null too where that '}'
     * ends a definition written without its '{' ('cluster A' then its parts and '}'): it closed no block the user
     * opened, and the block has no opening line to name.
     */
    private static ICompositeNode lastClosed(ICompositeNode root) {
        for (INode node : root.getAsTreeIterable().reverse()) {
            if (node instanceof ILeafNode leaf && leaf.getGrammarElement() instanceof Keyword k
                    && k.getValue().equals("}")) {
                return brace(leaf.getParent(), "{") != null ? leaf.getParent() : null;
            }
        }
        return null;
    }

    /** The child of {@code block} that is the keyword {@code brace}, or null. */
    private static ILeafNode brace(ICompositeNode block, String brace) {
        for (INode child : block.getChildren()) {
            if (child instanceof ILeafNode leaf && leaf.getGrammarElement() instanceof Keyword k
                    && k.getValue().equals(brace)) {
                return leaf;
            }
        }
        return null;
    }

    private static int line(ICompositeNode block) {
        return brace(block, "{").getStartLine();
    }

    /**
     * A block as the user wrote its opening: the text of the line of its '{' from after the last brace before it
     * (or line break: '\n' or a lone '\r'), with runs of white space as one space ("'cluster Pod {'",
     * "'congestion-control dcqcn {'").
     */
    private static String title(ICompositeNode block) {
        ILeafNode open = brace(block, "{");
        String text = block.getRootNode().getText();
        int start = -1;
        for (char delimiter : new char[] {'\n', '\r', '{', '}'}) {
            start = Math.max(start, text.lastIndexOf(delimiter, open.getOffset() - 1));
        }
        return shortened(text.substring(start + 1, open.getEndOffset()));
    }

    /** {@code text} quoted, runs of white space as one space, its last {@link #MAX_TITLE_CHARACTERS} at most. */
    private static String shortened(String text) {
        String words = text.strip().replaceAll("\\s+", " ");
        return "'" + (words.length() > MAX_TITLE_CHARACTERS
                ? "..." + words.substring(words.length() - MAX_TITLE_CHARACTERS) : words) + "'";
    }

    /**
     * The leading keywords of the parts of the block's unordered group that it may still take: those written
     * at most once and not yet written, and those written any number of times.
     */
    private static List<String> parts(ICompositeNode block) {
        EObject element = block.getGrammarElement();
        AbstractRule rule = element instanceof RuleCall call ? call.getRule()
                : element instanceof AbstractRule r ? r : null;
        UnorderedGroup group = rule instanceof ParserRule
                ? EcoreUtil2.eAllOfType(rule, UnorderedGroup.class).stream().findFirst().orElse(null) : null;
        List<String> parts = new ArrayList<>();
        for (AbstractElement part : group == null ? List.<AbstractElement>of() : group.getElements()) {
            String word = FabricSyntaxErrorMessages.leadingWord(part);
            boolean takes = GrammarUtil.isMultipleCardinality(part) || !writtenAsChild(part, block);
            if (takes && !parts.contains("'" + word + "'")) {
                parts.add("'" + word + "'");
            }
        }
        return parts;
    }

    /**
     * "'vary' comes earlier in the 'study S {' block opened on line 3: its parts go in the order 'simulate', 'vary',
     * ...; move it up." when {@code token} leads a part of a block whose parts are in a fixed order (a study) and the
     * parser has passed that part's place; null otherwise. O(parts of the block's rule).
     */
    private static String outOfOrder(ICompositeNode block, String token) {
        EObject element = block.getGrammarElement();
        AbstractRule rule = element instanceof RuleCall call ? call.getRule()
                : element instanceof AbstractRule r ? r : null;
        if (token == null || !(rule instanceof ParserRule) || !(rule.getAlternatives() instanceof Group group)) {
            return null;
        }
        List<String> order = new ArrayList<>();
        AbstractElement named = null;
        for (AbstractElement part : group.getElements()) {
            String word = leadingKeyword(part);
            if (word != null && !word.equals("{") && !word.equals("}") && !order.contains("'" + word + "'")
                    && !(part instanceof Keyword && group.getElements().indexOf(part) == 0)) {
                order.add("'" + word + "'");
                named = token.equals("'" + word + "'") ? part : named;
            }
        }
        // a part written once already is repeated, not misplaced
        if (order.size() < 2 || named == null
                || !GrammarUtil.isMultipleCardinality(named) && writtenAsChild(named, block)) {
            return null;
        }
        return token + " comes earlier in the " + title(block) + " block opened on line " + line(block)
                + ": its parts go in the order " + FabricSyntaxErrorMessages.list(order) + "; move it up.";
    }

    /** The keyword {@code part} begins with, looking into the rule it calls; null when it begins with a value. */
    private static String leadingKeyword(AbstractElement part) {
        for (AbstractElement e = part; e != null; ) {
            if (e instanceof Keyword keyword) {
                return keyword.getValue();
            }
            if (e instanceof Group g) {
                e = g.getElements().get(0);
            } else if (e instanceof Assignment a) {
                e = a.getTerminal();
            } else if (e instanceof RuleCall call && call.getRule() instanceof ParserRule called) {
                e = called.getAlternatives();
            } else {
                return null;
            }
        }
        return null;
    }

    /**
     * Whether a child of {@code block} stands for {@code part}: a part's keywords and values are the block's own
     * children, so its subtree need not be read (O(children of the block)).
     */
    private static boolean writtenAsChild(AbstractElement part, ICompositeNode block) {
        for (INode child : block.getChildren()) {
            if (child.getGrammarElement() != null && EcoreUtil.isAncestor(part, child.getGrammarElement())) {
                return true;
            }
        }
        return false;
    }

    /** The leading keywords of the definitions {@code element} (the grammar's Element rule) stands for. */
    private static List<String> definitions(AbstractRule element) {
        List<String> words = new ArrayList<>();
        for (RuleCall call : EcoreUtil2.eAllOfType(element.getAlternatives(), RuleCall.class)) {
            AbstractElement body = call.getRule().getAlternatives();
            AbstractElement first = body instanceof Group group ? group.getElements().stream()
                    .filter(e -> !(e instanceof Action)).findFirst().orElse(body) : body;
            if (first instanceof Keyword keyword) {
                words.add("'" + keyword.getValue() + "'");
            } else if (body instanceof Alternatives) {
                words.addAll(definitions(call.getRule()));
            }
        }
        return words;
    }

}
