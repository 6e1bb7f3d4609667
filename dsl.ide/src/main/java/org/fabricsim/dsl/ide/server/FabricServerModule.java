package org.fabricsim.dsl.ide.server;

import org.eclipse.xtext.ide.server.WorkspaceManager;
import org.eclipse.xtext.ide.server.concurrent.IRequestManager;

import com.google.inject.AbstractModule;

/** The language server's own bindings over Xtext's {@code ServerModule}: LSP positions and guarded requests. */
public class FabricServerModule extends AbstractModule {

    @Override
    protected void configure() {
        bind(WorkspaceManager.class).to(FabricWorkspaceManager.class);
        bind(IRequestManager.class).to(GuardedRequestManager.class);
    }
}
