package org.fabricsim.dsl.ui.editor;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.filebuffers.FileBuffers;
import org.eclipse.core.filebuffers.ITextFileBuffer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.common.util.WrappedException;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.jface.text.IDocument;
import org.eclipse.xtext.findReferences.IReferenceFinder;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.concurrent.IUnitOfWork;
import org.fabricsim.dsl.ide.server.LspDocument;
import org.fabricsim.dsl.ui.FabricLanguage;
import org.fabricsim.dsl.ui.validation.FabricModelValidator;

/**
 * The model behind an editor's document: the workspace file it edits, and the document's current text
 * parsed with the other {@code .fabric} files of the same project in scope, so that references between
 * files of a project resolve. Validation, content assist and hover read it alike.
 */
public final class EditorModels {

    private static final String FILE_EXTENSION = "fabric";

    /** A parsed document: its text as the IDE services count positions, and its resource. */
    public record Parsed(IFile file, LspDocument document, XtextResource resource) {
    }

    private EditorModels() {
    }

    /**
     * Parses the document's current text.
     *
     * @param document an editor's document
     * @return the parse, or null when the document is no workspace file or cannot be parsed
     */
    public static Parsed parse(IDocument document) {
        IFile file = workspaceFileOf(document);
        if (file == null) {
            return null;
        }
        String text = document.get();
        try {
            XtextResource resource = new FabricModelValidator(FabricLanguage.injector()).load(uriOf(file), text,
                    siblingsOf(file));
            return new Parsed(file, new LspDocument(1, text), resource);
        } catch (IOException | CoreException e) {
            return null;
        }
    }

    /**
     * The workspace file an editor's document edits.
     *
     * @param document an editor's document
     * @return the file, or null for a document that is no existing workspace file
     */
    public static IFile workspaceFileOf(IDocument document) {
        ITextFileBuffer buffer = FileBuffers.getTextFileBufferManager().getTextFileBuffer(document);
        if (buffer == null) {
            return null;
        }
        IPath location = buffer.getLocation();
        if (location == null || location.segmentCount() < 2) {
            return null;
        }
        IFile file = ResourcesPlugin.getWorkspace().getRoot().getFile(location);
        return file.exists() ? file : null;
    }

    /**
     * Whether a workspace file is a FabricSim model.
     *
     * @param file a workspace file, or null
     * @return whether it is a {@code .fabric} file
     */
    public static boolean isModel(IFile file) {
        return file != null && FILE_EXTENSION.equals(file.getFileExtension());
    }

    /**
     * The EMF URI of a workspace file.
     *
     * @param file a workspace file
     * @return its {@code platform:/resource} URI
     */
    public static URI uriOf(IFile file) {
        return URI.createPlatformResourceURI(file.getFullPath().toString(), true);
    }

    /**
     * The other {@code .fabric} files of the file's project.
     *
     * @param file a workspace file
     * @return their URIs
     * @throws CoreException if the project cannot be walked
     */
    public static List<URI> siblingsOf(IFile file) throws CoreException {
        List<URI> result = new ArrayList<>();
        file.getProject().accept(proxy -> {
            if (proxy.getType() == IResource.FILE && proxy.getName().endsWith("." + FILE_EXTENSION)) {
                IFile sibling = (IFile) proxy.requestResource();
                if (!sibling.equals(file)) {
                    result.add(uriOf(sibling));
                }
            }
            return true;
        }, IResource.NONE);
        return result;
    }

    /**
     * How the language server's reference and definition services read other models in the editor: from
     * the resource set a document was parsed in, which holds the project's other models.
     *
     * @param resourceSet the resource set of a {@link Parsed} document
     * @return access that reads every URI from that resource set
     */
    public static IReferenceFinder.IResourceAccess resourceAccess(ResourceSet resourceSet) {
        return new IReferenceFinder.IResourceAccess() {
            @Override
            public <R> R readOnly(URI targetURI, IUnitOfWork<R, ResourceSet> work) {
                try {
                    return work.exec(resourceSet);
                } catch (Exception e) {
                    throw new WrappedException(e);
                }
            }
        };
    }
}
