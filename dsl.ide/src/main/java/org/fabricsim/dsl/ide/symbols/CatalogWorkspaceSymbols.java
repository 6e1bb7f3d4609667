package org.fabricsim.dsl.ide.symbols;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.eclipse.emf.common.util.URI;
import org.eclipse.lsp4j.WorkspaceSymbol;
import org.eclipse.xtext.findReferences.IReferenceFinder.IResourceAccess;
import org.eclipse.xtext.ide.server.symbol.WorkspaceSymbolService;
import org.eclipse.xtext.resource.IResourceDescriptions;
import org.eclipse.xtext.resource.IResourceServiceProvider;
import org.eclipse.xtext.util.CancelIndicator;

import com.google.inject.Inject;

/** Workspace symbols: the workspace's definitions, then the standard catalog's ({@link CatalogSymbols}). */
public class CatalogWorkspaceSymbols extends WorkspaceSymbolService {
    private static final URI ANY_MODEL = URI.createURI("synth:///catalog.fabric");

    @Inject
    private IResourceServiceProvider.Registry languages;

    @Override
    public List<? extends WorkspaceSymbol> getSymbols(String query, IResourceAccess resourceAccess,
            IResourceDescriptions indexData, CancelIndicator cancelIndicator) {
        List<WorkspaceSymbol> symbols = new ArrayList<>(super.getSymbols(query, resourceAccess, indexData,
                cancelIndicator));
        IResourceServiceProvider fabric = languages.getResourceServiceProvider(ANY_MODEL);
        if (fabric != null) {
            Set<String> workspace = symbols.stream().map(WorkspaceSymbol::getName).collect(Collectors.toSet());
            symbols.addAll(fabric.get(CatalogSymbols.class).matching(query, workspace));
        }
        return symbols;
    }
}
