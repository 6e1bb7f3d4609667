package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command that loads a model prints its diagnostics in one order, the text's: file, line, column ({@code draw}
 * printed them in Xtext's, links before checks, unlike the order a reader expects).
 */
class DiagnosticsOrderCliTest {
    @TempDir
    Path dir;

    @Test
    void shouldPrintTheDiagnosticsOfDrawAndValidateInLineOrder() throws Exception {
        // Line 1: a calibration nothing uses (a check, info); line 2: a parameter out of its bounds (a check); line 4:
        // a cluster no file defines (a link, which Xtext reports before any check: 4, 1, 2 before). In the text's
        // order, 1, 2, 4, for both commands.
        Path file = Files.writeString(dir.resolve("two.fabric"), """
                calibration Ours {
                    parameter "collective.nic-efficiency" 1.05 bounds 0.80 to 1.00
                }
                benchmark Bench { all-reduce ring on Missing sizes 1 MiB }
                """);
        String typed = Path.of("").toAbsolutePath().relativize(file).toString();
        List<String> validate = diagnostics(CliRun.fabric("validate", typed), typed);
        List<String> draw = diagnostics(CliRun.fabric("draw", typed), typed);
        assertEquals(List.of("1", "2", "4"), validate.stream().map(line -> line.split(":")[1]).toList(), validate.toString());
        assertEquals(validate, draw);
    }

    /** The lines of {@code run}'s output that name {@code typed}, in the order printed. */
    private static List<String> diagnostics(CliRun run, String typed) {
        return (run.out() + run.err()).lines().filter(line -> line.startsWith(typed + ":")).toList();
    }
}
