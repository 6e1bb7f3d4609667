package org.fabricsim.dsl.ide.fuzz;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;

/**
 * The editor's copy of a document, kept apart from the server's own ({@code LspDocument}): its text and its
 * lines as LSP 3.17 counts them (a line ends at {@code \n}, {@code \r\n} or a lone {@code \r}; characters are
 * UTF-16 code units), so that every range a response carries can be checked against what the editor shows.
 */
final class TextMirror {
    private final String text;
    private final int[] lineStarts;
    private final int[] lineLengths;

    TextMirror(String text) {
        this.text = text;
        List<Integer> starts = new ArrayList<>();
        List<Integer> lengths = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == '\n' || ch == '\r') {
                starts.add(start);
                lengths.add(i - start);
                if (ch == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
                start = i + 1;
            }
        }
        starts.add(start);
        lengths.add(text.length() - start);
        lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
        lineLengths = lengths.stream().mapToInt(Integer::intValue).toArray();
    }

    String text() {
        return text;
    }

    int lineCount() {
        return lineStarts.length;
    }

    int lineLength(int line) {
        return lineLengths[line];
    }

    /** The position of {@code offset}, which must not split a {@code \r\n}. */
    Position position(int offset) {
        int line = lineCount() - 1;
        while (lineStarts[line] > offset) {
            line--;
        }
        return new Position(line, offset - lineStarts[line]);
    }

    /** The offset of a position inside the document ({@link #contains} holds). */
    int offset(Position position) {
        return lineStarts[position.getLine()] + position.getCharacter();
    }

    /** Whether {@code position} names a place in the document: a line it has, at most that line's length. */
    boolean contains(Position position) {
        return position != null && position.getLine() >= 0 && position.getLine() < lineCount()
                && position.getCharacter() >= 0 && position.getCharacter() <= lineLengths[position.getLine()];
    }

    /** Whether {@code range} lies in the document and does not end before it starts. */
    boolean contains(Range range) {
        return range != null && contains(range.getStart()) && contains(range.getEnd())
                && offset(range.getStart()) <= offset(range.getEnd());
    }

    /** An offset at random that splits neither a {@code \r\n} nor a surrogate pair. */
    int offsetAt(int candidate) {
        int at = Math.max(0, Math.min(candidate, text.length()));
        while (at > 0 && at < text.length() && (text.charAt(at - 1) == '\r' && text.charAt(at) == '\n'
                || Character.isHighSurrogate(text.charAt(at - 1)) && Character.isLowSurrogate(text.charAt(at)))) {
            at--;
        }
        return at;
    }

    /** The text with {@code [start, end)} replaced by {@code inserted}. */
    TextMirror replace(int start, int end, String inserted) {
        return new TextMirror(text.substring(0, start) + inserted + text.substring(end));
    }
}
