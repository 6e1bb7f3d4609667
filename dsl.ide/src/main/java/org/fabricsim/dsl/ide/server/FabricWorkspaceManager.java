package org.fabricsim.dsl.ide.server;

import java.util.HashMap;
import java.util.Map;

import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.WorkspaceManager;
import org.eclipse.xtext.resource.XtextResource;

import com.google.inject.Singleton;

/**
 * Keeps every document as an {@link LspDocument}, the one place where positions and lines are counted,
 * and gives each request a document that matches the resource it reads. An edit replaces the document
 * at once but the resource only when the build after it completes; a build that the next edit cancels
 * leaves the previous resource in place, and a request then read offsets of one text in the nodes of
 * another (completion failed with offsets such as "-1060 is &lt; 0", issue 21). Such a request is
 * answered from the text the resource was parsed from, marked as behind the editor's (formatting then
 * refuses, since its edits would not apply); the next build brings both in step again.
 */
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
        Document document = lsp(super.getDocument(resource));
        if (document == null || resource == null || resource.getParseResult() == null) {
            return document;
        }
        String parsed = resource.getParseResult().getRootNode().getText();
        return parsed.equals(document.getContents()) ? document : new LspDocument(document.getVersion(), parsed, true);
    }

    private static Document lsp(Document document) {
        return document == null || document instanceof LspDocument ? document
                : new LspDocument(document.getVersion(), document.getContents());
    }
}
