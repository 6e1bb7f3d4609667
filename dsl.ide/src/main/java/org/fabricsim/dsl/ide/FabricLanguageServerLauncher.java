package org.fabricsim.dsl.ide;

import java.util.concurrent.Executors;

import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.xtext.ide.server.LanguageServerImpl;
import org.eclipse.xtext.ide.server.LaunchArgs;
import org.eclipse.xtext.ide.server.ServerLauncher;
import org.eclipse.xtext.ide.server.ServerModule;
import org.eclipse.xtext.util.Modules2;
import org.fabricsim.dsl.ide.server.FabricServerModule;
import org.fabricsim.dsl.ide.server.ServerConnection;
import org.fabricsim.generator.cli.LanguageServerLauncher;

import com.google.inject.Guice;

/**
 * Serves the Fabric language over LSP on standard input and output with Xtext's language server.
 * The server finds the language through {@code META-INF/services/org.eclipse.xtext.ISetup}
 * ({@link FabricIdeSetup}); {@code fabric lsp} reaches this class through
 * {@link java.util.ServiceLoader}. {@link FabricServerModule} adds LSP positions, guarded requests and the
 * services Xtext leaves out; {@link ServerConnection} answers unimplemented requests with MethodNotFound.
 * Standard output carries the protocol only: anything else printed goes nowhere, as with Xtext's launcher.
 */
public class FabricLanguageServerLauncher implements LanguageServerLauncher {

    @Override
    public void serveStdio() throws Exception {
        LaunchArgs args = ServerLauncher.createLaunchArgs(ServerLauncher.class.getName(), new String[0]);
        LanguageServerImpl server = Guice.createInjector(Modules2.mixin(new ServerModule(), new FabricServerModule()))
                .getInstance(LanguageServerImpl.class);
        Launcher<LanguageClient> launcher = ServerConnection.connect(server, args.getIn(), args.getOut(),
                Executors.newCachedThreadPool());
        launcher.startListening().get();
    }
}
