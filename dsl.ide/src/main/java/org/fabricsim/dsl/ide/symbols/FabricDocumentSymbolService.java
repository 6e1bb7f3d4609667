package org.fabricsim.dsl.ide.symbols;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.lsp4j.SymbolKind;
import org.eclipse.xtext.ide.server.symbol.DocumentSymbolService;

/** Flat document symbols and workspace symbols with {@link FabricSymbolKinds}' kinds. */
public class FabricDocumentSymbolService extends DocumentSymbolService {

    @Override
    protected SymbolKind getSymbolKind(EClass type) {
        return FabricSymbolKinds.of(type);
    }
}
