package org.fabricsim.dsl.ui.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextOperationTarget;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;

/** A workspace project of a UI test: its {@code .fabric} files and the editors opened on them. */
final class TestProject {

    final IProject project;

    final IWorkbenchPage page;

    private TestProject(IProject project) {
        this.project = project;
        this.page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
    }

    /** Creates and opens a project with a fresh name. */
    static TestProject create(String prefix) throws CoreException {
        IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject(prefix + "-" + System.nanoTime());
        project.create(null);
        project.open(null);
        return new TestProject(project);
    }

    /** Closes every editor without saving and deletes the project. */
    void delete() throws CoreException {
        page.closeAllEditors(false);
        project.delete(true, true, null);
    }

    IFile file(String name, String text) throws CoreException {
        IFile file = project.getFile(name);
        file.create(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), true, null);
        return file;
    }

    ITextEditor open(IFile file) throws CoreException {
        var part = IDE.openEditor(page, file, true);
        assertTrue(part instanceof ITextEditor, "no text editor for " + file.getName() + ": " + part);
        return (ITextEditor) part;
    }

    /** Creates the file, opens it in its editor and answers the editor's text viewer, which must be a {@code kind}. */
    <T extends ITextViewer> T viewer(String name, String text, Class<T> kind) throws CoreException {
        IEditorPart editor = IDE.openEditor(page, file(name, text), true);
        ITextOperationTarget target = editor.getAdapter(ITextOperationTarget.class);
        assertTrue(kind.isInstance(target), "the editor has no " + kind.getSimpleName() + ": " + target);
        return kind.cast(target);
    }

    static IDocument documentOf(ITextEditor editor) {
        return editor.getDocumentProvider().getDocument(editor.getEditorInput());
    }

    static String contents(IFile file) throws CoreException {
        try (InputStream in = file.getContents(true)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
