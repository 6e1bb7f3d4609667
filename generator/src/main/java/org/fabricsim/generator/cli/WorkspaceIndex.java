package org.fabricsim.generator.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code .fabric} files of a workspace, as the language server sees them: every model file
 * under the workspace root (the folder an editor opens). The command line loads from it only what
 * a model needs: the files of its own folder, and the files that declare its package or a package
 * it imports, transitively. Each file's package and imports are read from its text (a line
 * {@code package a.b}, lines {@code import a.b.*}), so that finding the files costs one read each
 * and no parse.
 *
 * <p>The root is the folder given with {@code --workspace}; else the nearest folder, from the
 * model's own upward, that holds a {@value #MARKER} file or a {@code .git}; else the model's own
 * folder. Hidden folders, {@code target} and {@code node_modules} are not searched.
 */
final class WorkspaceIndex {
    /** The file that marks a folder as a workspace root. */
    static final String MARKER = ".fabric-workspace";
    private static final String EXTENSION = ".fabric";
    private static final Set<String> SKIPPED = Set.of("target", "node_modules");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([A-Za-z_][\\w.]*)");
    private static final Pattern IMPORT = Pattern.compile("(?m)^\\s*import\\s+([A-Za-z_]\\w*(?:\\.[A-Za-z_]\\w*)*(?:\\.\\*)?)");

    private final Path root;
    /** Every model file under the root, absolute and sorted, with the package it declares ("" for none). */
    private final Map<Path, String> packages = new TreeMap<>();

    private WorkspaceIndex(Path root) {
        this.root = root;
    }

    /** The workspace root of {@code file}: {@code explicit} when given, else as the class comment says. */
    static Path root(Path file, Path explicit) {
        if (explicit != null) {
            if (!Files.isDirectory(explicit)) {
                throw new UserError(explicit + ": --workspace needs a folder", ExitCodes.USAGE);
            }
            return explicit.toAbsolutePath().normalize();
        }
        Path folder = file.toAbsolutePath().normalize().getParent();
        for (Path at = folder; at != null; at = at.getParent()) {
            if (Files.exists(at.resolve(MARKER)) || Files.exists(at.resolve(".git"))) {
                return at;
            }
        }
        return folder;
    }

    /** Indexes every model file under {@code root}. O(files under root). */
    static WorkspaceIndex of(Path root) {
        WorkspaceIndex index = new WorkspaceIndex(root);
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                    String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                    boolean skip = !dir.equals(root) && (name.startsWith(".") || SKIPPED.contains(name));
                    return skip ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                /** A folder or file of the workspace that cannot be read holds nothing a model can use. */
                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    if (attributes.isRegularFile() && file.toString().endsWith(EXTENSION) && Files.isReadable(file)) {
                        index.packages.put(file, firstMatch(PACKAGE, file));
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UserError(root + ": cannot list the workspace (" + ReadableFiles.reason(e) + ")", ExitCodes.USAGE);
        }
        return index;
    }

    /** The workspace root. */
    Path root() {
        return root;
    }

    /** How many model files the workspace has. */
    int size() {
        return packages.size();
    }

    /** Whether some file of the workspace declares {@code pkg}. */
    boolean declares(String pkg) {
        return packages.containsValue(pkg);
    }

    /**
     * The files {@code models} need besides themselves: the model files of their folders, and every
     * file declaring their (named) package or one they import, then what those need in turn;
     * packages in {@code provided} (the standard catalog's) are never taken from the workspace.
     * Absolute, in workspace order. O(files × imports).
     */
    List<Path> dependencies(Collection<Path> models, Set<String> provided) {
        Set<Path> needed = new LinkedHashSet<>();
        Deque<Path> pending = new ArrayDeque<>();
        models.forEach(m -> pending.add(m.toAbsolutePath().normalize()));
        Set<Path> seen = new LinkedHashSet<>(pending);
        while (!pending.isEmpty()) {
            Path model = pending.poll();
            Set<String> wanted = new LinkedHashSet<>(imports(model));
            String own = packages.containsKey(model) ? packages.get(model) : firstMatch(PACKAGE, model);
            if (!own.isEmpty()) {
                wanted.add(own);
            }
            packages.forEach((file, pkg) -> {
                boolean sibling = model.getParent().equals(file.getParent());
                boolean imported = !pkg.isEmpty() && !provided.contains(pkg)
                        && wanted.stream().anyMatch(w -> names(w, pkg));
                if ((sibling || imported) && seen.add(file)) {
                    needed.add(file);
                    pending.add(file);
                }
            });
        }
        return new ArrayList<>(needed);
    }

    /**
     * Whether {@code pkg} is the package {@code wanted} names: {@code a.b.*} and {@code a.b} name
     * package {@code a.b}; the single-name import {@code a.b.C} names {@code a.b} too.
     */
    private static boolean names(String wanted, String pkg) {
        if (wanted.endsWith(".*")) {
            return wanted.equals(pkg + ".*");
        }
        return wanted.equals(pkg) || wanted.startsWith(pkg + ".") && wanted.indexOf('.', pkg.length() + 1) < 0;
    }

    /** What {@code model} imports, as written ({@code a.b.*} or {@code a.b.C}). */
    static List<String> imports(Path model) {
        List<String> imports = new ArrayList<>();
        Matcher matcher = IMPORT.matcher(read(model));
        while (matcher.find()) {
            imports.add(matcher.group(1));
        }
        return imports;
    }

    private static String firstMatch(Pattern pattern, Path file) {
        Matcher matcher = pattern.matcher(read(file));
        return matcher.find() ? matcher.group(1) : "";
    }

    /** The text of {@code file}, bytes that are not UTF-8 replaced: only package and import lines matter here. */
    private static String read(Path file) {
        return new String(ReadableFiles.bytes(file), StandardCharsets.UTF_8);
    }
}
