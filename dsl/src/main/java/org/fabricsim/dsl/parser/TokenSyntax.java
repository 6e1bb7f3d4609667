package org.fabricsim.dsl.parser;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.antlr.runtime.CommonToken;
import org.antlr.runtime.Token;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.INode;

/**
 * A word the lexer split, and errors of the lexer, which names only a character ("mismatched character
 * '&lt;EOF&gt;' expecting '"'"), read from the text where the broken token begins, the first character after the
 * node being built that is not white space: a quoted string or a comment that runs to the end of the file, or a
 * word that is no word of the language ({@code GB/S}), which the caller compares with the keywords. The lexer
 * takes the longest keyword it can, so that {@code scale-outt} reaches the parser as {@code scale-out} and
 * {@code t}: the two, written without a space between, are named as the one word the user wrote.
 */
final class TokenSyntax {
    private static final Pattern WORD = Pattern.compile("[A-Za-z][A-Za-z0-9/_-]*");
    /** A whole number of at most 12 digits (its product with 1,048,576 stays a long), and the suffixes people add. */
    private static final Pattern WHOLE = Pattern.compile("[0-9]{1,12}");
    private static final Pattern SUFFIX = Pattern.compile("[kKM]");

    private TokenSyntax() {
    }

    /**
     * "Unexpected 'scale-outt' here..." when {@code token} follows {@code last} without a space, or for a whole number
     * glued to a k or M suffix ({@code sequence 4k}, {@code 128K}) the number written out both ways; else null.
     */
    static String glued(ILeafNode last, Token token) {
        boolean adjacent = last != null && token instanceof CommonToken common
                && common.getStartIndex() == last.getEndOffset();
        if (adjacent && WHOLE.matcher(last.getText()).matches() && SUFFIX.matcher(token.getText()).matches()) {
            return suffixed(Long.parseLong(last.getText()), token.getText());
        }
        return adjacent && WORD.matcher(last.getText()).matches() && WORD.matcher(token.getText()).matches()
                ? "Unexpected '" + last.getText() + token.getText() + "' here: it is no word of the language." : null;
    }

    /**
     * "Unexpected '4k' here: the language reads numbers written out, without a suffix: write 4096 (4 × 1,024, as a 4K
     * sequence means) or 4000." The binary reading first, as sequence lengths and batch sizes are meant (session 71:
     * a user's {@code sequence 4k} read "Unexpected 'k' here.").
     */
    private static String suffixed(long number, String suffix) {
        boolean thousands = suffix.equalsIgnoreCase("k");
        long binary = number * (thousands ? 1024L : 1024L * 1024L);
        long decimal = number * (thousands ? 1000L : 1_000_000L);
        return "Unexpected '" + number + suffix + "' here: the language reads numbers written out, without a suffix:"
                + " write " + binary + " (" + number + " × " + (thousands ? "1,024" : "1,048,576") + ", as a " + number
                + suffix.toUpperCase(java.util.Locale.ROOT) + " sequence means) or " + decimal + ".";
    }

    /** The message for a lexer error after {@code current}, or null when the text there is none of these. */
    static String message(INode current) {
        String text = current.getRootNode().getText();
        int at = current.getTotalEndOffset();
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
        String rest = text.substring(at);
        if (rest.startsWith("\"") || rest.startsWith("'")) {
            return "This quoted string is never closed: end it with " + rest.charAt(0) + " (a string runs to the next "
                    + rest.charAt(0) + ", across lines).";
        }
        if (rest.startsWith("/*")) {
            return "This comment is never closed: end it with */ (a comment runs from /* to the next */, across"
                    + " lines).";
        }
        Matcher word = WORD.matcher(rest);
        return word.lookingAt() ? "Unexpected '" + word.group() + "' here: it is no word of the language." : null;
    }
}
