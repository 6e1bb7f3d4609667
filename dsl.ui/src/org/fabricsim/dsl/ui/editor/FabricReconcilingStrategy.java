package org.fabricsim.dsl.ui.editor;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.filebuffers.FileBuffers;
import org.eclipse.core.filebuffers.ITextFileBuffer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.emf.common.util.URI;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.reconciler.DirtyRegion;
import org.eclipse.jface.text.reconciler.IReconcilingStrategy;
import org.eclipse.jface.text.reconciler.IReconcilingStrategyExtension;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.ui.FabricLanguage;
import org.fabricsim.dsl.ui.validation.FabricModelValidator;
import org.fabricsim.dsl.ui.validation.ProblemMarkers;

/**
 * Validates the whole document of a {@code .fabric} editor whenever the reconciler runs (when the
 * editor opens and after each pause in typing), and publishes the issues as problem markers on the
 * edited workspace file. The other {@code .fabric} files of the same project are in scope, so
 * references between files of a project resolve.
 */
public class FabricReconcilingStrategy implements IReconcilingStrategy, IReconcilingStrategyExtension {

    private static final String FILE_EXTENSION = "fabric";

    private volatile IDocument document;

    private volatile IProgressMonitor monitor;

    @Override
    public void setDocument(IDocument document) {
        this.document = document;
    }

    @Override
    public void setProgressMonitor(IProgressMonitor monitor) {
        this.monitor = monitor;
    }

    @Override
    public void initialReconcile() {
        validate();
    }

    @Override
    public void reconcile(DirtyRegion dirtyRegion, IRegion subRegion) {
        validate();
    }

    @Override
    public void reconcile(IRegion partition) {
        validate();
    }

    private void validate() {
        IDocument current = document;
        if (current == null) {
            return;
        }
        IFile file = workspaceFileOf(current);
        if (file == null) {
            return;
        }
        String text = current.get();
        try {
            FabricModelValidator validator = new FabricModelValidator(FabricLanguage.injector());
            List<Issue> issues = validator.validate(uriOf(file), text, siblingsOf(file), this::isCanceled);
            if (!isCanceled()) {
                ProblemMarkers.replace(file, issues);
            }
        } catch (Exception e) {
            ILog.of(FabricReconcilingStrategy.class).error("Could not validate " + file.getFullPath(), e);
        }
    }

    private boolean isCanceled() {
        IProgressMonitor current = monitor;
        return current != null && current.isCanceled();
    }

    private static IFile workspaceFileOf(IDocument document) {
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

    private static URI uriOf(IFile file) {
        return URI.createPlatformResourceURI(file.getFullPath().toString(), true);
    }

    private static List<URI> siblingsOf(IFile file) throws CoreException {
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
}
