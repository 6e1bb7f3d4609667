package org.fabricsim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.apache.spark.api.java.JavaSparkContext;
import org.fabricsim.generator.cli.ExitCodes;
import org.fabricsim.generator.cli.FabricCli;
import org.fabricsim.generator.cli.UserError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepCliTest {
    @TempDir
    Path folder;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int sweep(String... args) {
        return FabricCli.execute(new SweepCli(), new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    private Path model() throws IOException {
        return Files.writeString(folder.resolve("channels.fabric"), SweepModels.CHANNELS);
    }

    @Test
    void shouldFailFastNamingTheAddressWhenTheMasterIsUnreachable() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        String master = "spark://127.0.0.1:" + closedPort;
        long start = System.nanoTime();
        assertThrows(UserError.class, () -> SparkApps.requireReachable(master));
        // a refused connection answers at once, within the connect timeout (Spark itself retries for a minute)
        assertTrue(System.nanoTime() - start < SparkApps.CONNECT_MILLIS * 1_000_000L);
        assertEquals(ExitCodes.USAGE, sweep(model().toString(), "--master", master));
        assertTrue(err.toString().contains("cannot reach the Spark master at " + master), err::toString);
        assertTrue(err.toString().contains("--master local[*]"), err::toString);
    }

    @Test
    void shouldAskForMaxRunsWhenTheSweepIsLargerThanTheLimit() throws IOException {
        assertEquals(ExitCodes.USAGE, sweep(model().toString(), "--max-runs", "5"));
        // CHANNELS varies 3 channel counts × 2 algorithms
        assertTrue(err.toString().contains("the sweep has 6 runs, more than --max-runs 5"), err::toString);
    }

    @Test
    void shouldStopTheSparkApplicationItStartedBesideAModelWithErrors() throws IOException {
        Path broken = Files.writeString(folder.resolve("broken.fabric"), "package broken\n\ncluster Half {\n");
        assertEquals(ExitCodes.MODEL_ERRORS, sweep(broken.toString(), "--master", "local[1]", "--conf",
                "spark.driver.host=127.0.0.1"), err::toString);
        // Spark allows one SparkContext per JVM: starting another fails unless the sweep stopped the one it started
        try (JavaSparkContext next = SparkApps.start("local[1]", Map.of("spark.driver.host", "127.0.0.1"), "next")) {
            assertEquals(1, next.defaultParallelism());
        }
    }

    @Test
    void shouldSweepOnLocalSparkPrintTheTableAndWriteTheCsvWithOneRowPerRun() throws IOException {
        Path csv = folder.resolve("runs.csv");
        assertEquals(ExitCodes.OK, sweep(model().toString(), "--master", "local[2]", "--conf",
                "spark.driver.host=127.0.0.1", "--csv", csv.toString(), "--resume",
                folder.resolve("runs.partial").toString()), err::toString);
        assertTrue(out.toString().contains("Channels"), out::toString);
        List<String> lines = Files.readAllLines(csv);
        assertEquals(1 + 6, lines.size(), () -> String.join("\n", lines));
    }
}
