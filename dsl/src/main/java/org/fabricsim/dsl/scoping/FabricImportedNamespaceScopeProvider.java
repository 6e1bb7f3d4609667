package org.fabricsim.dsl.scoping;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.resource.ISelectable;
import org.eclipse.xtext.scoping.IScope;
import org.eclipse.xtext.scoping.Scopes;
import org.eclipse.xtext.scoping.impl.ImportNormalizer;
import org.eclipse.xtext.scoping.impl.IScopeWrapper;
import org.eclipse.xtext.scoping.impl.ImportedNamespaceAwareLocalScopeProvider;
import org.eclipse.xtext.scoping.impl.MultimapBasedSelectable;
import org.eclipse.xtext.util.IResourceScopeCache;
import org.eclipse.xtext.util.Tuples;
import org.fabricsim.dsl.fabric.Model;

import com.google.inject.Inject;

/**
 * Imports as Xtext resolves them, plus one implicit import: a file sees every definition of its
 * own package, in whichever file of that package it is written, as Java does.
 *
 * <p>Only a file's {@link Model} holds imports, so the scope of the model (the file's own definitions, its
 * package, its imports, then the global scope) is the same for every reference of one type in the file. It is
 * built once per reference type while the resource is unchanged ({@link IResourceScopeCache}) instead of once
 * per cross-reference: building it anew for each of a 10,000-line model's 833 references was 9 % of a
 * keystroke's build, and of a completion's (issue 19). The scopes are lazy views of the descriptions, so a
 * cached one answers as a new one would.
 *
 * <p>The cache keeps one scope per wrapper: while linking, Xtext wraps the global scope to record the names a
 * file imports ({@code ImportedNamesAdapter}), and that wrapper logs an INFO line whenever it is asked for every
 * element, as the unresolved-name message does when it looks for the closest name after linking. A scope built
 * while linking is therefore used only while linking, and one built outside it (that message, content assist)
 * neither logs nor misses recording an import the linker asks for.
 */
public class FabricImportedNamespaceScopeProvider extends ImportedNamespaceAwareLocalScopeProvider {

    @Inject
    private IResourceScopeCache cache;

    /** The linker's wrapper of the global scope while it links, else null. */
    private IScopeWrapper wrapper;

    @Override
    public void setWrapper(IScopeWrapper wrapper) {
        super.setWrapper(wrapper);
        this.wrapper = wrapper;
    }

    @Override
    public IScope getScope(EObject context, EReference reference) {
        Resource resource = context.eResource();
        if (context instanceof Model && context.eContainer() == null && resource != null) {
            return cache.get(Tuples.create(Tuples.create(FabricImportedNamespaceScopeProvider.class, wrapper), context,
                    reference), resource,
                    () -> super.getScope(context, reference));
        }
        return super.getScope(context, reference);
    }

    /**
     * The names of the file's own objects: its package and its definitions, the only named objects of the grammar
     * ({@code FabricExports}), in the order of Xtext's walk over every object, which also asked each of the others
     * for a name it does not have.
     */
    @Override
    protected ISelectable internalGetAllDescriptions(Resource resource) {
        Iterable<EObject> named = () -> resource.getContents().stream()
                .flatMap(root -> Stream.concat(Stream.of(root), root instanceof Model model
                        ? model.getElements().stream() : Stream.<EObject>empty()))
                .iterator();
        return new MultimapBasedSelectable(Scopes.scopedElementsFor(named, getQualifiedNameProvider()));
    }

    /** Imports of a model; no other element holds any, and asking the cache for their none cost as much as the scope. */
    @Override
    protected List<ImportNormalizer> getImportedNamespaceResolvers(EObject context, boolean ignoreCase) {
        return context instanceof Model ? super.getImportedNamespaceResolvers(context, ignoreCase) : List.of();
    }

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
