package org.fabricsim.dsl.ide.server;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.eclipse.emf.common.util.URI;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.InlayHint;
import org.eclipse.lsp4j.InlayHintParams;
import org.eclipse.lsp4j.SemanticTokens;
import org.eclipse.lsp4j.SemanticTokensParams;
import org.eclipse.lsp4j.SemanticTokensWithRegistrationOptions;
import org.eclipse.lsp4j.ServerCapabilities;
import org.eclipse.lsp4j.WindowClientCapabilities;
import org.eclipse.xtext.ide.server.LanguageServerImpl;
import org.eclipse.xtext.resource.IResourceServiceProvider;
import org.eclipse.xtext.util.CancelIndicator;
import org.fabricsim.dsl.ide.hints.FabricInlayHints;
import org.fabricsim.dsl.ide.tokens.FabricSemanticTokens;

/**
 * Xtext's language server with the services Xtext leaves out or gets wrong: semantic tokens from
 * {@link FabricSemanticTokens} under its own legend (Xtext's advertised a legend of "keyword", "default" and
 * "number", sent no tokens for this language, and numbered its types one past the legend), and inlay hints
 * ({@link FabricInlayHints}), and a background warm-up of the language's services after {@code initialized}
 * ({@link ServerWarmUp}). A request the server does not implement is answered MethodNotFound by
 * {@link ServerConnection}.
 */
public class FabricLanguageServer extends LanguageServerImpl {
    private boolean clientShowsProgress;
    private ServerWarmUp warmUp;

    @Override
    public CompletableFuture<InitializeResult> initialize(InitializeParams params) {
        WindowClientCapabilities window = params.getCapabilities() == null ? null
                : params.getCapabilities().getWindow();
        clientShowsProgress = window != null && Boolean.TRUE.equals(window.getWorkDoneProgress());
        return super.initialize(params);
    }

    /** Starts {@link ServerWarmUp} once the client is ready, so that its first edit runs compiled code. */
    @Override
    public void initialized(InitializedParams params) {
        super.initialized(params);
        IResourceServiceProvider language = getResourceServiceProvider(URI.createURI("warm-up.fabric"));
        if (language != null && warmUp == null) {
            warmUp = new ServerWarmUp(language, getRequestManager());
            warmUp.start(getLanguageClient(), clientShowsProgress);
        }
    }

    @Override
    public CompletableFuture<Object> shutdown() {
        if (warmUp != null) {
            warmUp.stop();
        }
        return super.shutdown();
    }

    @Override
    protected ServerCapabilities createServerCapabilities(InitializeParams params) {
        ServerCapabilities capabilities = super.createServerCapabilities(params);
        SemanticTokensWithRegistrationOptions tokens = new SemanticTokensWithRegistrationOptions(
                FabricSemanticTokens.LEGEND);
        tokens.setFull(true);
        tokens.setRange(false);
        capabilities.setSemanticTokensProvider(tokens);
        capabilities.setInlayHintProvider(true);
        return capabilities;
    }

    @Override
    protected SemanticTokens semanticTokensFull(SemanticTokensParams params, CancelIndicator cancelIndicator) {
        URI uri = getURI(params.getTextDocument());
        FabricSemanticTokens service = getService(uri, FabricSemanticTokens.class);
        if (service == null) {
            return new SemanticTokens(List.of());
        }
        return getWorkspaceManager().doRead(uri,
                (document, resource) -> service.tokens(document, resource, cancelIndicator));
    }

    @Override
    public CompletableFuture<List<InlayHint>> inlayHint(InlayHintParams params) {
        return getRequestManager().runRead(cancelIndicator -> {
            URI uri = getURI(params.getTextDocument());
            FabricInlayHints service = getService(uri, FabricInlayHints.class);
            return service == null ? List.of() : getWorkspaceManager().doRead(uri,
                    (document, resource) -> service.hints(document, resource, params.getRange(), cancelIndicator));
        });
    }
}
