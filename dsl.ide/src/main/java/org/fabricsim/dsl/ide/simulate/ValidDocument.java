package org.fabricsim.dsl.ide.simulate;

import java.util.List;
import java.util.stream.Collectors;

import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.fabricsim.dsl.fabric.Model;

import com.google.gson.JsonPrimitive;

/** What the server's commands share: a document's model only when it validates, and their arguments. */
final class ValidDocument {
    /** How many of a model's errors an answer lists (the editor shows them all). */
    private static final int MAX_ERRORS_SHOWN = 5;

    private ValidDocument() {
    }

    /** The document's model, or null when it has errors, which go to {@code errors} as {@code line N: message}. */
    static Model model(Resource document, List<String> errors) {
        if (!(document instanceof XtextResource resource)) {
            return null;
        }
        IResourceValidator validator = resource.getResourceServiceProvider().getResourceValidator();
        validator.validate(resource, CheckMode.ALL, CancelIndicator.NullImpl).stream()
                .filter(issue -> issue.getSeverity() == Severity.ERROR)
                .forEach(issue -> errors.add("line " + issue.getLineNumber() + ": " + issue.getMessage()));
        if (!errors.isEmpty() || resource.getContents().isEmpty()
                || !(resource.getContents().get(0) instanceof Model model)) {
            return null;
        }
        return model;
    }

    /** The answer to a command on a model with {@code errors}: what to do, then the first few errors. */
    static String refusal(String uri, List<String> errors, String verb) {
        return uri + ": the model has errors; fix them and " + verb + " again"
                + errors.stream().limit(MAX_ERRORS_SHOWN).map(e -> "\n" + e).collect(Collectors.joining());
    }

    /** A JSON argument as lsp4j hands it over (a Gson primitive) or a plain string. */
    static String text(Object argument) {
        return argument instanceof JsonPrimitive primitive ? primitive.getAsString() : String.valueOf(argument);
    }
}
