package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.testing.InjectWith;
import org.eclipse.xtext.testing.extensions.InjectionExtension;
import org.fabricsim.dsl.catalog.StandardCatalog;
import org.fabricsim.dsl.fabric.Accelerator;
import org.fabricsim.dsl.fabric.Fabric;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Nic;
import org.fabricsim.dsl.fabric.Quantity;
import org.fabricsim.dsl.fabric.Switch;
import org.fabricsim.dsl.tests.FabricInjectorProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.google.inject.Inject;

/** The standard catalog: complete, valid, canonical, and sourced figure by figure. */
@ExtendWith(InjectionExtension.class)
@InjectWith(FabricInjectorProvider.class)
class CatalogTest {
    private static final Path SOURCES = Path.of("src/main/resources", StandardCatalog.FOLDER);

    @Inject
    private StandardCatalog catalog;

    @Inject
    private ModelChecks checks;

    private List<XtextResource> loadCatalog() {
        return checks.load(catalog.fileUris());
    }

    @Test
    void shouldListEveryCatalogFileInTheIndex() throws IOException {
        List<String> onDisk;
        try (Stream<Path> files = Files.list(SOURCES)) {
            onDisk = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".fabric")).sorted().toList();
        }
        List<String> indexed = catalog.fileUris().stream().map(URI::lastSegment).sorted().toList();
        assertEquals(onDisk, indexed);
    }

    @Test
    void shouldValidateTheWholeCatalogWithoutErrors() {
        assertEquals(List.of(), checks.errors(loadCatalog()));
    }

    @Test
    void shouldHoldAtLeastTheHardwareTheIssueAsksFor() {
        Map<String, Integer> counts = new TreeMap<>();
        for (XtextResource resource : loadCatalog()) {
            Model model = (Model) resource.getContents().get(0);
            count(counts, "accelerators", EcoreUtil2.typeSelect(model.getElements(), Accelerator.class).size());
            count(counts, "fabrics", EcoreUtil2.typeSelect(model.getElements(), Fabric.class).size());
            count(counts, "nics", EcoreUtil2.typeSelect(model.getElements(), Nic.class).size());
            count(counts, "switches", EcoreUtil2.typeSelect(model.getElements(), Switch.class).size());
        }
        assertTrue(counts.get("accelerators") >= 12, counts::toString);
        assertTrue(counts.get("fabrics") >= 8, counts::toString);
        assertTrue(counts.get("nics") >= 6, counts::toString);
        assertTrue(counts.get("switches") >= 8, counts::toString);
    }

    @Test
    void shouldCiteASourceForEveryFigure() {
        List<String> unsourced = new ArrayList<>();
        for (XtextResource resource : loadCatalog()) {
            String[] lines = resource.getParseResult().getRootNode().getText().split("\n", -1);
            for (Quantity quantity : EcoreUtil2.getAllContentsOfType(resource.getContents().get(0), Quantity.class)) {
                int line = NodeModelUtils.getNode(quantity).getStartLine() - 1;
                if (!cited(lines, line)) {
                    unsourced.add(resource.getURI().lastSegment() + ":" + (line + 1) + ": " + lines[line].strip());
                }
            }
        }
        assertEquals(List.of(), unsourced, "every figure needs a '// source:' on its line or in the comment above it");
    }

    @Test
    void shouldBeCanonicallyFormatted() {
        assertEquals(List.of(), checks.notCanonical(loadCatalog()), "run 'fabric format' on these files");
    }

    /** A source on the line itself, or in the run of comment lines directly above it. */
    private static boolean cited(String[] lines, int line) {
        if (lines[line].contains("// source:")) {
            return true;
        }
        for (int above = line - 1; above >= 0 && lines[above].strip().startsWith("//"); above--) {
            if (lines[above].contains("source:")) {
                return true;
            }
        }
        return false;
    }

    private static void count(Map<String, Integer> counts, String key, int n) {
        counts.merge(key, n, Integer::sum);
    }
}
