package org.fabricsim.dsl.catalog;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.resource.IEObjectDescription;
import org.eclipse.xtext.scoping.IScope;
import org.eclipse.xtext.scoping.impl.DefaultGlobalScopeProvider;
import org.eclipse.xtext.scoping.impl.SimpleScope;

import com.google.common.base.Predicate;
import com.google.common.collect.Iterables;
import com.google.inject.Inject;

/**
 * The global scope: the user's files (the workspace, or the files given on the command line) and,
 * behind them, the {@link StandardCatalog}. A workspace definition with the same qualified name as
 * a catalog one shadows it, so the catalog's own sources can be edited and checked in place.
 */
public class FabricGlobalScopeProvider extends DefaultGlobalScopeProvider {

    @Inject
    private StandardCatalog catalog;

    @Override
    protected IScope getScope(Resource resource, boolean ignoreCase, EClass type,
            Predicate<IEObjectDescription> filter) {
        Iterable<IEObjectDescription> catalogObjects = Iterables.filter(catalog.exportedObjects(),
                d -> EcoreUtil2.isAssignableFrom(type, d.getEClass()) && (filter == null || filter.apply(d)));
        IScope catalogScope = new SimpleScope(IScope.NULLSCOPE, catalogObjects, ignoreCase);
        IScope workspace = super.getScope(resource, ignoreCase, type, filter);
        return new SimpleScope(catalogScope, workspace.getAllElements(), ignoreCase);
    }
}
