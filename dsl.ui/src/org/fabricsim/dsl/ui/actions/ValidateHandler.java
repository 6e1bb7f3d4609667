package org.fabricsim.dsl.ui.actions;

import java.io.IOException;
import java.util.List;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.ui.FabricLanguage;
import org.fabricsim.dsl.ui.editor.EditorModels;
import org.fabricsim.dsl.ui.validation.FabricModelValidator;
import org.fabricsim.dsl.ui.validation.ProblemMarkers;

/** FabricSim → Validate: checks the model now and puts its problems on the file as markers. */
public class ValidateHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        ModelSelection model = ModelSelection.of(event);
        try {
            List<Issue> issues = new FabricModelValidator(FabricLanguage.injector()).validate(
                    EditorModels.uriOf(model.file()), model.text(), EditorModels.siblingsOf(model.file()),
                    CancelIndicator.NullImpl);
            ProblemMarkers.replace(model.file(), issues);
        } catch (IOException | CoreException e) {
            throw new ExecutionException("Could not validate " + model.file().getFullPath() + ": " + e.getMessage(), e);
        }
        return null;
    }
}
