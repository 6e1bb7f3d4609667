package org.fabricsim.dsl.ui.refactor;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.ui.PartInitException;

/**
 * FabricSim → Find References (Ctrl+Shift+G in a {@code .fabric} editor): lists the references to what is
 * named at the caret ({@link FabricReferences}) in the FabricSim References view.
 */
public class ReferencesHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        Caret caret = Caret.of(event);
        if (caret == null) {
            return null;
        }
        try {
            ReferencesView view = (ReferencesView) caret.editor().getSite().getPage().showView(ReferencesView.ID);
            view.show(caret.name(), FabricReferences.find(caret.document(), caret.offset()));
        } catch (PartInitException e) {
            throw new ExecutionException("Could not open the FabricSim References view", e);
        }
        return null;
    }
}
