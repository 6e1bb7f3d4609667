package org.fabricsim.dsl.ui.editor;

import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.ILog;
import org.eclipse.jface.text.IDocument;
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
public class FabricReconcilingStrategy extends WholeDocumentStrategy {

    @Override
    protected void reconcileDocument() {
        IDocument current = document();
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
}
