package org.fabricsim.sweep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.apache.spark.api.java.JavaSparkContext;
import org.fabricsim.generator.cli.ExitCodes;
import org.fabricsim.generator.cli.FabricCli;
import org.fabricsim.generator.cli.warm.WarmClient;
import org.fabricsim.generator.cli.warm.WarmServer;
import org.fabricsim.generator.cli.warm.WarmWire;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real warm sweep server on a Unix socket with real local Spark, driven by the real client, against a cold
 * {@code fabric sweep} and the local engine ({@code fabric simulate}). Spark allows one SparkContext per JVM, so
 * each test runs its cold sweeps before its server keeps one, and stops the one kept at its end.
 */
class WarmSweepTest {
    private static final String HOST = "spark.driver.host=127.0.0.1";

    @TempDir
    Path folder;

    @Test
    void shouldReuseTheSparkContextOnASecondCallAndWriteTheCsvOfAColdSweepAndOfTheLocalEngine() throws Exception {
        Path model = Files.writeString(folder.resolve("channels.fabric"), SweepModels.CHANNELS);
        assertEquals(ExitCodes.OK, FabricCli.execute(new SweepCli(), quiet(), quiet(), "--master", "local[2]",
                "--conf", HOST, "--csv", folder.resolve("cold.csv").toString(), model.toString()));
        byte[] local = localEngineCsv(model);
        KeptSpark kept = new KeptSpark();
        Path socket = folder.resolve("sweep.sock");
        Thread serving = serveInThisJvm(socket, kept);
        try {
            // relative paths, resolved in the client's folder as typed
            assertEquals(ExitCodes.OK, call(socket, "--master", "local[2]", "--conf", HOST, "--csv", "warm1.csv",
                    "channels.fabric"));
            JavaSparkContext afterFirst = kept.open("local[2]", Map.of("spark.driver.host", "127.0.0.1"), "-").get();
            assertEquals(ExitCodes.OK, call(socket, "--master", "local[2]", "--conf", HOST, "--csv", "warm2.csv",
                    "channels.fabric"));
            JavaSparkContext afterSecond = kept.open("local[2]", Map.of("spark.driver.host", "127.0.0.1"), "-").get();
            assertSame(afterFirst, afterSecond, "the second call ran on the application the first left");
            assertEquals(afterFirst.sc().applicationId(), afterSecond.sc().applicationId());
            byte[] cold = Files.readAllBytes(folder.resolve("cold.csv"));
            assertArrayEquals(cold, Files.readAllBytes(folder.resolve("warm1.csv")));
            assertArrayEquals(cold, Files.readAllBytes(folder.resolve("warm2.csv")));
            assertArrayEquals(local, cold, "a sweep's CSV is the local engine's");

            assertEquals(ExitCodes.OK, call(socket, "--master", "local[1]", "--conf", HOST, "--csv", "one.csv",
                    "channels.fabric"));
            JavaSparkContext restarted = kept.open("local[1]", Map.of("spark.driver.host", "127.0.0.1"), "-").get();
            assertTrue(afterSecond.sc().isStopped(), "a call with another master stops the application kept");
            assertEquals("local[1]", restarted.master());
            assertNotEquals(afterSecond.sc().startTime() + afterSecond.sc().applicationId(),
                    restarted.sc().startTime() + restarted.sc().applicationId());
            assertArrayEquals(cold, Files.readAllBytes(folder.resolve("one.csv")));
        } finally {
            Files.deleteIfExists(socket); // the server leaves when its socket is taken away
            serving.join(30_000);
            kept.open("local[1]", Map.of("spark.driver.host", "127.0.0.1"), "-").get().stop();
        }
    }

    @Test
    void shouldCompleteTheCallInTheClientsProcessWhenTheServerIsKilledMidCall() throws Exception {
        // 50 channel counts × 4 algorithms = 200 runs: long enough for the kill to land mid-sweep
        String channels = IntStream.rangeClosed(1, 50).mapToObj(Integer::toString).collect(Collectors.joining(", "));
        Path model = Files.writeString(folder.resolve("wide.fabric"), SweepModels.CHANNELS
                .replace("[1, 2, 4]", "[" + channels + "]")
                .replace("[ring, double-binary-tree]", "[auto, ring, double-binary-tree, halving-doubling]"));
        byte[] local = localEngineCsv(model);
        Path socket = folder.resolve("killed.sock");
        Path resume = folder.resolve("wide.partial");
        Process server = serveInAProcess(socket);
        PrintStream stderr = System.err;
        ByteArrayOutputStream clientErr = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(clientErr, true, StandardCharsets.UTF_8));
            int[] code = new int[1];
            Thread client = new Thread(() -> code[0] = WarmClient.call(socket, new WarmSweep(), new String[] {
                    "--master", "local[2]", "--conf", HOST, "--resume", resume.toString(), "--csv",
                    folder.resolve("wide.csv").toString(), model.toString() }, () -> { }));
            client.start();
            assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
                while (!Files.exists(resume) || Files.size(resume) == 0) { // the server has finished runs
                    Thread.sleep(5);
                }
            });
            server.destroyForcibly().waitFor();
            client.join(120_000);
            assertEquals(ExitCodes.OK, code[0], clientErr::toString);
        } finally {
            System.setErr(stderr);
            server.destroyForcibly();
        }
        assertTrue(clientErr.toString(StandardCharsets.UTF_8).contains("warm server stopped during this call"),
                clientErr::toString);
        assertArrayEquals(local, Files.readAllBytes(folder.resolve("wide.csv")));
    }

    private static PrintWriter quiet() {
        return new PrintWriter(new StringWriter(), true);
    }

    private byte[] localEngineCsv(Path model) throws IOException {
        Path csv = folder.resolve(model.getFileName() + ".local.csv");
        assertEquals(ExitCodes.OK, FabricCli.execute(quiet(), quiet(), "simulate", "--csv", csv.toString(),
                model.toString()));
        return Files.readAllBytes(csv);
    }

    /** The call on the server at {@code socket}, made in {@link #folder}; its exit code. */
    private int call(Path socket, String... args) {
        Integer code = WarmClient.relay(socket, folder, args, new ByteArrayOutputStream(), new ByteArrayOutputStream());
        assertTrue(code != null, "the server answered");
        return code;
    }

    private static Thread serveInThisJvm(Path socket, KeptSpark kept) {
        Thread serving = new Thread(() -> {
            try {
                new WarmServer(socket, Duration.ofMinutes(5), new WarmSweep(kept), "--master", "local[2]", "--conf",
                        HOST).serve();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        serving.start();
        awaitServer(socket);
        return serving;
    }

    /** A server in a JVM of its own, as {@code ./fabric sweep} starts it, with this JVM's class path and options. */
    private static Process serveInAProcess(Path socket) throws IOException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java")));
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(option -> option.startsWith("--add-opens") || option.startsWith("-D")).toList());
        command.addAll(List.of("-Xmx1g", "-cp", System.getProperty("java.class.path"), WarmServer.class.getName(),
                socket.toString(), WarmSweep.class.getName(), "--master", "local[2]", "--conf", HOST));
        Process server = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(socket.resolveSibling("server.log").toFile()).start();
        awaitServer(socket);
        return server;
    }

    private static void awaitServer(Path socket) {
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            while (!Files.exists(WarmWire.pidFile(socket))) {
                Thread.sleep(50);
            }
        });
    }
}
