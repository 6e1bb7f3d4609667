package org.fabricsim.dsl.formatting2;

import java.util.ArrayList;
import java.util.List;

/**
 * The lines of a {@code /* *}{@code /} comment over several lines, re-indented: each inner line that
 * starts with {@code *} gets the indentation and {@code " * "}, one that does not loses the first line's
 * old indentation for it, and the last line gets the indentation and one space before its text. Lines
 * end at {@code \n}, {@code \r\n} or a lone {@code \r}, so that a file with any of them is laid out
 * alike; blank lines are left as they are. O(length of the comment).
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
        int[] line = {lineStart, lineEnd(text, start, end)};
        while (true) {
            lines.add(line);
            if (line[1] >= end) {
                break;
            }
            int next = line[1] + 1;
            while (next < text.length() && isBreak(text.charAt(next))) {
                next++;
            }
            if (next >= end) {
                break;
            }
            line = new int[] {next, lineEnd(text, next, end)};
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

    /** The end of the line holding {@code offset}, at its line break; {@code limit} if there is none before it. */
    private static int lineEnd(String text, int offset, int limit) {
        for (int i = offset + 1; i < limit; i++) {
            if (isBreak(text.charAt(i))) {
                return i;
            }
        }
        return limit;
    }

    /** Whether {@code c} ends a line: {@code \n}, or {@code \r} alone or before {@code \n}. */
    static boolean isBreak(char c) {
        return c == '\n' || c == '\r';
    }

    /**
     * The length of the leading whitespace of the line starting at {@code lineStart}, up to its first visible
     * character; 0 for a line of whitespace only.
     */
    static int indentation(String text, int lineStart) {
        int i = lineStart;
        while (i < text.length() && !isBreak(text.charAt(i)) && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i < text.length() && !isBreak(text.charAt(i)) ? i - lineStart : 0;
    }
}
