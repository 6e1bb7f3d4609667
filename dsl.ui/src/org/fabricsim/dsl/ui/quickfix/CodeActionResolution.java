package org.fabricsim.dsl.ui.quickfix;

import org.eclipse.core.resources.IMarker;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.ILog;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.swt.graphics.Image;
import org.eclipse.ui.IMarkerResolution2;
import org.fabricsim.dsl.ui.editor.WorkspaceEdits;

/**
 * One quick fix of a FabricSim problem: a code action of the language server, shown by its title and
 * applied as its workspace edit (to the open editor's document, which stays dirty, or to the saved file).
 *
 * @param action the code action, with its edit
 */
public record CodeActionResolution(CodeAction action) implements IMarkerResolution2 {

    @Override
    public String getLabel() {
        return action.getTitle();
    }

    @Override
    public String getDescription() {
        return action.getTitle();
    }

    @Override
    public Image getImage() {
        return null;
    }

    @Override
    public void run(IMarker marker) {
        try {
            WorkspaceEdits.apply(action.getEdit());
        } catch (CoreException e) {
            ILog.of(CodeActionResolution.class).error("Could not apply the quick fix '" + action.getTitle() + "'", e);
        }
    }
}
