package org.fabricsim.dsl.ide.server;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.eclipse.emf.common.util.URI;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InlayHint;
import org.eclipse.lsp4j.InlayHintParams;
import org.eclipse.lsp4j.SemanticTokens;
import org.eclipse.lsp4j.SemanticTokensParams;
import org.eclipse.lsp4j.SemanticTokensWithRegistrationOptions;
import org.eclipse.lsp4j.ServerCapabilities;
import org.eclipse.xtext.ide.server.LanguageServerImpl;
import org.eclipse.xtext.util.CancelIndicator;
import org.fabricsim.dsl.ide.hints.FabricInlayHints;
import org.fabricsim.dsl.ide.tokens.FabricSemanticTokens;

/**
 * Xtext's language server with the services Xtext leaves out or gets wrong: semantic tokens from
 * {@link FabricSemanticTokens} under its own legend (Xtext's advertised a legend of "keyword", "default" and
 * "number", sent no tokens for this language, and numbered its types one past the legend), and inlay hints
 * ({@link FabricInlayHints}). A request the server does not implement is answered MethodNotFound by
 * {@link ServerConnection}.
 */
public class FabricLanguageServer extends LanguageServerImpl {

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
