package org.fabricsim.dsl.ui.refactor;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;
import org.eclipse.ui.texteditor.ITextEditor;

/**
 * FabricSim → Find References (Ctrl+Shift+G in a {@code .fabric} editor): lists the references to what is
 * named at the caret ({@link FabricReferences}) in the FabricSim References view.
 */
public class ReferencesHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        if (!(HandlerUtil.getActiveEditorChecked(event) instanceof ITextEditor editor)
                || !(editor.getSelectionProvider().getSelection() instanceof ITextSelection selection)) {
            return null;
        }
        IDocument document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        try {
            ReferencesView view = (ReferencesView) editor.getSite().getPage().showView(ReferencesView.ID);
            view.show(NameAtOffset.of(document.get(), selection.getOffset()),
                    FabricReferences.find(document, selection.getOffset()));
        } catch (PartInitException e) {
            throw new ExecutionException("Could not open the FabricSim References view", e);
        }
        return null;
    }
}
