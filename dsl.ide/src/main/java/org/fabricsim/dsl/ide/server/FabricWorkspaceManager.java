package org.fabricsim.dsl.ide.server;

import java.util.HashMap;
import java.util.Map;

import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.WorkspaceManager;
import org.eclipse.xtext.resource.XtextResource;

import com.google.inject.Singleton;

/** Keeps every document as an {@link LspDocument}, the one place where positions and lines are counted. */
@Singleton
public class FabricWorkspaceManager extends WorkspaceManager {

    @Override
    protected Map<URI, Document> createOpenDocuments() {
        return new HashMap<>() {
            private static final long serialVersionUID = 1L;

            @Override
            public Document put(URI uri, Document document) {
                return super.put(uri, lsp(document));
            }
        };
    }

    @Override
    protected Document getDocument(XtextResource resource) {
        return lsp(super.getDocument(resource));
    }

    private static Document lsp(Document document) {
        return document == null || document instanceof LspDocument ? document
                : new LspDocument(document.getVersion(), document.getContents());
    }
}
