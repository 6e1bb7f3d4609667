package org.fabricsim.generator.cli;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.FabricStandaloneSetup;
import org.fabricsim.dsl.catalog.StandardCatalog;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.formatting2.CanonicalText;
import org.fabricsim.dsl.linking.FabricLinkingDiagnostics;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.validation.IssueCodes;

import com.google.inject.Injector;

/**
 * Loads {@code .fabric} files (directories are searched recursively) into one resource set, so
 * that names resolve across them, and validates them all. What they need from their workspace
 * (the files of their folders and of the packages they import, see {@link WorkspaceIndex}) loads
 * with them; the errors of the files they use count, their warnings are not shown, and the files
 * they do not use are not checked.
 */
public final class ModelWorkspace {
    private static final String EXTENSION = ".fabric";
    /** Loaded files listed in a hint before the rest are counted. */
    private static final int MAX_LISTED = 8;

    private final Injector injector = Language.INJECTOR;
    private final XtextResourceSet resourceSet = injector.getInstance(XtextResourceSet.class);
    private final Map<Path, Resource> resources = new LinkedHashMap<>();
    private final Map<Path, Resource> dependencies = new LinkedHashMap<>();
    private final List<FileDiagnostic> diagnostics = new ArrayList<>();

    /** Loads and validates every model under {@code paths}, in the workspace each is found in. */
    public ModelWorkspace(List<Path> paths) {
        this(paths, null);
    }

    /**
     * Loads and validates every model under {@code paths} with what it needs from its workspace:
     * {@code workspace} when not null, else the root {@link WorkspaceIndex#root} finds per model.
     */
    public ModelWorkspace(List<Path> paths, Path workspace) {
        for (Path path : paths) {
            for (Path file : modelFiles(path)) {
                resources.put(file, load(file));
            }
        }
        Map<Path, WorkspaceIndex> indexes = new LinkedHashMap<>();
        Map<WorkspaceIndex, List<Path>> byWorkspace = new LinkedHashMap<>();
        for (Path file : resources.keySet()) {
            WorkspaceIndex index = indexes.computeIfAbsent(WorkspaceIndex.root(file, workspace), WorkspaceIndex::of);
            byWorkspace.computeIfAbsent(index, i -> new ArrayList<>()).add(file);
        }
        Set<Path> targets = new HashSet<>();
        resources.keySet().forEach(f -> targets.add(f.toAbsolutePath().normalize()));
        Set<String> provided = injector.getInstance(StandardCatalog.class).packages();
        byWorkspace.forEach((index, files) -> index.dependencies(files, provided).stream()
                .filter(f -> !targets.contains(f)).forEach(f -> dependencies.putIfAbsent(f, load(f))));
        IResourceValidator validator = injector.getInstance(IResourceValidator.class);
        validate(validator, resources, severity -> true, byWorkspace);
        validate(validator, used(resources.values()), severity -> severity == Severity.ERROR, byWorkspace);
    }

    private Resource load(Path file) {
        byte[] bytes = ReadableFiles.bytes(file);
        Resource resource = resourceSet.createResource(URI.createFileURI(file.toAbsolutePath().normalize().toString()));
        try {
            resource.load(new ByteArrayInputStream(bytes), resourceSet.getLoadOptions());
        } catch (IOException e) {
            throw new UserError(file + ": cannot be read (" + ReadableFiles.reason(e) + ")", ExitCodes.USAGE);
        }
        return resource;
    }

    /**
     * The dependencies that {@code targets} use: those holding a definition a target refers to, directly
     * or through another used file. The others were loaded only so that names resolve, and are not checked.
     */
    private Map<Path, Resource> used(Collection<Resource> targets) {
        Map<Resource, Path> byResource = new HashMap<>();
        dependencies.forEach((file, resource) -> byResource.put(resource, file));
        Map<Path, Resource> used = new LinkedHashMap<>();
        Deque<Resource> pending = new ArrayDeque<>(targets);
        while (!pending.isEmpty()) {
            Resource resource = pending.poll();
            EcoreUtil2.resolveLazyCrossReferences(resource, CancelIndicator.NullImpl);
            for (Iterator<EObject> all = resource.getAllContents(); all.hasNext();) {
                for (EObject referenced : all.next().eCrossReferences()) {
                    Path file = byResource.get(referenced.eResource());
                    if (file != null && used.putIfAbsent(file, referenced.eResource()) == null) {
                        pending.add(referenced.eResource());
                    }
                }
            }
        }
        return used;
    }

    /**
     * Adds the diagnostics of {@code files} that {@code shown} accepts, file by file in their order, each file's by
     * line then column (the order Xtext reports them in, syntax, then links, then checks, is not the text's): every
     * command that prints them (validate, draw, simulate, the warm server) prints one order. Ties keep Xtext's order.
     */
    private void validate(IResourceValidator validator, Map<Path, Resource> files, Predicate<Severity> shown,
            Map<WorkspaceIndex, List<Path>> byWorkspace) {
        files.forEach((file, resource) -> {
            List<FileDiagnostic> found = new ArrayList<>();
            for (Issue issue : validator.validate(resource, CheckMode.ALL, CancelIndicator.NullImpl)) {
                if (shown.test(issue.getSeverity())) {
                    String message = IssueCodes.UNRESOLVED_NAME.equals(issue.getCode())
                            ? issue.getMessage() + whatWasLoaded(file, byWorkspace) : issue.getMessage();
                    found.add(new FileDiagnostic(file.toString(), orOne(issue.getLineNumber()),
                            orOne(issue.getColumn()), issue.getSeverity(), issue.getCode(), message));
                }
            }
            found.sort(Comparator.comparingInt(FileDiagnostic::line).thenComparingInt(FileDiagnostic::column));
            diagnostics.addAll(found);
        });
    }

    /**
     * For a name that does not resolve in {@code file}: the files loaded with it, and the packages
     * it imports that no file of its workspace declares, with how to make them visible.
     */
    private String whatWasLoaded(Path file, Map<WorkspaceIndex, List<Path>> byWorkspace) {
        Path absolute = file.toAbsolutePath().normalize();
        WorkspaceIndex index = byWorkspace.keySet().stream().filter(i -> absolute.startsWith(i.root())).findFirst()
                .orElse(null);
        if (index == null) {
            return "";
        }
        List<String> loaded = new ArrayList<>();
        resources.keySet().forEach(f -> loaded.add(index.root().relativize(f.toAbsolutePath().normalize()).toString()));
        dependencies.keySet().forEach(f -> loaded.add(index.root().relativize(f).toString()));
        Set<String> provided = injector.getInstance(StandardCatalog.class).packages();
        List<String> missing = WorkspaceIndex.imports(absolute).stream()
                .map(i -> i.endsWith(".*") ? i.substring(0, i.length() - 2) : i.substring(0, Math.max(0, i.lastIndexOf('.'))))
                .filter(p -> !p.isEmpty() && !provided.contains(p) && !index.declares(p) && !misspelt(p, provided))
                .distinct().toList();
        String shown = loaded.size() <= MAX_LISTED ? String.join(", ", loaded)
                : String.join(", ", loaded.subList(0, MAX_LISTED)) + " and " + (loaded.size() - MAX_LISTED) + " more";
        String hint = " Loaded from workspace " + index.root() + " (" + index.size() + " model file(s)): " + shown + ".";
        if (missing.isEmpty()) {
            return hint;
        }
        return hint + " No file there declares package " + String.join(", ", missing) + ", which this file imports:"
                + " put the file that declares it under " + index.root() + ", or run with --workspace DIR naming a"
                + " folder that holds both (a folder with a " + WorkspaceIndex.MARKER + " file, or a git root, is"
                + " found by itself).";
    }

    /**
     * Whether imported package {@code p} is a catalog package misspelt ({@code fabric.catalog.nvidai}): its import's
     * own warning names the package to write, and no file of the workspace is missing.
     */
    private static boolean misspelt(String p, Set<String> catalog) {
        return FabricLinkingDiagnostics.nearest(catalog.stream(), p, FabricLinkingDiagnostics.MAX_SUGGESTION_DISTANCE)
                .isPresent();
    }

    /** Every diagnostic, in file order. */
    public List<FileDiagnostic> diagnostics() {
        return diagnostics;
    }

    /** Whether any diagnostic is an error. */
    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(d -> d.severity() == Severity.ERROR);
    }

    /** The loaded files and their root models; an empty, blank or comment-only file has none and defines nothing. */
    public Map<Path, Model> models() {
        Map<Path, Model> models = new LinkedHashMap<>();
        resources.forEach((file, resource) -> {
            if (!resource.getContents().isEmpty()) {
                models.put(file, (Model) resource.getContents().get(0));
            }
        });
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
        return Files.isDirectory(path) ? ReadableFiles.under(path, EXTENSION) : List.of(requireModelFile(path));
    }

    /** {@code path} if it is a model file; otherwise a user error saying what is wrong. */
    public static Path requireModelFile(Path path) {
        if (Files.isDirectory(path)) {
            throw new UserError(path + ": a folder, not a model; name one " + EXTENSION + " file in it (validate and"
                    + " format also take folders)", ExitCodes.USAGE);
        }
        if (!Files.isRegularFile(path)) {
            throw new UserError(path + ": no such file or directory", ExitCodes.USAGE);
        }
        if (!path.toString().endsWith(EXTENSION)) {
            throw new UserError(path + ": not a model; FabricSim reads " + EXTENSION + " files", ExitCodes.USAGE);
        }
        return path;
    }

    /**
     * The language's services, set up once per JVM (the warm server runs many workspaces): every
     * workspace has its own resource set, and the standard catalog's index is read once.
     */
    private static final class Language {
        static final Injector INJECTOR = new FabricStandaloneSetup().createInjectorAndDoEMFRegistration();
    }

    private static int orOne(Integer value) {
        return value == null || value < 1 ? 1 : value;
    }
}
