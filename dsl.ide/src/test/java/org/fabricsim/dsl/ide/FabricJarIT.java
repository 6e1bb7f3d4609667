package org.fabricsim.dsl.ide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the packaged command line, {@code java -jar fabric.jar}, as a user does. */
class FabricJarIT {
    private static final Path JAR = Path.of(System.getProperty("fabricsim.server.jar"));
    private static final Path QUICKSTART = Path.of("../examples/quickstart/ring-allreduce.fabric");

    private record Outcome(int exitCode, String out, String err) {
    }

    private static Outcome fabric(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", JAR.toString()));
        command.addAll(List.of(args));
        File err = dir.resolve("stderr.txt").toFile();
        Process process = new ProcessBuilder(command).redirectError(err).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "fabric did not finish");
        return new Outcome(process.exitValue(), out, Files.readString(err.toPath()));
    }

    @Test
    void shouldSimulateTheQuickstartFromTheJar(@TempDir Path dir) throws Exception {
        Outcome outcome = fabric(dir, "simulate", QUICKSTART.toString());
        assertEquals(0, outcome.exitCode(), outcome.err());
        // 1 GiB ring all-reduce, 16 ranks, 50 GB/s links derated by the engine's NIC efficiency 0.96:
        // busbw lies between 47.2 and 48.0 GB/s (derivation in FabricCliTest).
        String row = outcome.out().lines().map(String::trim).filter(l -> l.startsWith("1073741824 ")).findFirst()
                .orElseThrow();
        double busbw = Double.parseDouble(row.split("\\s+")[3]);
        assertTrue(busbw >= 47.2 && busbw <= 48.0, outcome.out());
        assertEquals("", outcome.err(), "a clean run prints nothing on stderr");
    }

    @Test
    void shouldReportModelErrorsWithoutAStackTrace(@TempDir Path dir) throws Exception {
        Path broken = dir.resolve("broken.fabric");
        Files.writeString(broken, "cluster C {\n    nodes 2 x 8 accelerators\n    link 1 us latency 1 us\n}\n");
        Outcome outcome = fabric(dir, "validate", broken.toString());
        assertEquals(1, outcome.exitCode());
        assertTrue(outcome.out().contains(broken + ":3:10: error: Expected a data rate here"), outcome.out());
        assertFalse((outcome.out() + outcome.err()).contains("Exception"), outcome.err());
    }

    @Test
    void shouldPrintItsVersion(@TempDir Path dir) throws Exception {
        Outcome outcome = fabric(dir, "--version");
        assertEquals(0, outcome.exitCode());
        assertTrue(outcome.out().startsWith("FabricSim 0."), outcome.out());
    }
}
