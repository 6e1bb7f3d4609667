package org.fabricsim.dsl.catalog;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.resource.IEObjectDescription;
import org.eclipse.xtext.resource.IResourceDescription;
import org.eclipse.xtext.resource.XtextResourceSet;

import com.google.inject.Inject;
import com.google.inject.Provider;
import com.google.inject.Singleton;

/**
 * The standard catalog of real hardware: the {@code .fabric} files under {@code fabric/catalog/}
 * inside the dsl jar, listed in {@code fabric/catalog/catalog.index}. They are parsed once, on
 * first use, and their exported names are visible to every model (through
 * {@link FabricGlobalScopeProvider}) in the command line, the language server, Eclipse and Maven
 * alike. References resolve to the catalog files by their class-path URLs.
 */
@Singleton
public class StandardCatalog {
    /** The class-path folder of the catalog. */
    public static final String FOLDER = "fabric/catalog/";
    /** The file that lists the catalog's files, one name per line. */
    public static final String INDEX = FOLDER + "catalog.index";

    @Inject
    private Provider<XtextResourceSet> resourceSets;

    @Inject
    private IResourceDescription.Manager descriptions;

    private List<IEObjectDescription> exported;
    private Set<String> packages;
    private boolean indexing;

    /**
     * Every name the catalog exports, in catalog order. Indexing reads names only; it resolves no
     * reference, and a lookup made while indexing (from inside the catalog itself) sees no catalog.
     */
    public synchronized List<IEObjectDescription> exportedObjects() {
        if (exported == null && !indexing) {
            indexing = true;
            try {
                XtextResourceSet resourceSet = resourceSets.get();
                List<IEObjectDescription> all = new ArrayList<>();
                for (URI uri : fileUris()) {
                    Resource resource = resourceSet.getResource(uri, true);
                    descriptions.getResourceDescription(resource).getExportedObjects().forEach(all::add);
                }
                exported = List.copyOf(all);
            } finally {
                indexing = false;
            }
        }
        return exported == null ? List.of() : exported;
    }

    /**
     * The catalog's packages: each exported qualified name without its last segment, computed once from
     * {@link #exportedObjects()} (empty, and not kept, while the catalog indexes itself).
     */
    public synchronized Set<String> packages() {
        if (packages == null) {
            List<IEObjectDescription> names = exportedObjects();
            if (names.isEmpty()) {
                return Set.of();
            }
            Set<String> all = new HashSet<>();
            for (IEObjectDescription d : names) {
                if (d.getQualifiedName().getSegmentCount() > 1) {
                    all.add(d.getQualifiedName().skipLast(1).toString());
                }
            }
            packages = Set.copyOf(all);
        }
        return packages;
    }

    /** Whether {@code uri} is one of the catalog's own files. */
    public boolean contains(URI uri) {
        return fileUris().contains(uri);
    }

    /** The class-path URIs of the catalog files, in index order. */
    public List<URI> fileUris() {
        ClassLoader loader = StandardCatalog.class.getClassLoader();
        List<URI> uris = new ArrayList<>();
        for (String name : indexedNames(loader)) {
            URL url = loader.getResource(FOLDER + name);
            if (url == null) {
                throw new IllegalStateException(INDEX + " lists " + name + ", which is not on the class path");
            }
            uris.add(URI.createURI(url.toString()));
        }
        return uris;
    }

    private static List<String> indexedNames(ClassLoader loader) {
        try (InputStream in = loader.getResourceAsStream(INDEX)) {
            if (in == null) {
                throw new IllegalStateException(INDEX + " is missing from the dsl jar");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            return reader.lines().map(String::strip).filter(line -> !line.isEmpty() && !line.startsWith("#"))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
