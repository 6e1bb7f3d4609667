package org.fabricsim.dsl.ui.actions;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.handlers.HandlerUtil;
import org.eclipse.ui.texteditor.ITextEditor;
import org.fabricsim.dsl.ui.editor.EditorModels;

/**
 * The {@code .fabric} model a FabricSim command acts on: the file of the active editor with its current
 * (possibly unsaved) text when the command comes from the editor, else the file selected in a navigator.
 *
 * @param file the workspace file
 * @param text its text
 */
record ModelSelection(IFile file, String text) {

    /**
     * The model of a command's event.
     *
     * @param event the command's event
     * @return the model
     * @throws ExecutionException when neither the editor nor the selection holds a {@code .fabric} file
     */
    static ModelSelection of(ExecutionEvent event) throws ExecutionException {
        IEditorPart editor = HandlerUtil.getActiveEditor(event);
        ISelection selection = HandlerUtil.getCurrentSelection(event);
        IFile selected = selection instanceof IStructuredSelection structured && !structured.isEmpty()
                ? Adapters.adapt(structured.getFirstElement(), IFile.class) : null;
        if (selected != null && selected.getName().endsWith(".fabric")) {
            return read(selected);
        }
        if (editor instanceof ITextEditor text) {
            IDocument document = text.getDocumentProvider().getDocument(text.getEditorInput());
            IFile file = document == null ? null : EditorModels.workspaceFileOf(document);
            if (file != null && file.getName().endsWith(".fabric")) {
                return new ModelSelection(file, document.get());
            }
        }
        throw new ExecutionException("Select a .fabric file or open one in an editor.");
    }

    private static ModelSelection read(IFile file) throws ExecutionException {
        try (InputStream in = file.getContents()) {
            return new ModelSelection(file, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (CoreException | IOException e) {
            throw new ExecutionException("Could not read " + file.getFullPath() + ": " + e.getMessage(), e);
        }
    }
}
