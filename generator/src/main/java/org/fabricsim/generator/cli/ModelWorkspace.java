package org.fabricsim.generator.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.FabricStandaloneSetup;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.formatting2.CanonicalText;
import org.fabricsim.dsl.mapping.SpecMapper;

import com.google.inject.Injector;

/**
 * Loads {@code .fabric} files (directories are searched recursively) into one resource set, so
 * that names resolve across them, and validates them all.
 */
public final class ModelWorkspace {
    private static final String EXTENSION = ".fabric";

    private final Injector injector = new FabricStandaloneSetup().createInjectorAndDoEMFRegistration();
    private final XtextResourceSet resourceSet = injector.getInstance(XtextResourceSet.class);
    private final Map<Path, Resource> resources = new LinkedHashMap<>();
    private final List<FileDiagnostic> diagnostics = new ArrayList<>();

    /** Loads and validates every model under {@code paths}. */
    public ModelWorkspace(List<Path> paths) {
        for (Path path : paths) {
            for (Path file : modelFiles(path)) {
                resources.put(file, resourceSet.getResource(URI.createFileURI(file.toAbsolutePath().toString()), true));
            }
        }
        IResourceValidator validator = injector.getInstance(IResourceValidator.class);
        resources.forEach((file, resource) -> {
            for (Issue issue : validator.validate(resource, CheckMode.ALL, CancelIndicator.NullImpl)) {
                diagnostics.add(new FileDiagnostic(file.toString(), orOne(issue.getLineNumber()),
                        orOne(issue.getColumn()), issue.getSeverity(), issue.getCode(), issue.getMessage()));
            }
        });
    }

    /** Every diagnostic, in file order. */
    public List<FileDiagnostic> diagnostics() {
        return diagnostics;
    }

    /** Whether any diagnostic is an error. */
    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(d -> d.severity() == Severity.ERROR);
    }

    /** The loaded files and their root models. */
    public Map<Path, Model> models() {
        Map<Path, Model> models = new LinkedHashMap<>();
        resources.forEach((file, resource) -> models.put(file, (Model) resource.getContents().get(0)));
        return models;
    }

    /** The loaded files and their parsed resources. */
    public Map<Path, XtextResource> resources() {
        Map<Path, XtextResource> parsed = new LinkedHashMap<>();
        resources.forEach((file, resource) -> parsed.put(file, (XtextResource) resource));
        return parsed;
    }

    /** The canonical formatter. */
    public CanonicalText formatter() {
        return injector.getInstance(CanonicalText.class);
    }

    /** The language's single model-to-spec mapping. */
    public SpecMapper mapper() {
        return injector.getInstance(SpecMapper.class);
    }

    private static List<Path> modelFiles(Path path) {
        if (Files.isDirectory(path)) {
            try (Stream<Path> walk = Files.walk(path)) {
                return walk.filter(p -> p.toString().endsWith(EXTENSION) && Files.isRegularFile(p))
                        .sorted(Comparator.naturalOrder()).toList();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return List.of(requireModelFile(path));
    }

    /**
     * The model {@code file} belongs to: the file with the other model files of its own folder
     * (not its subfolders), absolute and sorted, so that a model split over files resolves.
     */
    public static List<Path> withSiblings(Path file) {
        Path absolute = requireModelFile(file).toAbsolutePath().normalize();
        try (Stream<Path> siblings = Files.list(absolute.getParent())) {
            return siblings.filter(p -> p.toString().endsWith(EXTENSION) && Files.isRegularFile(p)).sorted().toList();
        } catch (IOException e) {
            throw new UserError(absolute.getParent() + ": cannot list the folder (" + e.getMessage() + ")",
                    ExitCodes.USAGE);
        }
    }

    /** {@code path} if it is a readable model file; otherwise a user error saying what is wrong. */
    public static Path requireModelFile(Path path) {
        if (!Files.isRegularFile(path)) {
            throw new UserError(path + ": no such file or directory", ExitCodes.USAGE);
        }
        if (!path.toString().endsWith(EXTENSION)) {
            throw new UserError(path + ": not a model; FabricSim reads " + EXTENSION + " files", ExitCodes.USAGE);
        }
        return path;
    }

    private static int orOne(Integer value) {
        return value == null || value < 1 ? 1 : value;
    }
}
