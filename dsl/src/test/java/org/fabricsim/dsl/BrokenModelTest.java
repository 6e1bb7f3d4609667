package org.fabricsim.dsl;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.util.StringInputStream;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;

import com.google.inject.Inject;
import com.google.inject.Provider;

/**
 * What the syntax messages' tests share: a broken model's issues as {@code fabric validate} reports them, every one
 * as "line: message" (the command prints the file, line and column before it), and the broken models of {@code
 * docs/syntax-errors}.
 */
abstract class BrokenModelTest extends FabricModelTest {
    /** The typical broken models the messages are written for. */
    protected static final Path MODELS = Path.of("..", "docs", "syntax-errors");

    @Inject
    private Provider<XtextResourceSet> resourceSets;

    @Inject
    private IResourceValidator validator;

    /** Every issue of {@code text}, as "line: message", in the validator's order. */
    protected List<String> issues(String text) throws Exception {
        Resource resource = resourceSets.get().createResource(URI.createURI("broken.fabric"));
        resource.load(new StringInputStream(text), null);
        return validator.validate(resource, CheckMode.ALL, CancelIndicator.NullImpl).stream()
                .map(issue -> issue.getLineNumber() + ": " + issue.getMessage()).toList();
    }

    /** Every issue of the model {@code docs/syntax-errors/<name>.fabric}, as "line: message". */
    protected List<String> issuesOfFile(String name) throws Exception {
        return issues(Files.readString(MODELS.resolve(name + ".fabric")));
    }

    /** A serving deployment with the SLO line {@code slo}, for the benchmark words' tests. */
    protected static String servingWithSlo(String slo) {
        return """
                model M transformer { layers 2 hidden 64 heads 2 vocab 100 }
                cluster C { nodes 1 x 8 accelerators link 400 Gb/s latency 1 us }
                inference S {
                    model M on C
                    serving pool { replicas 1 parallel tensor 1 }
                    traffic { arrival closed-loop 4 clients prompt fixed 10 output fixed 10 }
                    %s
                }
                """.formatted(slo);
    }
}
