package org.fabricsim.dsl.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.testing.InjectWith;
import org.eclipse.xtext.testing.extensions.InjectionExtension;
import org.eclipse.xtext.testing.util.ParseHelper;
import org.fabricsim.dsl.ModelChecks;
import org.fabricsim.dsl.catalog.StandardCatalog;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.tests.FabricInjectorProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.google.inject.Inject;

/** {@link Written} answers as Xtext's own node search does, and forgets its answers when the text changes. */
@ExtendWith(InjectionExtension.class)
@InjectWith(FabricInjectorProvider.class)
class WrittenTest {
    @Inject
    private ModelChecks checks;

    @Inject
    private StandardCatalog catalog;

    @Inject
    private ParseHelper<Model> parser;

    @Test
    void shouldAnswerAsTheNodeSearchForEveryFeatureOfEveryObjectOfTheCatalogAndTheExamples() throws IOException {
        List<URI> uris = new ArrayList<>(catalog.fileUris());
        try (Stream<Path> files = Files.walk(Path.of("../examples"))) {
            files.filter(p -> p.toString().endsWith(".fabric") && !p.toString().contains("/target/")).sorted()
                    .forEach(p -> uris.add(URI.createFileURI(p.toAbsolutePath().normalize().toString())));
        }
        int writtenFeatures = 0;
        for (XtextResource resource : checks.load(uris)) {
            for (var contents = resource.getAllContents(); contents.hasNext();) {
                EObject object = contents.next();
                for (EStructuralFeature feature : object.eClass().getEAllStructuralFeatures()) {
                    boolean expected = !NodeModelUtils.findNodesForFeature(object, feature).isEmpty();
                    assertEquals(expected, Written.written(object, feature),
                            () -> feature.getName() + " of " + object + " in " + resource.getURI().lastSegment());
                    writtenFeatures += expected ? 1 : 0;
                }
            }
        }
        assertTrue(writtenFeatures > 1000, "the files write many features, found " + writtenFeatures);
    }

    @Test
    void shouldForgetWhatWasWrittenWhenTheTextChanges() throws Exception {
        String text = "package w\n\ncluster C {\n    nodes 2 x 8 accelerators\n    link 400 Gb/s latency 1 us\n}\n\n"
                + "benchmark Ring {\n    all-reduce ring\n    on C\n    channels 4\n    sizes 1 MiB\n}\n";
        XtextResource resource = (XtextResource) parser.parse(text).eResource();
        Benchmark benchmark = (Benchmark) ((Model) resource.getContents().get(0)).getElements().get(1);
        assertTrue(Written.written(benchmark, Literals.BENCHMARK__CHANNELS));
        int at = text.indexOf("    channels 4\n");
        resource.update(at, "    channels 4\n".length(), "");
        Benchmark edited = (Benchmark) ((Model) resource.getContents().get(0)).getElements().get(1);
        assertFalse(Written.written(edited, Literals.BENCHMARK__CHANNELS), "the channels line is gone");
    }

}
