package org.fabricsim.dsl.ui.refactor;

/** The name around a caret: the longest run of letters, digits and '_' that holds the offset. */
final class NameAtOffset {

    private NameAtOffset() {
    }

    /**
     * The name at an offset of a text.
     *
     * @param text the text
     * @param offset the caret
     * @return the name, empty when the caret is on none
     */
    static String of(String text, int offset) {
        int start = Math.min(offset, text.length());
        while (start > 0 && isNamePart(text.charAt(start - 1))) {
            start--;
        }
        int end = Math.min(offset, text.length());
        while (end < text.length() && isNamePart(text.charAt(end))) {
            end++;
        }
        return text.substring(start, end);
    }

    private static boolean isNamePart(char c) {
        return c == '_' || c < 128 && Character.isLetterOrDigit(c);
    }
}
