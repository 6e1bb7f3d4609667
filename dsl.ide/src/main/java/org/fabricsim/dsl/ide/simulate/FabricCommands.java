package org.fabricsim.dsl.ide.simulate;

import java.util.List;

import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.xtext.ide.server.ILanguageServerAccess;
import org.eclipse.xtext.ide.server.commands.IExecutableCommandService;
import org.eclipse.xtext.util.CancelIndicator;

import com.google.inject.Inject;

/** The server's commands, one service per language as Xtext binds it: simulate and draw. */
public class FabricCommands implements IExecutableCommandService {
    @Inject
    private SimulateCommand simulate;

    @Inject
    private DrawPreviewCommand draw;

    @Override
    public List<String> initialize() {
        return List.of(SimulateCommand.ID, DrawPreviewCommand.ID);
    }

    @Override
    public Object execute(ExecuteCommandParams params, ILanguageServerAccess access, CancelIndicator cancelIndicator) {
        return DrawPreviewCommand.ID.equals(params.getCommand()) ? draw.execute(params, access, cancelIndicator)
                : simulate.execute(params, access, cancelIndicator);
    }
}
