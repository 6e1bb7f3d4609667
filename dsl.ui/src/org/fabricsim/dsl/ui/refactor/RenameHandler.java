package org.fabricsim.dsl.ui.refactor;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.jface.dialogs.InputDialog;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.window.Window;
import org.eclipse.ui.handlers.HandlerUtil;

/**
 * FabricSim → Rename (Alt+Shift+R in a {@code .fabric} editor): asks for the new name of what is named at the
 * caret and renames it with {@link FabricRename}; a refusal is shown with its reason.
 */
public class RenameHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        Caret caret = Caret.of(event);
        if (caret == null) {
            return null;
        }
        InputDialog dialog = new InputDialog(HandlerUtil.getActiveShellChecked(event), "Rename",
                "New name (the definition and every reference in the project):", caret.name(), null);
        if (dialog.open() != Window.OK) {
            return null;
        }
        String refused = FabricRename.rename(caret.document(), caret.offset(), dialog.getValue().strip());
        if (refused != null) {
            MessageDialog.openInformation(HandlerUtil.getActiveShellChecked(event), "Rename", refused);
        }
        return null;
    }
}
