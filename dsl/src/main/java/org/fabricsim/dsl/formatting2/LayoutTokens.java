package org.fabricsim.dsl.formatting2;

import java.util.Arrays;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.AbstractRule;
import org.eclipse.xtext.CrossReference;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.INode;

/**
 * The tokens of a parsed file and the hidden text between them, read once from its node model. A token
 * is a visible leaf, or a whole datatype, enum or cross-reference rule call (a qualified name, a decimal,
 * a unit), as Xtext's text regions see them, so the layout rules name the same tokens. Hidden region
 * {@code k} is the whitespace and comments before token {@code k}; region {@link #count()} follows the
 * last token. Each hidden part is whitespace, a {@code /* *}{@code /} comment or a {@code //} comment.
 *
 * <p>Arrays indexed by token and part; O(n) time and memory in the length of the text.
 */
final class LayoutTokens {
    static final byte WHITESPACE = 0;
    static final byte BLOCK_COMMENT = 1;
    static final byte LINE_COMMENT = 2;

    final String text;
    private int tokens;
    private int[] tokenStart = new int[64];
    private int[] tokenEnd = new int[64];
    private EObject[] grammarElement = new EObject[64];
    /** Parts of region k are {@code [regionFirstPart[k], regionFirstPart[k + 1])}. */
    private int[] regionFirstPart = new int[65];
    private int parts;
    private int[] partStart = new int[64];
    private int[] partEnd = new int[64];
    private byte[] partKind = new byte[64];

    /** The tokens of {@code root}, whose text is {@code text}. */
    LayoutTokens(ICompositeNode root, String text) {
        this.text = text;
        visit(root);
        regionFirstPart[tokens + 1] = parts;
    }

    int count() {
        return tokens;
    }

    int start(int token) {
        return tokenStart[token];
    }

    int end(int token) {
        return tokenEnd[token];
    }

    EObject grammarElement(int token) {
        return grammarElement[token];
    }

    String tokenText(int token) {
        return text.substring(tokenStart[token], tokenEnd[token]);
    }

    int firstPart(int region) {
        return regionFirstPart[region];
    }

    int endPart(int region) {
        return regionFirstPart[region + 1];
    }

    int partStart(int part) {
        return partStart[part];
    }

    int partEnd(int part) {
        return partEnd[part];
    }

    byte partKind(int part) {
        return partKind[part];
    }

    /** Where region {@code k} begins: its first part, else the end of the token before it (0 for the first). */
    int regionStart(int region) {
        if (firstPart(region) < endPart(region)) {
            return partStart[firstPart(region)];
        }
        return region == 0 ? 0 : tokenEnd[region - 1];
    }

    /** Where region {@code k} ends: its last part's end, else its start. */
    int regionEnd(int region) {
        return firstPart(region) < endPart(region) ? partEnd[endPart(region) - 1] : regionStart(region);
    }

    /** The first token at or after {@code offset}, {@link #count()} if none. */
    int tokenAt(int offset) {
        int found = Arrays.binarySearch(tokenStart, 0, tokens, offset);
        if (found >= 0) {
            while (found > 0 && tokenStart[found - 1] == offset) {
                found--;
            }
            return found;
        }
        return -found - 1;
    }

    private void visit(INode node) {
        if (node instanceof ILeafNode leaf) {
            if (leaf.isHidden()) {
                addPart(leaf);
            } else if (leaf.getLength() > 0) {
                addToken(leaf);
            }
        } else if (node instanceof ICompositeNode composite) {
            if (isOneToken(composite)) {
                for (ILeafNode leaf : composite.getLeafNodes()) {
                    if (!leaf.isHidden()) {
                        break;
                    }
                    addPart(leaf);
                }
                addToken(composite);
            } else {
                for (INode child : composite.getChildren()) {
                    visit(child);
                }
            }
        }
    }

    private static boolean isOneToken(ICompositeNode node) {
        EObject element = node.getGrammarElement();
        return GrammarUtil.isDatatypeRuleCall(element) || element instanceof CrossReference
                || GrammarUtil.isEnumRuleCall(element);
    }

    private void addToken(INode node) {
        if (tokens + 1 == tokenStart.length) {
            int size = tokenStart.length * 2;
            tokenStart = Arrays.copyOf(tokenStart, size);
            tokenEnd = Arrays.copyOf(tokenEnd, size);
            grammarElement = Arrays.copyOf(grammarElement, size);
            regionFirstPart = Arrays.copyOf(regionFirstPart, size + 1);
        }
        tokenStart[tokens] = node.getOffset();
        tokenEnd[tokens] = node.getEndOffset();
        grammarElement[tokens] = node.getGrammarElement();
        tokens++;
        regionFirstPart[tokens] = parts;
    }

    private void addPart(ILeafNode leaf) {
        if (parts == partStart.length) {
            int size = parts * 2;
            partStart = Arrays.copyOf(partStart, size);
            partEnd = Arrays.copyOf(partEnd, size);
            partKind = Arrays.copyOf(partKind, size);
        }
        partStart[parts] = leaf.getTotalOffset();
        partEnd[parts] = leaf.getTotalEndOffset();
        partKind[parts] = kind(leaf);
        parts++;
    }

    /** Whitespace unless the leaf holds a visible character; a comment's kind by its terminal rule. */
    private static byte kind(ILeafNode leaf) {
        String value = leaf.getText();
        if (value.chars().allMatch(Character::isWhitespace)) {
            return WHITESPACE;
        }
        String rule = leaf.getGrammarElement() instanceof AbstractRule terminal ? terminal.getName() : "";
        if (rule.startsWith("ML")) {
            return BLOCK_COMMENT;
        }
        if (rule.startsWith("SL")) {
            return LINE_COMMENT;
        }
        throw new IllegalStateException("a hidden token that is neither whitespace nor a comment: " + rule);
    }
}
