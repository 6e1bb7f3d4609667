package org.fabricsim.dsl.ide.server;

import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.xtext.ide.server.Document;

/**
 * An open document whose positions follow LSP 3.17: a line ends at {@code \n}, {@code \r\n} or a lone
 * {@code \r}; a character past the end of its line means the line end, and a line past the last means
 * the end of the document. Errors never carry the document's text.
 */
public class LspDocument extends Document {

    public LspDocument(Integer version, String contents) {
        super(version, contents, false);
    }

    /** The offset of {@code position}, clamped to its line and to the document. */
    @Override
    public int getOffSet(Position position) {
        String text = getContents();
        int start = lineStart(Math.max(0, position.getLine()));
        if (start < 0) {
            return text.length();
        }
        int end = lineEnd(start);
        return start + Math.min(Math.max(0, position.getCharacter()), end - start);
    }

    /** The position of {@code offset}, clamped to the document. */
    @Override
    public Position getPosition(int offset) {
        String text = getContents();
        int target = Math.max(0, Math.min(offset, text.length()));
        int line = 0;
        int start = 0;
        for (int i = 0; i < target; i++) {
            char ch = text.charAt(i);
            if (ch == '\n' || ch == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n')) {
                line++;
                start = i + 1;
            }
        }
        return new Position(line, target - start);
    }

    /** The text of line {@code lineNumber} without its line break; empty past the last line. */
    @Override
    public String getLineContent(int lineNumber) {
        int start = lineStart(Math.max(0, lineNumber));
        return start < 0 ? "" : getContents().substring(start, lineEnd(start));
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

    /** The offset where line {@code line} starts, or -1 past the last line. */
    private int lineStart(int line) {
        String text = getContents();
        int offset = 0;
        for (int current = 0; current < line; current++) {
            int end = lineEnd(offset);
            if (end >= text.length()) {
                return -1;
            }
            offset = end + (text.startsWith("\r\n", end) ? 2 : 1);
        }
        return offset;
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
