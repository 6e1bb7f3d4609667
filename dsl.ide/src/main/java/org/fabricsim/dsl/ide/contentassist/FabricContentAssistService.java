package org.fabricsim.dsl.ide.contentassist;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;

import org.eclipse.lsp4j.CompletionList;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.contentassist.ContentAssistService;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;
import org.fabricsim.dsl.ide.server.LspDocument;

import com.google.inject.Singleton;

/**
 * Completion, one request at a time, each proposal once. Xtext's proposal provider is one object for the
 * whole server, and so is the conflict helper inside it, which keeps its lexers in fields: two completions at
 * once (an editor that sends one per keystroke, the language server that answers reads in parallel) fed each
 * other's text into those lexers, which then failed inside ANTLR (issue 21 L7). A completion takes
 * milliseconds, so answering them in turn costs an editor nothing. Xtext computes up to three contexts at a
 * position and each proposes what fits it, so a name that fits two contexts was offered twice (issue 19);
 * a proposal that inserts the same text over the same range as an earlier one is dropped. A caret past the end
 * of its line or past the last line means the line's or the document's end (LSP 3.17); Xtext ends each
 * proposal's edit at the caret as sent, so the caret is clamped first: an edit never reaches past the text.
 * A document behind the editor's text ({@link LspDocument#isBehindEdits}: a file refused for a NUL character or a
 * too-long line parses as empty, as does one whose build the next edit cancelled) gets no proposals, marked
 * incomplete so that the editor asks again: proposals computed on the parsed text had edits from the start of
 * the editor's document to the caret, which accepting one would have deleted (found by the editor campaign).
 */
@Singleton
public class FabricContentAssistService extends ContentAssistService {

    @Override
    public synchronized CompletionList createCompletionList(Document document, XtextResource resource,
            CompletionParams params, CancelIndicator cancelIndicator) {
        if (document instanceof LspDocument lsp && lsp.isBehindEdits()) {
            return new CompletionList(true, new ArrayList<>());
        }
        CompletionParams clamped = new CompletionParams(params.getTextDocument(),
                document.getPosition(document.getOffSet(params.getPosition())), params.getContext());
        CompletionList list = super.createCompletionList(document, resource, clamped, cancelIndicator);
        Set<Key> seen = new HashSet<>();
        list.getItems().removeIf(item -> !seen.add(
                new Key(item.getLabel(), item.getTextEdit() == null ? null : item.getTextEdit().getLeft())));
        return list;
    }

    /**
     * What makes two proposals the same: label and edit (its text and range), compared by value; printing the
     * edit as a key took a tenth of a completion's time on a 10,000-line model.
     */
    private record Key(String label, TextEdit edit) {
    }
}
