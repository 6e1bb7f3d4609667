package org.fabricsim.dsl.ui.refactor;

import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IPath;
import org.eclipse.emf.common.util.URI;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.part.ViewPart;
import org.eclipse.ui.texteditor.ITextEditor;

/**
 * The FabricSim References view: the references that FabricSim → Find References found, one a row
 * ({@code FILE:LINE  the line's text}); a double click opens the file at the reference, its name selected.
 */
public class ReferencesView extends ViewPart {

    /** The view's id, as plugin.xml declares it. */
    public static final String ID = "org.fabricsim.dsl.ui.references";

    private TableViewer viewer;

    @Override
    public void createPartControl(Composite parent) {
        viewer = new TableViewer(parent, SWT.SINGLE | SWT.FULL_SELECTION | SWT.V_SCROLL | SWT.H_SCROLL);
        viewer.setContentProvider(ArrayContentProvider.getInstance());
        viewer.setLabelProvider(new LabelProvider() {
            @Override
            public String getText(Object element) {
                return element instanceof FabricReferences.Reference reference
                        ? reference.where() + "  " + reference.line() : String.valueOf(element);
            }
        });
        viewer.addDoubleClickListener(event -> {
            if (event.getSelection() instanceof IStructuredSelection selection
                    && selection.getFirstElement() instanceof FabricReferences.Reference reference) {
                open(reference);
            }
        });
        setContentDescription("Find References (Ctrl+Shift+G) on a name in a .fabric editor lists them here.");
    }

    /**
     * Shows the references to a name.
     *
     * @param name the name they refer to
     * @param references the references
     */
    public void show(String name, List<FabricReferences.Reference> references) {
        setContentDescription(references.size() + (references.size() == 1 ? " reference" : " references") + " to '"
                + name + "'");
        viewer.setInput(references.toArray());
    }

    /** @return the rows as they read, for tests and accessibility */
    public List<String> rows() {
        return Arrays.stream(viewer.getTable().getItems()).map(item -> item.getText()).toList();
    }

    /**
     * Opens the file of a reference with the reference's name selected.
     *
     * @param reference a reference in a workspace file
     */
    public void open(FabricReferences.Reference reference) {
        URI uri = URI.createURI(reference.uri());
        if (!uri.isPlatformResource()) {
            return;
        }
        IFile file = ResourcesPlugin.getWorkspace().getRoot().getFile(IPath.fromPortableString(uri.toPlatformString(true)));
        try {
            IEditorPart part = IDE.openEditor(getSite().getPage(), file, true);
            if (part instanceof ITextEditor editor) {
                IDocument document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
                int start = document.getLineOffset(reference.range().getStart().getLine())
                        + reference.range().getStart().getCharacter();
                int end = document.getLineOffset(reference.range().getEnd().getLine())
                        + reference.range().getEnd().getCharacter();
                editor.selectAndReveal(start, end - start);
            }
        } catch (PartInitException | BadLocationException e) {
            setContentDescription("Could not open " + reference.where() + ": " + e.getMessage());
        }
    }

    @Override
    public void setFocus() {
        viewer.getControl().setFocus();
    }
}
