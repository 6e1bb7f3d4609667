package org.fabricsim.dsl.ui.format;

import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.commands.IExecutionListener;
import org.eclipse.core.commands.NotHandledException;
import org.eclipse.core.resources.IFile;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IEditorReference;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.commands.ICommandService;
import org.eclipse.ui.texteditor.ITextEditor;

/**
 * Format on save: just before the workbench's Save (the active editor) or Save All (every dirty editor)
 * runs, each {@code .fabric} editor about to be saved is formatted by {@link DocumentFormatter}, so the
 * file is written laid out. A document with a syntax error is saved as it is. The Generic Editor has no
 * save participants, so this listens to the two commands; it is installed when the first {@code .fabric}
 * editor opens.
 */
public final class FormatOnSave implements IExecutionListener {

    private static final String SAVE = "org.eclipse.ui.file.save";

    private static final String SAVE_ALL = "org.eclipse.ui.file.saveAll";

    private static final AtomicBoolean INSTALLED = new AtomicBoolean();

    private FormatOnSave() {
    }

    /** Listens to Save and Save All, once per workbench session. */
    public static void install() {
        if (PlatformUI.isWorkbenchRunning() && INSTALLED.compareAndSet(false, true)) {
            PlatformUI.getWorkbench().getService(ICommandService.class).addExecutionListener(new FormatOnSave());
        }
    }

    @Override
    public void preExecute(String commandId, ExecutionEvent event) {
        IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
        IWorkbenchPage page = window == null ? null : window.getActivePage();
        if (page == null) {
            return;
        }
        if (SAVE.equals(commandId)) {
            formatIfFabric(page.getActiveEditor());
        } else if (SAVE_ALL.equals(commandId)) {
            for (IEditorReference reference : page.getEditorReferences()) {
                if (reference.isDirty()) {
                    formatIfFabric(reference.getEditor(false));
                }
            }
        }
    }

    private static void formatIfFabric(IEditorPart part) {
        if (part instanceof ITextEditor editor && part.isDirty()) {
            IFile file = editor.getEditorInput().getAdapter(IFile.class);
            if (file != null && "fabric".equals(file.getFileExtension())) {
                DocumentFormatter.format(editor.getDocumentProvider().getDocument(editor.getEditorInput()));
            }
        }
    }

    @Override
    public void notHandled(String commandId, NotHandledException exception) {
        // nothing was saved
    }

    @Override
    public void postExecuteFailure(String commandId, ExecutionException exception) {
        // the save failed; the formatted text stays in the editor
    }

    @Override
    public void postExecuteSuccess(String commandId, Object returnValue) {
        // the formatted text is saved
    }
}
