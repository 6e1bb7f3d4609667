package org.fabricsim.sweep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.fabricsim.generator.cli.ExitCodes;
import org.fabricsim.generator.cli.UserError;
import org.fabricsim.runtime.result.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --resume FILE} keeps a sweep's finished runs in FILE, and never destroys a file the user wrote: before
 * session 68 a model or a JSON result named by mistake was read as frames (its first four bytes a length of about
 * 10⁹) and truncated to nothing.
 */
class ResumeFileTest {
    @TempDir
    Path folder;

    @Test
    void shouldLeaveAFileThatIsNotAPartialResultAsItIs() throws IOException {
        Path model = folder.resolve("cluster.fabric");
        byte[] text = "// Which fabric?\npackage studies\n".getBytes(StandardCharsets.UTF_8);
        Files.write(model, text);
        UserError refused = assertThrows(UserError.class, () -> ResumeFile.open(model));
        assertEquals(ExitCodes.USAGE, refused.exitCode());
        assertTrue(refused.getMessage().startsWith(model + ": not a partial result that fabric sweep --resume wrote"),
                refused.getMessage());
        assertArrayEquals(text, Files.readAllBytes(model));
    }

    @Test
    void shouldRefuseATextShorterThanOneFrameWithoutTouchingIt() throws IOException {
        Path notes = folder.resolve("notes.txt");
        Files.writeString(notes, "todo\n");
        assertThrows(UserError.class, () -> ResumeFile.check(notes));
        assertEquals("todo\n", Files.readString(notes));
    }

    @Test
    void shouldKeepTheRunsOfItsOwnFileAndDropAFrameCutShortWithoutReadingItsLength() throws IOException {
        Path kept = folder.resolve("runs.partial");
        RunResult run = RunResult.failed("s[a=1]", "training", "s", Map.of(), 1, "kept", 0);
        try (ResumeFile file = ResumeFile.open(kept)) {
            file.append("s@0", 0, Portable.encode(run));
        }
        long whole = Files.size(kept);
        // A kill mid-frame: a length of 2^31 - 1 bytes with 3 bytes after it, which must not be allocated.
        Files.write(kept, new byte[] {0x7F, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 1, 2, 3},
                java.nio.file.StandardOpenOption.APPEND);
        try (ResumeFile file = ResumeFile.open(kept)) {
            assertEquals(Map.of(0, run), file.completed("s@0"));
        }
        assertEquals(whole, Files.size(kept));
    }
}
