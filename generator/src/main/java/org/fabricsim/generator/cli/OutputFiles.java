package org.fabricsim.generator.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes result files; never replaces an existing file unless the user said {@code --force}. */
final class OutputFiles {
    private OutputFiles() {
    }

    static void write(Path file, String text, boolean force) {
        if (Files.exists(file) && !force) {
            throw new UserError(file + ": already exists; choose another name or add --force to replace it",
                    ExitCodes.USAGE);
        }
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
