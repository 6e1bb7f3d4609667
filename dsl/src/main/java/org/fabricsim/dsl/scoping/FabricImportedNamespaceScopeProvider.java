package org.fabricsim.dsl.scoping;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.scoping.impl.ImportNormalizer;
import org.eclipse.xtext.scoping.impl.ImportedNamespaceAwareLocalScopeProvider;
import org.fabricsim.dsl.fabric.Model;

/**
 * Imports as Xtext resolves them, plus one implicit import: a file sees every definition of its
 * own package, in whichever file of that package it is written, as Java does.
 */
public class FabricImportedNamespaceScopeProvider extends ImportedNamespaceAwareLocalScopeProvider {

    @Override
    protected List<ImportNormalizer> internalGetImportedNamespaceResolvers(EObject context, boolean ignoreCase) {
        List<ImportNormalizer> resolvers = new ArrayList<>(super.internalGetImportedNamespaceResolvers(context, ignoreCase));
        if (context instanceof Model model && model.getName() != null) {
            ImportNormalizer ownPackage = createImportedNamespaceResolver(model.getName() + ".*", ignoreCase);
            if (ownPackage != null) {
                resolvers.add(ownPackage);
            }
        }
        return resolvers;
    }
}
