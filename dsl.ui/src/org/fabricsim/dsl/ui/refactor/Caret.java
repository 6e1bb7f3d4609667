package org.fabricsim.dsl.ui.refactor;

import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.ui.handlers.HandlerUtil;
import org.eclipse.ui.texteditor.ITextEditor;

/**
 * Where a command on a name runs: the active text editor, its document and the caret's offset.
 *
 * @param editor the active text editor
 * @param document its document
 * @param offset the caret's offset (the start of the selection)
 */
record Caret(ITextEditor editor, IDocument document, int offset) {

    /**
     * The caret of the command's active editor.
     *
     * @param event the command's execution
     * @return the caret, or null when the active editor is no text editor with a text selection
     * @throws ExecutionException if there is no active editor
     */
    static Caret of(ExecutionEvent event) throws ExecutionException {
        if (!(HandlerUtil.getActiveEditorChecked(event) instanceof ITextEditor editor)
                || !(editor.getSelectionProvider().getSelection() instanceof ITextSelection selection)) {
            return null;
        }
        return new Caret(editor, editor.getDocumentProvider().getDocument(editor.getEditorInput()),
                selection.getOffset());
    }

    /** @return the name around the caret, empty when it is on none */
    String name() {
        return NameAtOffset.of(document.get(), offset);
    }
}
