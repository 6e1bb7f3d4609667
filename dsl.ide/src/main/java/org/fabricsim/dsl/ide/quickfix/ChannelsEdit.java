package org.fabricsim.dsl.ide.quickfix;

import java.util.List;

import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.xtext.ide.server.Document;

/**
 * The text edit that removes a benchmark's {@code channels N} so that NCCL's own count runs
 * ({@code fabric.workload.channels}, {@code fabric.workload.channels-idle-nics}).
 */
final class ChannelsEdit {
    private ChannelsEdit() {
    }

    /**
     * Deletes the {@code channels N} whose value {@code diagnostic} marks, its whole line when nothing else is on it;
     * none when no {@code channels} keyword precedes the mark.
     */
    static List<TextEdit> removal(Diagnostic diagnostic, Document document) {
        String text = document.getContents();
        int valueEnd = document.getOffSet(diagnostic.getRange().getEnd());
        int keyword = text.lastIndexOf("channels", document.getOffSet(diagnostic.getRange().getStart()));
        if (keyword < 0) {
            return List.of();
        }
        int lineStart = text.lastIndexOf('\n', keyword) + 1;
        int lineEnd = text.indexOf('\n', valueEnd);
        boolean alone = text.substring(lineStart, keyword).isBlank() && lineEnd >= 0
                && text.substring(valueEnd, lineEnd).isBlank();
        int start = alone ? lineStart : keyword;
        int end = alone ? lineEnd + 1 : valueEnd;
        return List.of(new TextEdit(new Range(document.getPosition(start), document.getPosition(end)), ""));
    }
}
