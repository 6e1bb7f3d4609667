package org.fabricsim.dsl.ide.server;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.generator.GeneratorContext;
import org.eclipse.xtext.generator.GeneratorDelegate;
import org.eclipse.xtext.generator.IShouldGenerate;
import org.eclipse.xtext.generator.InMemoryFileSystemAccess;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.StringInputStream;
import org.fabricsim.dsl.ide.FabricIdeSetup;
import org.junit.jupiter.api.Test;

import com.google.inject.Injector;

/**
 * The language server's build never generates, so it never validates a resource a second time to decide
 * whether to (issue 19: that second validation was 40 % of validation's time on every keystroke). This holds
 * only while the server's generator writes nothing: if a generator that writes files is ever bound for the
 * server, the first assertion fails and the binding must be revisited.
 */
class NoGenerationTest {

    @Test
    void shouldNeitherGenerateNorAskByValidatingWhenTheServersGeneratorWritesNothing() throws Exception {
        Injector injector = new FabricIdeSetup().createInjectorAndDoEMFRegistration();
        XtextResourceSet set = injector.getInstance(XtextResourceSet.class);
        XtextResource resource = (XtextResource) set.createResource(URI.createURI("memory:/quickstart.fabric"));
        resource.load(new StringInputStream("""
                package quickstart
                cluster TwoNodes { nodes 2 x 8 accelerators link 400 Gb/s latency 1 us }
                benchmark Ring { all-reduce ring on TwoNodes sizes 1 MiB }
                """), null);
        assertTrue(resource.getErrors().isEmpty(), resource.getErrors().toString());
        // what the build calls to generate (IncrementalBuilder asks the language for its GeneratorDelegate)
        InMemoryFileSystemAccess files = new InMemoryFileSystemAccess();
        injector.getInstance(GeneratorDelegate.class).generate(resource, files, new GeneratorContext());
        assertTrue(files.getAllFiles().isEmpty(), "the server's generator wrote " + files.getAllFiles().keySet());
        // a cancel indicator that fails if anything (a validation) polls it
        assertFalse(injector.getInstance(IShouldGenerate.class).shouldGenerate(resource, () -> {
            throw new AssertionError("shouldGenerate validated the resource");
        }));
    }
}
