package org.fabricsim.dsl.ide;

import org.eclipse.xtext.ide.server.ServerLauncher;
import org.fabricsim.generator.cli.LanguageServerLauncher;

/**
 * Serves the Fabric language over LSP on standard input and output with Xtext's language server.
 * The server finds the language through {@code META-INF/services/org.eclipse.xtext.ISetup}
 * ({@link FabricIdeSetup}); {@code fabric lsp} reaches this class through
 * {@link java.util.ServiceLoader}.
 */
public class FabricLanguageServerLauncher implements LanguageServerLauncher {

    @Override
    public void serveStdio() {
        ServerLauncher.main(new String[0]);
    }
}
