package org.fabricsim.dsl.ide.server;

import java.util.Arrays;

import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.util.ITextRegion;
import org.eclipse.xtext.util.TextRegion;

/**
 * An open document whose positions follow LSP 3.17: a line ends at {@code \n}, {@code \r\n} or a lone
 * {@code \r}; a character past the end of its line means the line end, and a line past the last means
 * the end of the document. Errors never carry the document's text.
 */
public class LspDocument extends Document {
    private volatile int[] lineStarts;
    private final boolean behindEdits;

    public LspDocument(Integer version, String contents) {
        this(version, contents, false);
    }

    /**
     * A document; {@code behindEdits} marks the text a resource was parsed from while newer edits are still
     * to be built ({@link FabricWorkspaceManager}).
     */
    public LspDocument(Integer version, String contents, boolean behindEdits) {
        super(version, contents, false);
        this.behindEdits = behindEdits;
    }

    /** Whether the editor holds newer text than this: edits computed here would not apply to the editor's. */
    public boolean isBehindEdits() {
        return behindEdits;
    }

    /** The offset of {@code position}, clamped to its line and to the document. */
    @Override
    public int getOffSet(Position position) {
        int[] starts = lineStarts();
        int line = Math.max(0, position.getLine());
        if (line >= starts.length) {
            return getContents().length();
        }
        int start = starts[line];
        return start + Math.min(Math.max(0, position.getCharacter()), lineEnd(start) - start);
    }

    /** The position of {@code offset}, clamped to the document. O(log lines). */
    @Override
    public Position getPosition(int offset) {
        int target = Math.max(0, Math.min(offset, getContents().length()));
        int[] starts = lineStarts();
        int line = Arrays.binarySearch(starts, target);
        line = line >= 0 ? line : -line - 2;
        return new Position(line, target - starts[line]);
    }

    /** The region of {@code range}, both ends clamped as {@link #getOffSet} clamps them. */
    @Override
    public ITextRegion getTextRegion(Range range) {
        int start = getOffSet(range.getStart());
        return new TextRegion(start, Math.max(0, getOffSet(range.getEnd()) - start));
    }

    /** The text of line {@code lineNumber} without its line break; empty past the last line. */
    @Override
    public String getLineContent(int lineNumber) {
        int[] starts = lineStarts();
        int line = Math.max(0, lineNumber);
        return line >= starts.length ? "" : getContents().substring(starts[line], lineEnd(starts[line]));
    }

    @Override
    public Document applyTextDocumentChanges(Iterable<? extends TextDocumentContentChangeEvent> changes) {
        LspDocument current = this;
        Integer version = getVersion() == null ? null : getVersion() + 1;
        for (TextDocumentContentChangeEvent change : changes) {
            String text = current.getContents();
            String changed = change.getRange() == null ? change.getText()
                    : text.substring(0, current.getOffSet(change.getRange().getStart())) + change.getText()
                            + text.substring(Math.max(current.getOffSet(change.getRange().getStart()),
                                    current.getOffSet(change.getRange().getEnd())));
            current = new LspDocument(version, changed);
        }
        return current;
    }

    /** The offset where each line starts, computed once: the contents never change. O(length). */
    private int[] lineStarts() {
        int[] starts = lineStarts;
        if (starts == null) {
            String text = getContents();
            int[] found = new int[16];
            int count = 1;
            for (int i = 0; i < text.length(); i++) {
                char ch = text.charAt(i);
                if (ch == '\n' || ch == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n')) {
                    if (count == found.length) {
                        found = Arrays.copyOf(found, count * 2);
                    }
                    found[count++] = i + 1;
                }
            }
            starts = Arrays.copyOf(found, count);
            lineStarts = starts;
        }
        return starts;
    }

    /** The offset of the line break that ends the line starting at {@code start}, or the text's length. */
    private int lineEnd(int start) {
        String text = getContents();
        int end = start;
        while (end < text.length() && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
            end++;
        }
        return end;
    }
}
