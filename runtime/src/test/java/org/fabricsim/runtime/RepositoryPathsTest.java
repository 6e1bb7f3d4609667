package org.fabricsim.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * No file of the repository names a path outside it or of one machine: a fresh clone anywhere must
 * build, test and read the same. Walks every text file from the repository root (the folder with
 * {@code mvnw}), leaving out what git ignores and what the build generates.
 */
class RepositoryPathsTest {
    /** Paths that point outside the checkout or into one machine's layout. */
    private static final List<String> FOREIGN = List.of("../shared", "/work/", "/home/", "/Users/", "C:\\", "/tmp/");
    /** Folders and files, by name, that git ignores (the .gitignore files) or the build writes. */
    private static final Set<String> SKIPPED = Set.of(".git", "target", "node_modules", "src-gen", "xtend-gen",
            "xtext-gen", ".idea", ".settings", ".classpath", ".project");
    /** The VS Code extension's build outputs (vscode/.gitignore). */
    private static final Set<Path> SKIPPED_PATHS = Set.of(Path.of("vscode/out"), Path.of("vscode/server"));
    /** This file lists the patterns it looks for. */
    private static final Path SELF = Path.of("runtime/src/test/java/org/fabricsim/runtime/RepositoryPathsTest.java");

    @Test
    void shouldNameNoPathOutsideTheRepository() throws IOException {
        Path root = repositoryRoot();
        List<String> found = new ArrayList<>();
        int[] files = { 0 };
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                boolean skip = !dir.equals(root) && (skipped(dir) || SKIPPED_PATHS.contains(root.relativize(dir)));
                return skip ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                Path relative = root.relativize(file);
                if (attributes.isRegularFile() && !skipped(file) && !relative.equals(SELF)) {
                    byte[] bytes = Files.readAllBytes(file);
                    if (!binary(bytes)) {
                        files[0]++;
                        foreignPaths(relative, new String(bytes, StandardCharsets.UTF_8), found);
                    }
                }
                return FileVisitResult.CONTINUE;
            }
        });
        assertTrue(files[0] > 100, "walked only " + files[0] + " files under " + root);
        assertEquals(List.of(), found, "name a path inside the repository, relative to it, instead");
    }

    /** The nearest folder up from the module's base dir that holds {@code mvnw}. */
    static Path repositoryRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isRegularFile(dir.resolve("mvnw"))) {
            dir = dir.getParent();
        }
        assertTrue(dir != null, "no folder with mvnw above " + Path.of("").toAbsolutePath());
        return dir;
    }

    private static boolean skipped(Path path) {
        String name = path.getFileName().toString();
        return SKIPPED.contains(name) || name.endsWith(".iml") || name.endsWith(".vsix") || name.endsWith(".class");
    }

    /** A NUL byte in the first 8 KiB marks a binary file, as git decides. */
    private static boolean binary(byte[] bytes) {
        for (int i = 0; i < Math.min(bytes.length, 8192); i++) {
            if (bytes[i] == 0) {
                return true;
            }
        }
        return false;
    }

    /** Adds {@code file:line: path} for each foreign path in {@code text}; a URL's path is no file path. */
    private static void foreignPaths(Path file, String text, List<String> found) {
        String[] lines = text.split("\r\n|\r|\n", -1);
        for (int line = 0; line < lines.length; line++) {
            for (String token : lines[line].split("\\s+")) {
                if (token.contains("://")) {
                    continue;
                }
                for (String foreign : FOREIGN) {
                    if (token.contains(foreign)) {
                        found.add(file + ":" + (line + 1) + ": " + foreign);
                    }
                }
            }
        }
    }
}
