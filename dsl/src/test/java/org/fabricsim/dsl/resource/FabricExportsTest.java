package org.fabricsim.dsl.resource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.resource.IDefaultResourceDescriptionStrategy;
import org.eclipse.xtext.resource.IEObjectDescription;
import org.eclipse.xtext.resource.ISelectable;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.impl.DefaultResourceDescriptionStrategy;
import org.eclipse.xtext.scoping.impl.ImportedNamespaceAwareLocalScopeProvider;
import org.eclipse.xtext.testing.InjectWith;
import org.eclipse.xtext.testing.extensions.InjectionExtension;
import org.fabricsim.dsl.ModelChecks;
import org.fabricsim.dsl.catalog.StandardCatalog;
import org.fabricsim.dsl.scoping.FabricImportedNamespaceScopeProvider;
import org.fabricsim.dsl.tests.FabricInjectorProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.google.inject.Inject;
import com.google.inject.Injector;

/**
 * A file exports, and sees as its own, the names Xtext's walk over every object finds: the expected names are
 * those of Xtext's {@link DefaultResourceDescriptionStrategy} and of its local scope provider's descriptions,
 * for every file of the catalog, the examples and the diagnostics models (name, type and URI, in order).
 */
@ExtendWith(InjectionExtension.class)
@InjectWith(FabricInjectorProvider.class)
class FabricExportsTest {
    @Inject
    private ModelChecks checks;

    @Inject
    private StandardCatalog catalog;

    @Inject
    private Injector injector;

    @Inject
    private IDefaultResourceDescriptionStrategy ours;

    @Test
    void shouldExportTheNamesXtextsWalkOverEveryObjectExports() throws IOException {
        DefaultResourceDescriptionStrategy xtexts = injector.getInstance(DefaultResourceDescriptionStrategy.class);
        int names = 0;
        for (XtextResource resource : resources()) {
            List<String> expected = exported(xtexts, resource);
            assertEquals(expected, exported(ours, resource), resource.getURI().lastSegment());
            names += expected.size();
        }
        // the catalog alone names dozens of parts; an empty export on both sides would prove nothing
        assertTrue(names > 500, "names exported: " + names);
    }

    @Test
    void shouldSeeAsItsOwnTheNamesXtextsLocalScopeSees() throws IOException {
        OwnNames xtexts = injector.getInstance(XtextOwnNames.class);
        OwnNames ours = injector.getInstance(FabricOwnNames.class);
        int names = 0;
        for (XtextResource resource : resources()) {
            List<String> expected = describe(xtexts.of(resource).getExportedObjects());
            assertEquals(expected, describe(ours.of(resource).getExportedObjects()), resource.getURI().lastSegment());
            names += expected.size();
        }
        assertTrue(names > 500, "own names: " + names);
    }

    private static List<String> exported(IDefaultResourceDescriptionStrategy strategy, Resource resource) {
        List<IEObjectDescription> descriptions = new ArrayList<>();
        for (var contents = resource.getAllContents(); contents.hasNext();) {
            EObject object = contents.next();
            if (!strategy.createEObjectDescriptions(object, descriptions::add)) {
                contents.prune();
            }
        }
        return describe(descriptions);
    }

    private static List<String> describe(Iterable<IEObjectDescription> descriptions) {
        return StreamSupport.stream(descriptions.spliterator(), false)
                .map(d -> d.getQualifiedName() + " " + d.getEClass().getName() + " " + d.getEObjectURI()).toList();
    }

    private List<XtextResource> resources() throws IOException {
        return checks.loadWithExamples(catalog.fileUris());
    }

    private interface OwnNames {
        ISelectable of(Resource resource);
    }

    static class XtextOwnNames extends ImportedNamespaceAwareLocalScopeProvider implements OwnNames {
        @Override
        public ISelectable of(Resource resource) {
            return internalGetAllDescriptions(resource);
        }
    }

    static class FabricOwnNames extends FabricImportedNamespaceScopeProvider implements OwnNames {
        @Override
        public ISelectable of(Resource resource) {
            return internalGetAllDescriptions(resource);
        }
    }
}
