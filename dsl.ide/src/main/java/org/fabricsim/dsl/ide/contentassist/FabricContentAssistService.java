package org.fabricsim.dsl.ide.contentassist;

import java.util.HashSet;
import java.util.Set;

import org.eclipse.lsp4j.CompletionList;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.contentassist.ContentAssistService;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;

import com.google.inject.Singleton;

/**
 * Completion, one request at a time, each proposal once. Xtext's proposal provider is one object for the
 * whole server, and so is the conflict helper inside it, which keeps its lexers in fields: two completions at
 * once (an editor that sends one per keystroke, the language server that answers reads in parallel) fed each
 * other's text into those lexers, which then failed inside ANTLR (issue 21 L7). A completion takes
 * milliseconds, so answering them in turn costs an editor nothing. Xtext computes up to three contexts at a
 * position and each proposes what fits it, so a name that fits two contexts was offered twice (issue 19);
 * a proposal that inserts the same text over the same range as an earlier one is dropped.
 */
@Singleton
public class FabricContentAssistService extends ContentAssistService {

    @Override
    public synchronized CompletionList createCompletionList(Document document, XtextResource resource,
            CompletionParams params, CancelIndicator cancelIndicator) {
        CompletionList list = super.createCompletionList(document, resource, params, cancelIndicator);
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
