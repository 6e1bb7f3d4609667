package org.fabricsim.generator.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/** Writes result files; never replaces an existing file unless the user said {@code --force}. */
final class OutputFiles {
    private OutputFiles() {
    }

    /**
     * Replaces the text of {@code file} as an editor saves it: the new text goes to a temporary file
     * beside the real file, which is then renamed over it, so an interrupted write never leaves a
     * half-written model behind. A symbolic link stays a link and its target gets the text; the file
     * keeps its permissions. A read-only file is refused and left as it is.
     */
    static void replace(Path file, String text) {
        Path target = realPath(file);
        if (readOnly(target)) {
            throw new UserError(file + ": read-only, so it was not changed; make it writable (chmod u+w " + file
                    + ") to format it", ExitCodes.USAGE);
        }
        Path temporary = null;
        try {
            temporary = Files.createTempFile(target.getParent(), "." + target.getFileName() + "-", ".tmp");
            Files.writeString(temporary, text, StandardCharsets.UTF_8);
            PosixFileAttributeView posix = Files.getFileAttributeView(target, PosixFileAttributeView.class);
            if (posix != null) {
                Files.setPosixFilePermissions(temporary, posix.readAttributes().permissions());
            }
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            deleteIfPresent(temporary);
            throw new UserError(file + ": cannot write (" + e.getMessage() + ")", ExitCodes.USAGE);
        }
    }

    private static Path realPath(Path file) {
        try {
            return file.toRealPath();
        } catch (IOException e) {
            throw new UserError(file + ": cannot read (" + e.getMessage() + ")", ExitCodes.USAGE);
        }
    }

    /** Not writable by this user, or without any write permission (which even root honours here, as editors do). */
    private static boolean readOnly(Path file) {
        if (!Files.isWritable(file)) {
            return true;
        }
        try {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
            return !permissions.contains(PosixFilePermission.OWNER_WRITE)
                    && !permissions.contains(PosixFilePermission.GROUP_WRITE)
                    && !permissions.contains(PosixFilePermission.OTHERS_WRITE);
        } catch (UnsupportedOperationException | IOException e) {
            return false;
        }
    }

    private static void deleteIfPresent(Path temporary) {
        if (temporary != null) {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException e) {
                // the temporary file is hidden and named after its target; the write error is what the user needs
            }
        }
    }

    /** Fails unless {@code file} may be written: it does not exist yet, or {@code force} is set. */
    private static void checkWritable(Path file, boolean force) {
        if (Files.exists(file) && !force) {
            throw new UserError(file + ": already exists; choose another name or add --force to replace it",
                    ExitCodes.USAGE);
        }
    }

    /**
     * Fails before any simulation unless every output, named by its option, may be written: no two
     * outputs share a path, none is the model, none is a folder or read-only, and none exists unless
     * {@code force} is set.
     */
    static void checkOutputs(Map<String, Path> outputs, Path model, boolean force) {
        Map<Path, String> seen = new HashMap<>();
        Path input = model.toAbsolutePath().normalize();
        outputs.forEach((option, file) -> {
            Path path = file.toAbsolutePath().normalize();
            String other = seen.putIfAbsent(path, option);
            if (other != null) {
                throw new UserError(other + " and " + option + " both write " + file + "; give each output its own file",
                        ExitCodes.USAGE);
            }
            if (path.equals(input) || Files.exists(path) && sameFile(path, input)) {
                throw new UserError(option + " " + file + " is the model itself; write the result to another file",
                        ExitCodes.USAGE);
            }
            if (Files.isDirectory(path)) {
                throw new UserError(option + " " + file + " is a folder; name a file inside it", ExitCodes.USAGE);
            }
            if (Files.exists(path) && readOnly(path)) {
                throw new UserError(option + " " + file + " is read-only; make it writable or choose another file",
                        ExitCodes.USAGE);
            }
            checkWritable(file, force);
        });
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Writes a result file as {@link #replace} saves a model: the text goes to a hidden file beside it (created
     * with the directory's default permissions), which is then renamed to {@code file} in one step, so a call
     * killed mid-write (a warm server stopped, a full disk) leaves no half-written result under the user's name.
     * With {@code force} an existing file is replaced (through a symbolic link, the link's target).
     */
    static void write(Path file, String text, boolean force) {
        checkWritable(file, force);
        Path target = Files.exists(file) ? realPath(file) : file.toAbsolutePath();
        Path temporary = null;
        try {
            Files.createDirectories(target.getParent());
            temporary = Files.createFile(target.resolveSibling("." + target.getFileName() + "-"
                    + ProcessHandle.current().pid() + "-" + System.nanoTime() + ".tmp"));
            Files.writeString(temporary, text, StandardCharsets.UTF_8);
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            deleteIfPresent(temporary);
            throw new UserError(file + ": cannot write (" + e.getMessage() + ")", ExitCodes.USAGE);
        }
    }
}
