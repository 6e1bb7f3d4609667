package org.fabricsim.dsl.ide.catalog;

import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.ide.server.UriExtensions;

import com.google.inject.Inject;

/**
 * URIs as the language server sends them to clients: a catalog file's URI is that of its extracted copy
 * ({@link CatalogFiles}), so that definitions, references and symbols in the catalog open in every client.
 */
public class CatalogUris extends UriExtensions {

    @Inject
    private CatalogFiles catalogFiles;

    @Override
    public String toUriString(URI uri) {
        URI file = uri == null || uri.hasFragment() ? null : catalogFiles.fileFor(uri);
        return super.toUriString(file != null ? file : uri);
    }
}
