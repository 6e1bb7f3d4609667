package org.fabricsim.dsl.resource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.InternalEObject;
import org.eclipse.xtext.resource.DefaultFragmentProvider;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.testing.InjectWith;
import org.eclipse.xtext.testing.extensions.InjectionExtension;
import org.fabricsim.dsl.ModelChecks;
import org.fabricsim.dsl.catalog.StandardCatalog;
import org.fabricsim.dsl.tests.FabricInjectorProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.google.inject.Inject;

/**
 * {@link FabricFragments} names every object as EMF does: the expected fragments are EMF's own, from the same
 * resource with Xtext's default provider (which asks EMF's {@code ResourceImpl}), for every object of the catalog,
 * the examples and the diagnostics models, in tree order, in reverse order (the hint misses) and as proxies
 * after an unload.
 */
@ExtendWith(InjectionExtension.class)
@InjectWith(FabricInjectorProvider.class)
class FabricFragmentsTest {
    @Inject
    private ModelChecks checks;

    @Inject
    private StandardCatalog catalog;

    @Test
    void shouldNameEveryObjectAsEmfDoesInTreeOrderAndInReverse() throws IOException {
        int deepIndexed = 0;
        for (XtextResource resource : resources()) {
            assertInstanceOf(FabricFragments.class, resource.getFragmentProvider());
            List<EObject> objects = new ArrayList<>();
            resource.getAllContents().forEachRemaining(objects::add);
            List<String> ours = fragments(resource, objects);
            List<EObject> reversed = new ArrayList<>(objects);
            Collections.reverse(reversed);
            List<String> oursReversed = new ArrayList<>(fragments(resource, reversed));
            Collections.reverse(oursReversed);
            resource.setFragmentProvider(new DefaultFragmentProvider());
            List<String> emf = fragments(resource, objects);
            assertEquals(emf, ours, resource.getURI().lastSegment());
            assertEquals(emf, oursReversed, resource.getURI().lastSegment());
            deepIndexed += (int) emf.stream().filter(f -> f.matches("//@elements\\.([2-9]|\\d\\d+)/.+")).count();
        }
        // the comparison covers objects below a definition that is not among a model's first two
        assertTrue(deepIndexed > 100, "objects below a later definition: " + deepIndexed);
    }

    @Test
    void shouldLeaveEmfsProxyUrisWhenAModelIsUnloaded() throws IOException {
        for (XtextResource resource : resources()) {
            List<EObject> objects = new ArrayList<>();
            resource.getAllContents().forEachRemaining(objects::add);
            resource.setFragmentProvider(new DefaultFragmentProvider());
            List<String> emf = fragments(resource, objects);
            resource.setFragmentProvider(new FabricFragments());
            resource.unload();
            List<String> proxies = objects.stream().map(o -> ((InternalEObject) o).eProxyURI().fragment()).toList();
            assertEquals(emf, proxies, resource.getURI().lastSegment());
        }
    }

    private static List<String> fragments(XtextResource resource, List<EObject> objects) {
        return objects.stream().map(resource::getURIFragment).toList();
    }

    private List<XtextResource> resources() throws IOException {
        return checks.loadWithExamples(catalog.fileUris());
    }
}
