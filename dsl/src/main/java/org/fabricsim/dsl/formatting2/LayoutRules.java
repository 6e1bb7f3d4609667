package org.fabricsim.dsl.formatting2;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.Assignment;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.Keyword;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.services.FabricGrammarAccess;

import com.google.inject.Inject;
import com.google.inject.Singleton;

/**
 * The layout asked of each hidden region between two tokens: one blank line between definitions, one
 * statement per line inside blocks indented one level, single spaces between tokens unless a rule says
 * otherwise, none before commas, around {@code :} in ratios, inside {@code [ ]}, or in {@code $2.50/h}.
 * A space between tokens is a weak wish that any other rule for the same region overrides; the others
 * combine (a region may ask for a new line and for no space: the line break wins when written).
 *
 * <p>One pass over the tokens (braces matched with a stack) plus one look-up per import and definition:
 * O(n) in the number of tokens.
 */
@Singleton
public class LayoutRules {
    /** No wish about spaces. */
    static final byte SPACE_FREE = 0;
    /** A single space, unless another rule says otherwise. */
    static final byte SPACE_ONE = 1;
    /** No space. */
    static final byte SPACE_NONE = 2;

    @Inject
    private BlockStatements statements;

    @Inject
    private FabricGrammarAccess grammar;

    /** The wishes for the regions of {@code tokens}, a parse of {@code model}'s file. */
    Regions of(LayoutTokens tokens, Model model) {
        Regions regions = new Regions(tokens.count() + 1);
        int[] openBraces = new int[16];
        int depth = 0;
        for (int k = 0; k < tokens.count(); k++) {
            EObject element = tokens.grammarElement(k);
            String keyword = element instanceof Keyword ? tokens.tokenText(k) : null;
            if (",".equals(keyword) || ":".equals(keyword)) {
                regions.noSpace(k);
                if (keyword.equals(":")) {
                    regions.noSpace(k + 1);
                } else {
                    regions.oneSpace(k + 1);
                }
            } else {
                if (statements.beginsStatement(element)) {
                    regions.newLines(k, 1);
                }
                regions.oneSpace(k + 1);
            }
            if ("{".equals(keyword)) {
                if (depth == openBraces.length) {
                    openBraces = java.util.Arrays.copyOf(openBraces, depth * 2);
                }
                openBraces[depth++] = k;
            } else if ("}".equals(keyword) && depth > 0) {
                int open = openBraces[--depth];
                regions.indentIn[open + 1] = true;
                regions.indentOut[k] = true;
                regions.newLines(k, 1);
                regions.newLines(open + 1, 1);
            } else if ("[".equals(keyword) || "$".equals(keyword)) {
                regions.noSpace(k + 1);
            } else if ("]".equals(keyword)) {
                regions.noSpace(k);
            } else if (k >= 2 && isUnit(element) && tokens.grammarElement(k - 2) instanceof Keyword
                    && tokens.tokenText(k - 2).equals("$")) {
                regions.noSpace(k);
            }
        }
        boolean hasPackage = tokens.count() > 0 && tokens.grammarElement(0) instanceof Keyword
                && tokens.tokenText(0).equals("package");
        for (int i = 0; i < model.getImports().size(); i++) {
            regions.newLines(firstToken(tokens, model.getImports().get(i)), i == 0 ? (hasPackage ? 2 : 0) : 1);
        }
        boolean atStart = !hasPackage && model.getImports().isEmpty();
        for (EObject element : model.getElements()) {
            regions.newLines(firstToken(tokens, element), atStart ? 0 : 2);
            atStart = false;
        }
        regions.newLines(tokens.count(), 1);
        return regions;
    }

    private boolean isUnit(EObject element) {
        Assignment assignment = GrammarUtil.containingAssignment(element);
        return assignment != null && assignment.getFeature().equals("unit")
                && GrammarUtil.containingRule(assignment).getName().equals(grammar.getQuantityRule().getName());
    }

    private static int firstToken(LayoutTokens tokens, EObject object) {
        return tokens.tokenAt(NodeModelUtils.getNode(object).getOffset());
    }

    /** Per hidden region: the space wish, the line breaks asked for (-1: none), and indentation steps. */
    static final class Regions {
        final byte[] space;
        final int[] newLines;
        final boolean[] indentIn;
        final boolean[] indentOut;

        Regions(int count) {
            space = new byte[count];
            newLines = new int[count];
            java.util.Arrays.fill(newLines, -1);
            indentIn = new boolean[count];
            indentOut = new boolean[count];
        }

        /** Whether any rule speaks of region {@code k}; one that none does keeps its text. */
        boolean formatted(int k) {
            return space[k] != SPACE_FREE || newLines[k] >= 0 || indentIn[k] || indentOut[k];
        }

        private void noSpace(int k) {
            space[k] = SPACE_NONE;
        }

        private void oneSpace(int k) {
            if (space[k] == SPACE_FREE) {
                space[k] = SPACE_ONE;
            }
        }

        /** Rules never ask one region for two different counts; the larger would win if they did. */
        private void newLines(int k, int count) {
            newLines[k] = Math.max(newLines[k], count);
        }
    }
}
