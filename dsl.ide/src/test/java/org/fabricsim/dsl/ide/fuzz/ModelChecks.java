package org.fabricsim.dsl.ide.fuzz;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.util.StringInputStream;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.FabricStandaloneSetup;
import org.fabricsim.dsl.formatting2.CanonicalText;

import com.google.inject.Injector;

/**
 * The validator and the formatter on one mutant, loaded with the files beside its original so that
 * its names resolve: every message is in the user's words, and formatting parses again and is idempotent.
 */
final class ModelChecks {
    /**
     * Words that only Java, ANTLR or EMF use: none may reach a user. An index's exception ("Index 0 out of bounds for
     * length 0") and a decoder's ("Input length = 1") since session 64, whose trace mutants met both.
     */
    static final Pattern NOT_USER_WORDS = Pattern.compile("Exception|RULE_|\\bexpecting\\b|\\(\\.\\.\\.\\)|EClassImpl"
            + "|Error executing|\\bjava\\.|Duplicate Element|'null'|\\tat |predicate|For input string"
            + "|out of bounds for length|Input length = ");

    private final Injector injector = new FabricStandaloneSetup().createInjectorAndDoEMFRegistration();
    private final IResourceValidator validator = injector.getInstance(IResourceValidator.class);
    private final CanonicalText canonical = injector.getInstance(CanonicalText.class);

    /** What the mutant of {@code name} found wrong: an empty list when nothing; {@code valid} says whether it validated. */
    Outcome check(String name, String mutant, Map<String, String> siblings) throws IOException {
        List<String> problems = new ArrayList<>();
        XtextResource resource = load(name, mutant, siblings);
        List<Issue> issues = validator.validate(resource, CheckMode.ALL, CancelIndicator.NullImpl);
        for (Issue issue : issues) {
            if (issue.getMessage() == null || NOT_USER_WORDS.matcher(issue.getMessage()).find()
                    || issue.getCode() != null && issue.getCode().contains("@")) {
                problems.add("validator: not in the user's words: " + issue.getMessage() + " [" + issue.getCode() + "]");
            }
        }
        if (CanonicalText.formattable(resource) && !resource.getContents().isEmpty()) {
            String once = canonical.of(resource);
            XtextResource again = load(name, once, siblings);
            if (!CanonicalText.formattable(again)) {
                problems.add("formatter: its output has a syntax error");
            } else if (!canonical.of(again).equals(once)) {
                problems.add("formatter: not idempotent");
            }
        }
        boolean valid = issues.stream().noneMatch(i -> i.getSeverity() == Severity.ERROR);
        return new Outcome(problems, valid);
    }

    /** What one mutant found wrong, and whether it validated. */
    record Outcome(List<String> problems, boolean valid) {
    }

    private XtextResource load(String name, String text, Map<String, String> siblings) throws IOException {
        XtextResourceSet set = injector.getInstance(XtextResourceSet.class);
        for (Map.Entry<String, String> sibling : siblings.entrySet()) {
            if (!sibling.getKey().endsWith(".fabric")) {
                continue; // a data file, such as a trace: read by the run, not loaded as a model
            }
            Resource other = set.createResource(URI.createURI("fuzz/" + sibling.getKey()));
            other.load(new StringInputStream(sibling.getValue(), StandardCharsets.UTF_8.name()), null);
        }
        Resource resource = set.createResource(URI.createURI("fuzz/" + name));
        resource.load(new StringInputStream(text, StandardCharsets.UTF_8.name()), null);
        return (XtextResource) resource;
    }
}
