package org.fabricsim.dsl.ui.editor;

import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.xtext.ide.server.ILanguageServerAccess;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;
import org.fabricsim.dsl.ide.server.LspDocument;

/**
 * What the language server's services read of a server when the editor runs them in process (Simulate,
 * quick fixes, rename): the parsed document, and the other models of its project that its resource set
 * holds, each with the text it was parsed from; any other URI reads the parsed document. The editor keeps
 * no index and runs no builds.
 *
 * @param parsed the editor's parsed document
 */
public record EditorServerAccess(EditorModels.Parsed parsed) implements ILanguageServerAccess {

    @Override
    public <T> T doSyncRead(String uri, Function<Context, T> function) {
        Resource sibling = uri == null ? null
                : parsed.resource().getResourceSet().getResource(URI.createURI(uri), false);
        if (sibling instanceof XtextResource other && other != parsed.resource() && other.getParseResult() != null) {
            LspDocument document = new LspDocument(1, other.getParseResult().getRootNode().getText());
            return function.apply(new Context(other, document, false, CancelIndicator.NullImpl));
        }
        return function.apply(new Context(parsed.resource(), parsed.document(), true, CancelIndicator.NullImpl));
    }

    @Override
    public <T> CompletableFuture<T> doRead(String uri, Function<Context, T> function) {
        return CompletableFuture.completedFuture(doSyncRead(uri, function));
    }

    @Override
    public <T> CompletableFuture<T> doReadIndex(Function<? super IndexContext, ? extends T> function) {
        throw new UnsupportedOperationException("the editor's services read no index");
    }

    @Override
    public void addBuildListener(IBuildListener listener) {
        throw new UnsupportedOperationException("the editor does not build");
    }

    @Override
    public LanguageClient getLanguageClient() {
        return null;
    }

    @Override
    public ResourceSet newLiveScopeResourceSet(URI uri) {
        return parsed.resource().getResourceSet();
    }

    @Override
    public InitializeParams getInitializeParams() {
        return null;
    }

    @Override
    public InitializeResult getInitializeResult() {
        return null;
    }
}
