package org.fabricsim.generator.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Reads the files and folders the user names, and says in the user's words why one cannot be read:
 * "permission denied", "no such file or directory", never an exception's name or a stack trace.
 */
final class ReadableFiles {
    private ReadableFiles() {
    }

    /** Why {@code e} happened, in words. */
    static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof NotDirectoryException) {
            return "not a folder";
        }
        return "an input/output error";
    }

    /** The bytes of {@code file}; a user error (usage) naming the file and the reason when it cannot be read. */
    static byte[] bytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UserError(file + ": cannot be read (" + reason(e) + ")", ExitCodes.USAGE);
        }
    }

    /** The regular files under {@code folder} whose names end with {@code extension}, sorted. */
    static List<Path> under(Path folder, String extension) {
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(p -> p.toString().endsWith(extension) && Files.isRegularFile(p))
                    .sorted(Comparator.naturalOrder()).toList();
        } catch (IOException | UncheckedIOException e) {
            IOException cause = e instanceof UncheckedIOException unchecked ? unchecked.getCause() : (IOException) e;
            String where = cause instanceof java.nio.file.FileSystemException system && system.getFile() != null
                    ? system.getFile() : folder.toString();
            throw new UserError(where + ": cannot read the folder (" + reason(cause) + ")", ExitCodes.USAGE);
        }
    }
}
