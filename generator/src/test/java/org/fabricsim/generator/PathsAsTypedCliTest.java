package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabricsim.generator.cli.ExitCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command that loads one model names it in its diagnostics as the user typed it, as {@code validate} does
 * (simulate, draw, export and calibrate printed it absolute).
 */
class PathsAsTypedCliTest {
    @TempDir
    Path dir;

    @Test
    void shouldNameTheModelInDiagnosticsAsTypedInEveryCommand() throws Exception {
        // Line 2 names a cluster no file defines: an error at typed:2 for every command.
        Path file = Files.writeString(dir.resolve("broken.fabric"), """
                cluster Pair { nodes 2 x 8 accelerators link 400 Gb/s latency 1 us }
                benchmark Bench { all-reduce ring on Missing sizes 1 MiB }
                """);
        String typed = Path.of("").toAbsolutePath().relativize(file).toString();
        String absolute = file.toAbsolutePath().toString();
        List<String[]> commands = List.of(new String[] { "validate", typed }, new String[] { "simulate", typed },
                new String[] { "draw", typed }, new String[] { "export", "--infragraph", typed },
                new String[] { "calibrate", typed, "--measured", dir.resolve("m.csv").toString() });
        for (String[] command : commands) {
            CliRun run = CliRun.fabric(command);
            String all = run.out() + run.err();
            assertEquals(ExitCodes.MODEL_ERRORS, run.exitCode(), command[0] + ": " + all);
            assertTrue(all.lines().anyMatch(line -> line.startsWith(typed + ":2:")), command[0] + ": " + all);
            assertFalse(all.lines().anyMatch(line -> line.startsWith(absolute)), command[0] + ": " + all);
        }
    }
}
