package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.fabricsim.generator.cli.ExitCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fabric format} treats files as an editor does (issue 21, F5–F7). */
class FormatCommandTest {
    private static final String UNFORMATTED = "cluster C {\nnodes 2 x 8 accelerators\nlink 400 Gb/s latency 1 us\n}\n";

    @TempDir
    Path dir;

    private Path model(String name) throws Exception {
        return Files.writeString(dir.resolve(name), UNFORMATTED);
    }

    @Test
    void shouldKeepTheFileModeWhenFormatting() throws Exception {
        Path model = model("mode.fabric");
        Files.setPosixFilePermissions(model, PosixFilePermissions.fromString("rw-rw-r--"));
        assertEquals(ExitCodes.OK, CliRun.fabric("format", model.toString()).exitCode());
        assertNotEquals(UNFORMATTED, Files.readString(model));
        assertEquals("rw-rw-r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(model)));
    }

    @Test
    void shouldFormatTheTargetOfASymbolicLinkAndKeepTheLink() throws Exception {
        Path target = model("target.fabric");
        Path link = Files.createSymbolicLink(dir.resolve("link.fabric"), target.getFileName());
        assertEquals(ExitCodes.OK, CliRun.fabric("format", link.toString()).exitCode());
        assertTrue(Files.isSymbolicLink(link), "the link was replaced by a file");
        assertNotEquals(UNFORMATTED, Files.readString(target));
    }

    @Test
    void shouldRefuseAReadOnlyFileAndLeaveItAlone() throws Exception {
        Path model = model("readonly.fabric");
        Files.setPosixFilePermissions(model, PosixFilePermissions.fromString("r--r--r--"));
        CliRun outcome = CliRun.fabric("format", model.toString());
        assertEquals(ExitCodes.USAGE, outcome.exitCode());
        assertTrue(outcome.err().contains(model + ": read-only, so it was not changed; make it writable"),
                outcome.err());
        assertEquals(UNFORMATTED, Files.readString(model));
        assertFalse(outcome.err().contains("Exception"), outcome.err());
    }
}
