package org.fabricsim.dsl.ui.format;

import java.util.List;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.xtext.ide.server.formatting.FormattingService;
import org.fabricsim.dsl.ui.FabricLanguage;
import org.fabricsim.dsl.ui.editor.EditorModels;
import org.fabricsim.dsl.ui.editor.WorkspaceEdits;

/**
 * Formats an editor's document as {@code fabric format} and the language server do ({@code dsl.ide}'s
 * formatting service, in process, which lays the model out with the command line's linear formatter):
 * four-space indents, the document's own line breaks. A document with a syntax error is left as it is,
 * with the reason.
 */
public final class DocumentFormatter {

    private static final int INDENT = 4;

    private DocumentFormatter() {
    }

    /**
     * Formats a document in place; the editor can undo it as one change.
     *
     * @param document a {@code .fabric} editor's document
     * @return null when the document is formatted (or already was), else why it was left as it is
     */
    public static String format(IDocument document) {
        EditorModels.Parsed parsed = EditorModels.parse(document);
        if (parsed == null) {
            return "Not formatted: the document is no .fabric file of the workspace.";
        }
        try {
            List<TextEdit> edits = FabricLanguage.injector().getInstance(FormattingService.class).format(
                    parsed.resource(), parsed.document(), 0, parsed.document().getContents().length(),
                    new FormattingOptions(INDENT, true));
            WorkspaceEdits.apply(document, edits);
            return null;
        } catch (ResponseErrorException e) {
            return e.getResponseError().getMessage();
        } catch (CoreException e) {
            return "Not formatted: " + e.getMessage();
        }
    }
}
