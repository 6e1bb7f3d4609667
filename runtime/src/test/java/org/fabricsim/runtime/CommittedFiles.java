package org.fabricsim.runtime;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The repository's files outside build output and tool folders, sorted: what the docs tests read (DocsLinksTest's
 * Markdown pages, DocsCodeNamesTest's sources). O(files under the root).
 */
final class CommittedFiles {
    /** Folders, by name, that hold no committed file of the project's (as RepositoryPathsTest's). */
    private static final Set<String> SKIPPED = Set.of(".git", "target", "node_modules", "src-gen", "xtend-gen",
            "xtext-gen");

    private CommittedFiles() {
    }

    static List<Path> under(Path root) throws IOException {
        List<Path> files = new ArrayList<>();
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                return SKIPPED.contains(dir.getFileName().toString()) ? FileVisitResult.SKIP_SUBTREE
                        : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                if (attributes.isRegularFile()) {
                    files.add(file);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        files.sort(null);
        return files;
    }
}
