package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.testing.InjectWith;
import org.eclipse.xtext.testing.extensions.InjectionExtension;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.fabricsim.dsl.formatting2.CanonicalText;
import org.fabricsim.dsl.tests.FabricInjectorProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.google.inject.Inject;
import com.google.inject.Provider;

/** The repository's examples: all load together, validate without errors, and are canonically formatted. */
@ExtendWith(InjectionExtension.class)
@InjectWith(FabricInjectorProvider.class)
class ExamplesTest {
    private static final Path EXAMPLES = Path.of("../examples");

    @Inject
    private Provider<XtextResourceSet> resourceSets;

    @Inject
    private IResourceValidator validator;

    @Inject
    private CanonicalText canonical;

    private List<XtextResource> loadExamples() throws IOException {
        XtextResourceSet resourceSet = resourceSets.get();
        List<XtextResource> resources = new ArrayList<>();
        try (Stream<Path> files = Files.walk(EXAMPLES)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".fabric") && !p.toString().contains("/target/"))
                    .sorted().toList()) {
                resources.add((XtextResource) resourceSet.getResource(
                        URI.createFileURI(file.toAbsolutePath().normalize().toString()), true));
            }
        }
        assertFalse(resources.isEmpty(), "no examples found under " + EXAMPLES.toAbsolutePath());
        return resources;
    }

    @Test
    void shouldValidateEveryExampleWithoutErrors() throws IOException {
        List<String> errors = new ArrayList<>();
        for (XtextResource resource : loadExamples()) {
            validator.validate(resource, CheckMode.ALL, CancelIndicator.NullImpl).stream()
                    .filter(issue -> issue.getSeverity() == Severity.ERROR)
                    .forEach(issue -> errors.add(resource.getURI().lastSegment() + ":" + issue.getLineNumber() + ": "
                            + issue.getMessage()));
        }
        assertEquals(List.of(), errors);
    }

    @Test
    void shouldKeepEveryExampleCanonicallyFormatted() throws IOException {
        for (XtextResource resource : loadExamples()) {
            assertEquals(resource.getParseResult().getRootNode().getText(), canonical.of(resource),
                    resource.getURI().lastSegment() + " is not formatted; run 'fabric format'");
        }
    }
}
