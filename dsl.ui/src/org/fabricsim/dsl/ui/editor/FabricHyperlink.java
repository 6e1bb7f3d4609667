package org.fabricsim.dsl.ui.editor;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.Path;
import org.eclipse.emf.common.util.URI;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.hyperlink.IHyperlink;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;

/**
 * A link from a reference to its definition: opens the definition's file (a workspace model, or the
 * extracted catalog file) in the Generic Editor and selects the definition's name.
 *
 * @param region the reference in the editor's document
 * @param target where the language server says its definition is
 */
public record FabricHyperlink(IRegion region, Location target) implements IHyperlink {

    private static final String GENERIC_EDITOR = "org.eclipse.ui.genericeditor.GenericEditor";

    @Override
    public IRegion getHyperlinkRegion() {
        return region;
    }

    @Override
    public String getTypeLabel() {
        return "Open Definition";
    }

    @Override
    public String getHyperlinkText() {
        return "Open Definition in " + URI.createURI(target.getUri()).lastSegment();
    }

    @Override
    public void open() {
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        URI uri = URI.createURI(target.getUri());
        try {
            IEditorPart editor;
            if (uri.isPlatformResource()) {
                IFile file = ResourcesPlugin.getWorkspace().getRoot().getFile(new Path(uri.toPlatformString(true)));
                editor = IDE.openEditor(page, file, GENERIC_EDITOR, true);
            } else {
                editor = IDE.openEditor(page, java.net.URI.create(target.getUri()), GENERIC_EDITOR, true);
            }
            if (editor instanceof ITextEditor text) {
                IDocument document = text.getDocumentProvider().getDocument(text.getEditorInput());
                int start = offsetOf(document, target.getRange().getStart());
                text.selectAndReveal(start, offsetOf(document, target.getRange().getEnd()) - start);
            }
        } catch (CoreException | BadLocationException e) {
            ILog.of(FabricHyperlink.class).error("Could not open " + target.getUri(), e);
        }
    }

    private static int offsetOf(IDocument document, Position position) throws BadLocationException {
        return document.getLineOffset(position.getLine()) + position.getCharacter();
    }
}
