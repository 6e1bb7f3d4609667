package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.testing.InjectWith;
import org.eclipse.xtext.testing.extensions.InjectionExtension;
import org.fabricsim.dsl.tests.FabricInjectorProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.google.inject.Inject;

/** The repository's examples: all load together, validate without errors, and are canonically formatted. */
@ExtendWith(InjectionExtension.class)
@InjectWith(FabricInjectorProvider.class)
class ExamplesTest {
    private static final Path EXAMPLES = Path.of("../examples");

    @Inject
    private ModelChecks checks;

    private List<XtextResource> loadExamples() throws IOException {
        List<URI> uris;
        try (Stream<Path> files = Files.walk(EXAMPLES)) {
            uris = files.filter(p -> p.toString().endsWith(".fabric") && !p.toString().contains("/target/")).sorted()
                    .map(p -> URI.createFileURI(p.toAbsolutePath().normalize().toString())).toList();
        }
        assertFalse(uris.isEmpty(), "no examples found under " + EXAMPLES.toAbsolutePath());
        return checks.load(uris);
    }

    @Test
    void shouldValidateEveryExampleWithoutErrors() throws IOException {
        assertEquals(List.of(), checks.errors(loadExamples()));
    }

    @Test
    void shouldKeepEveryExampleCanonicallyFormatted() throws IOException {
        assertEquals(List.of(), checks.notCanonical(loadExamples()), "run 'fabric format' on these files");
    }
}
