package org.fabricsim.generator.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes result files; never replaces an existing file unless the user said {@code --force}. */
final class OutputFiles {
    private OutputFiles() {
    }

    /**
     * Replaces {@code file} with {@code text} atomically: the new text goes to a sibling temporary
     * file first, so an interrupted write never leaves a half-written model behind.
     */
    static void replace(Path file, String text) {
        try {
            Path temporary = Files.createTempFile(file.toAbsolutePath().getParent(), ".fabric-", ".tmp");
            Files.writeString(temporary, text, StandardCharsets.UTF_8);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UserError(file + ": cannot write (" + e.getMessage() + ")", ExitCodes.USAGE);
        }
    }

    /** Fails unless {@code file} may be written: it does not exist yet, or {@code force} is set. */
    static void checkWritable(Path file, boolean force) {
        if (Files.exists(file) && !force) {
            throw new UserError(file + ": already exists; choose another name or add --force to replace it",
                    ExitCodes.USAGE);
        }
    }

    static void write(Path file, String text, boolean force) {
        checkWritable(file, force);
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserError(file + ": cannot write (" + e.getMessage() + ")", ExitCodes.USAGE);
        }
    }
}
