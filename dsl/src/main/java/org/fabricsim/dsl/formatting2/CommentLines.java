package org.fabricsim.dsl.formatting2;

import java.util.ArrayList;
import java.util.List;

/**
 * The lines of a {@code /* *}{@code /} comment over several lines, re-indented: each inner line that
 * starts with {@code *} gets the indentation and {@code " * "}, one that does not loses the first line's
 * old indentation for it, and the last line gets the indentation and one space before its text. Lines
 * are the text between {@code \n} (a {@code \r} before one ends the line too); blank lines are left as
 * they are. O(length of the comment and of its last line).
 */
final class CommentLines {
    /** Receives one edit of the original text. */
    interface Edits {
        void edit(int offset, int length, String text);
    }

    private CommentLines() {
    }

    /** Re-indents the comment {@code [start, end)} whose first line starts at {@code lineStart}. */
    static void reindent(String text, int start, int end, int lineStart, String indentation, Edits edits) {
        List<int[]> lines = new ArrayList<>();
        int[] line = {lineStart, lineEnd(text, start)};
        while (true) {
            lines.add(line);
            if (line[1] >= end) {
                break;
            }
            int next = line[1] + 1;
            while (next < text.length() && (text.charAt(next) == '\n' || text.charAt(next) == '\r')) {
                next++;
            }
            if (next >= end) {
                break;
            }
            line = new int[] {next, lineEnd(text, next)};
        }
        int oldIndentation = indentation(text, lineStart);
        for (int i = 1; i < lines.size() - 1; i++) {
            innerLine(text, lines.get(i)[0], lines.get(i)[1], lineStart, oldIndentation, indentation + " * ", edits);
        }
        if (lines.size() > 1) {
            int last = lines.get(lines.size() - 1)[0];
            edits.edit(last, indentation(text, last), indentation + " ");
        }
    }

    private static void innerLine(String text, int from, int to, int firstLine, int oldIndentation, String inner,
            Edits edits) {
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c == '*') {
                int prefix = i + 1 < to && Character.isWhitespace(text.charAt(i + 1)) ? i + 1 : i;
                edits.edit(from, prefix + 1 - from, inner);
                return;
            }
            if (!Character.isWhitespace(c)) {
                break;
            }
        }
        boolean sameIndentation = to - from >= oldIndentation
                && text.regionMatches(from, text, firstLine, oldIndentation);
        edits.edit(from, sameIndentation ? oldIndentation : 0, inner);
    }

    /** The end of the line from {@code offset}: before its {@code \n} (or {@code \r\n}), else the text's end. */
    private static int lineEnd(String text, int offset) {
        int end = text.indexOf('\n', offset + 1);
        if (end < 0) {
            return text.length();
        }
        return end > 0 && text.charAt(end - 1) == '\r' ? end - 1 : end;
    }

    /**
     * The length of the leading whitespace of the line starting at {@code lineStart}, up to its first visible
     * character; 0 for a line of whitespace only.
     */
    static int indentation(String text, int lineStart) {
        int end = lineEnd(text, lineStart);
        int i = lineStart;
        while (i < end && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i < end ? i - lineStart : 0;
    }
}
