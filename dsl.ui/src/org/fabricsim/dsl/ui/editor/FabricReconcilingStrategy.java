package org.fabricsim.dsl.ui.editor;

import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.reconciler.DirtyRegion;
import org.eclipse.jface.text.reconciler.IReconcilingStrategy;
import org.eclipse.jface.text.reconciler.IReconcilingStrategyExtension;
import org.eclipse.xtext.service.OperationCanceledError;
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
        IFile file = EditorModels.workspaceFileOf(current);
        if (file == null) {
            return;
        }
        String text = current.get();
        try {
            FabricModelValidator validator = new FabricModelValidator(FabricLanguage.injector());
            List<Issue> issues = validator.validate(EditorModels.uriOf(file), text,
                    EditorModels.siblingsOf(file), this::isCanceled);
            if (!isCanceled()) {
                ProblemMarkers.replace(file, issues);
            }
        } catch (OperationCanceledError e) {
            // the editor closed or the text changed while it was validated: a newer validation follows, if any
        } catch (Exception e) {
            ILog.of(FabricReconcilingStrategy.class).error("Could not validate " + file.getFullPath(), e);
        }
    }

    private boolean isCanceled() {
        IProgressMonitor current = monitor;
        return current != null && current.isCanceled();
    }
}
