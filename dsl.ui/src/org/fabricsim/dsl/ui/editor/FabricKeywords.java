package org.fabricsim.dsl.ui.editor;

import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.IGrammarAccess;

/**
 * The keywords to highlight, taken from the Xtext grammar of the language so that the editor never
 * drifts from the parser. Only word-like keywords are kept; punctuation is left unstyled.
 */
public final class FabricKeywords {

    private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]*");

    private FabricKeywords() {
    }

    /**
     * Returns the word-like keywords of a grammar.
     *
     * @param grammarAccess the grammar access of the language
     * @return the keywords, sorted
     */
    public static Set<String> of(IGrammarAccess grammarAccess) {
        Set<String> result = new TreeSet<>();
        for (String keyword : GrammarUtil.getAllKeywords(grammarAccess.getGrammar())) {
            if (WORD.matcher(keyword).matches()) {
                result.add(keyword);
            }
        }
        return result;
    }

    /**
     * Tells whether a character can start a keyword.
     *
     * @param c a character
     * @return whether {@code c} can start a keyword
     */
    static boolean isWordStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    /**
     * Tells whether a character can continue a keyword.
     *
     * @param c a character
     * @return whether {@code c} can be part of a keyword
     */
    static boolean isWordPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-';
    }
}
