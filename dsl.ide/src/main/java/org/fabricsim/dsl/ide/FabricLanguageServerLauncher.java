package org.fabricsim.dsl.ide;

import org.eclipse.xtext.ide.server.ServerLauncher;
import org.eclipse.xtext.ide.server.ServerModule;
import org.eclipse.xtext.util.Modules2;
import org.fabricsim.dsl.ide.server.FabricServerModule;
import org.fabricsim.generator.cli.LanguageServerLauncher;

/**
 * Serves the Fabric language over LSP on standard input and output with Xtext's language server.
 * The server finds the language through {@code META-INF/services/org.eclipse.xtext.ISetup}
 * ({@link FabricIdeSetup}); {@code fabric lsp} reaches this class through
 * {@link java.util.ServiceLoader}. {@link FabricServerModule} adds LSP positions and guarded requests.
 */
public class FabricLanguageServerLauncher implements LanguageServerLauncher {

    @Override
    public void serveStdio() {
        ServerLauncher.launch(ServerLauncher.class.getName(), new String[0],
                Modules2.mixin(new ServerModule(), new FabricServerModule()));
    }
}
