package org.fabricsim.dsl.ui.format;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.handlers.HandlerUtil;
import org.eclipse.ui.texteditor.IEditorStatusLine;
import org.eclipse.ui.texteditor.ITextEditor;

/**
 * FabricSim → Format (Ctrl+Shift+F in a {@code .fabric} editor): formats the active editor's document
 * with {@link DocumentFormatter}; when it cannot (a syntax error), says why in the editor's status line.
 */
public class FormatHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        IEditorPart part = HandlerUtil.getActiveEditorChecked(event);
        if (!(part instanceof ITextEditor editor)) {
            return null;
        }
        String refused = DocumentFormatter.format(editor.getDocumentProvider().getDocument(editor.getEditorInput()));
        IEditorStatusLine statusLine = editor.getAdapter(IEditorStatusLine.class);
        if (statusLine != null) {
            statusLine.setMessage(refused != null, refused, null);
        }
        return null;
    }
}
