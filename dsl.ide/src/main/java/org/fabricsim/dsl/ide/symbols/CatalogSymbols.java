package org.fabricsim.dsl.ide.symbols;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.lsp4j.WorkspaceSymbol;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.xtext.ide.server.DocumentExtensions;
import org.eclipse.xtext.resource.IEObjectDescription;
import org.fabricsim.dsl.catalog.StandardCatalog;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;

import com.google.inject.Inject;

/**
 * The standard catalog's definitions as workspace symbols: the catalog is no file of the workspace, so
 * Xtext's workspace symbols, which read the workspace's index, never listed an accelerator or a switch of it.
 * Locations point into the catalog's extracted files ({@link org.fabricsim.dsl.ide.catalog.CatalogUris}).
 */
public class CatalogSymbols {

    @Inject
    private StandardCatalog catalog;

    @Inject
    private DocumentExtensions documents;

    /**
     * The catalog's definitions whose qualified name contains {@code query} (ignoring case, as Xtext matches
     * workspace symbols), except those the workspace itself defines under the same name ({@code shadowed}).
     * O(catalog definitions).
     */
    public List<WorkspaceSymbol> matching(String query, Set<String> shadowed) {
        String wanted = query == null ? "" : query.toLowerCase(Locale.ROOT);
        List<WorkspaceSymbol> symbols = new ArrayList<>();
        for (IEObjectDescription definition : catalog.exportedObjects()) {
            String name = definition.getQualifiedName().toString();
            EObject element = definition.getEObjectOrProxy();
            if (definition.getEClass() == Literals.MODEL || element.eIsProxy() || shadowed.contains(name)
                    || !name.toLowerCase(Locale.ROOT).contains(wanted)) {
                continue;
            }
            symbols.add(new WorkspaceSymbol(name, FabricSymbolKinds.of(definition.getEClass()),
                    Either.forLeft(documents.newLocation(element)), definition.getQualifiedName().skipLast(1).toString()));
        }
        return symbols;
    }
}
