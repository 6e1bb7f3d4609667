package org.fabricsim.dsl.ui.outline;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.IAdapterFactory;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.views.contentoutline.IContentOutlinePage;

/**
 * Gives the Generic Editor, which has no outline of its own, a {@link FabricOutlinePage} when it edits a
 * {@code .fabric} file: the Outline view asks the active editor for an {@link IContentOutlinePage}, and a
 * workbench part answers through the adapter manager.
 */
public class FabricOutlineAdapters implements IAdapterFactory {

    @Override
    public <T> T getAdapter(Object adaptable, Class<T> adapterType) {
        if (adapterType != IContentOutlinePage.class || !(adaptable instanceof ITextEditor editor)) {
            return null;
        }
        IFile file = editor.getEditorInput().getAdapter(IFile.class);
        return file != null && "fabric".equals(file.getFileExtension())
                ? adapterType.cast(new FabricOutlinePage(editor)) : null;
    }

    @Override
    public Class<?>[] getAdapterList() {
        return new Class<?>[] {IContentOutlinePage.class};
    }
}
