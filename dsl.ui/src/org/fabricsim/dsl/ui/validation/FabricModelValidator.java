package org.fabricsim.dsl.ui.validation;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.FabricStandaloneSetup;

import com.google.inject.Injector;

/**
 * Parses and validates the text of one {@code .fabric} document with the Xtext runtime, in-process
 * and without touching the file system for the document itself: the text comes from the editor, so
 * unsaved changes are validated. Other models of the same project can be put in scope so that
 * references across files resolve. The editor's content assist and hover read the same parse.
 */
public final class FabricModelValidator {

    private final Injector injector;

    /**
     * Creates a validator.
     *
     * @param injector the injector of the FabricSim language
     */
    public FabricModelValidator(Injector injector) {
        this.injector = injector;
    }

    /**
     * Parses {@code text} as the resource {@code uri}, links it and runs every check on it.
     *
     * @param uri the URI of the document, e.g. a {@code platform:/resource} URI
     * @param text the current text of the document
     * @param siblings URIs of other models that may be referenced; the document's own URI is skipped
     * @param cancelIndicator tells when the result is no longer wanted
     * @return the issues of the document: syntax, linking and validation problems
     * @throws IOException if the text cannot be read as a resource
     */
    public List<Issue> validate(URI uri, String text, Collection<URI> siblings, CancelIndicator cancelIndicator)
            throws IOException {
        XtextResource resource = load(uri, text, siblings);
        IResourceValidator validator = resource.getResourceServiceProvider().getResourceValidator();
        return validator.validate(resource, CheckMode.ALL, cancelIndicator);
    }

    /**
     * Parses {@code text} as the resource {@code uri}, with the siblings in its resource set so that its
     * references resolve; for validation and for the editor's content assist and hover.
     *
     * @param uri the URI of the document, e.g. a {@code platform:/resource} URI
     * @param text the current text of the document
     * @param siblings URIs of other models that may be referenced; the document's own URI is skipped
     * @return the parsed resource
     * @throws IOException if the text cannot be read as a resource
     */
    public XtextResource load(URI uri, String text, Collection<URI> siblings) throws IOException {
        XtextResourceSet resourceSet = injector.getInstance(XtextResourceSet.class);
        resourceSet.setClasspathURIContext(FabricStandaloneSetup.class.getClassLoader());
        Resource resource = resourceSet.createResource(uri);
        if (!(resource instanceof XtextResource xtextResource)) {
            throw new IOException("No FabricSim resource factory is registered for " + uri);
        }
        xtextResource.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                Map.of(XtextResource.OPTION_ENCODING, StandardCharsets.UTF_8.name()));
        for (URI sibling : siblings) {
            if (!sibling.equals(uri)) {
                loadSibling(resourceSet, sibling);
            }
        }
        return xtextResource;
    }

    /**
     * Loads another model into the resource set. A sibling that cannot be read stays out of scope:
     * references to it show up as unresolved in the validated document, which is what a user must fix.
     */
    private static void loadSibling(XtextResourceSet resourceSet, URI sibling) {
        Resource resource = resourceSet.createResource(sibling);
        if (resource == null) {
            return;
        }
        try {
            resource.load(resourceSet.getLoadOptions());
        } catch (IOException | RuntimeException e) {
            resourceSet.getResources().remove(resource);
        }
    }
}
