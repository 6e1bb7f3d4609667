package org.fabricsim.dsl.ide.server;

import org.eclipse.lsp4j.services.LanguageServer;
import org.eclipse.xtext.build.IncrementalBuilder;
import org.eclipse.xtext.ide.server.LanguageServerImpl;
import org.eclipse.xtext.ide.server.WorkspaceManager;
import org.eclipse.xtext.ide.server.concurrent.IRequestManager;
import org.eclipse.xtext.ide.server.symbol.WorkspaceSymbolService;
import org.fabricsim.dsl.ide.symbols.CatalogWorkspaceSymbols;

import com.google.inject.AbstractModule;

/**
 * The language server's own bindings over Xtext's {@code ServerModule}: LSP positions, guarded requests, the
 * server with semantic tokens and inlay hints, workspace symbols that include the standard catalog, and builds
 * that re-parse an edited file in place.
 */
public class FabricServerModule extends AbstractModule {

    @Override
    protected void configure() {
        bind(WorkspaceManager.class).to(FabricWorkspaceManager.class);
        bind(IRequestManager.class).to(GuardedRequestManager.class);
        bind(LanguageServer.class).to(FabricLanguageServer.class);
        bind(LanguageServerImpl.class).to(FabricLanguageServer.class);
        bind(WorkspaceSymbolService.class).to(CatalogWorkspaceSymbols.class);
        bind(IncrementalBuilder.InternalStatefulIncrementalBuilder.class).to(PartialReparseBuilder.class);
    }
}
