package org.fabricsim.dsl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.formatting2.CanonicalText;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.runtime.inference.InferenceRunner;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.junit.jupiter.api.Assertions;

import com.google.inject.Inject;
import com.google.inject.Provider;

/**
 * Loads sets of model files into one resource set, lists their errors and their unformatted files, and maps a study
 * of them.
 */
public class ModelChecks {

    @Inject
    private Provider<XtextResourceSet> resourceSets;

    @Inject
    private IResourceValidator validator;

    @Inject
    private CanonicalText canonical;

    @Inject
    private SpecMapper mapper;

    /** The files, loaded together so that names resolve across them. */
    public List<XtextResource> load(List<URI> uris) {
        XtextResourceSet resourceSet = resourceSets.get();
        List<XtextResource> resources = new ArrayList<>();
        for (URI uri : uris) {
            resources.add((XtextResource) resourceSet.getResource(uri, true));
        }
        return resources;
    }

    /** The model files directly in each of {@code folders}, in name order per folder, loaded together. */
    public List<XtextResource> loadFolders(List<Path> folders) throws IOException {
        List<URI> uris = new ArrayList<>();
        for (Path folder : folders) {
            try (Stream<Path> files = Files.list(folder)) {
                files.filter(p -> p.toString().endsWith(".fabric")).sorted()
                        .forEach(p -> uris.add(URI.createFileURI(p.toAbsolutePath().normalize().toString())));
            }
        }
        return load(uris);
    }

    /** Study {@code name} of the loaded files, mapped as the command line maps it. */
    public StudySpec study(List<XtextResource> resources, String name) {
        for (XtextResource resource : resources) {
            Model model = (Model) resource.getContents().get(0);
            for (Study study : EcoreUtil2.typeSelect(model.getElements(), Study.class)) {
                if (study.getName().equals(name)) {
                    return mapper.toStudy(study, resource.getURI().lastSegment(), resource.getURI().toString());
                }
            }
        }
        throw new AssertionError("no study " + name + " in the loaded files");
    }

    /**
     * Loads {@code folders} (asserting they have no errors), maps study {@code name} and runs its first
     * workload, an inference unit, with the study's seed and expect lines.
     */
    public RunResult inferenceRun(List<Path> folders, String name) throws IOException {
        List<XtextResource> resources = loadFolders(folders);
        Assertions.assertEquals(List.of(), errors(resources));
        StudySpec study = study(resources, name);
        InferenceSpec unit = (InferenceSpec) study.workloads().get(0);
        return InferenceRunner.run(unit, study.seed(), null).withExpectations(study.expectations());
    }

    /**
     * The files, then every model of the examples and of the diagnostics pages (the folders beside the
     * language's module), loaded together.
     */
    public List<XtextResource> loadWithExamples(List<URI> first) throws IOException {
        List<URI> uris = new ArrayList<>(first);
        for (String folder : List.of("../examples", "../docs/diagnostics")) {
            try (Stream<Path> files = Files.walk(Path.of(folder))) {
                files.filter(p -> p.toString().endsWith(".fabric") && !p.toString().contains("/target/")).sorted()
                        .forEach(p -> uris.add(URI.createFileURI(p.toAbsolutePath().normalize().toString())));
            }
        }
        return load(uris);
    }

    /** Every error, as {@code file:line: message}. */
    public List<String> errors(List<XtextResource> resources) {
        List<String> errors = new ArrayList<>();
        for (XtextResource resource : resources) {
            validator.validate(resource, CheckMode.ALL, CancelIndicator.NullImpl).stream()
                    .filter(issue -> issue.getSeverity() == Severity.ERROR)
                    .forEach(issue -> errors.add(resource.getURI().lastSegment() + ":" + issue.getLineNumber() + ": "
                            + issue.getMessage()));
        }
        return errors;
    }

    /** The files whose text differs from its canonical format. */
    public List<String> notCanonical(List<XtextResource> resources) {
        return resources.stream()
                .filter(resource -> !resource.getParseResult().getRootNode().getText().equals(canonical.of(resource)))
                .map(resource -> resource.getURI().lastSegment()).toList();
    }
}
