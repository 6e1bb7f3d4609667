package org.fabricsim.generator.cli.warm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.fabricsim.generator.cli.FabricCli;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The relay-only client in a JVM of its own, as {@code ./fabric} runs it, with this module's classes alone on its class
 * path (no runtime, no picocli, no Spark), against a real warm server at the socket of a jar and kind.
 */
class WarmRelayTest {
    private static final String RING = ServerThreads.ring("relay");
    private static final String KIND = "relay-test";

    @TempDir
    static Path folder;
    private static Path jar;
    private static Thread serving;

    @BeforeAll
    static void startServer() throws IOException {
        jar = Files.writeString(folder.resolve("served.jar"), "a jar's name, size and time name its server");
        Path socket = WarmWire.socketFor(jar, KIND);
        serving = ServerThreads.serve(socket);
    }

    @AfterAll
    static void stopServer() throws Exception {
        Files.deleteIfExists(WarmWire.socketFor(jar, KIND)); // the server leaves when its socket is taken away
        serving.join(10_000);
    }

    @Test
    void shouldPrintAndExitAsTheCallInItsOwnProcessWhenTheServerAnswers() throws Exception {
        Files.writeString(folder.resolve("ring.fabric"), RING);
        Files.writeString(folder.resolve("broken.fabric"), RING.replace("nodes 2 x 8", "nodes 0 x 8"));
        for (String name : List.of("ring.fabric", "broken.fabric")) {
            // relative to this folder, where the relay runs: the server resolves it in the relay's folder
            String model = Path.of("").toAbsolutePath().relativize(folder.resolve(name)).toString();
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int inProcess = FabricCli.execute(new PrintWriter(out, true), new PrintWriter(err, true), "validate",
                    model);
            Relayed relayed = relay(KIND, "validate", model);
            assertEquals(inProcess, relayed.code(), model);
            assertEquals(out.toString(), relayed.out(), model);
            assertEquals(err.toString(), relayed.err(), model);
        }
    }

    @Test
    void shouldExitNotRelayedHavingPrintedNothingWhenTheServerDeclinesTheCall() throws Exception {
        assertEquals(new Relayed(WarmRelay.NOT_RELAYED, "", ""), relay(KIND, "--help"));
    }

    @Test
    void shouldExitNotRelayedHavingPrintedNothingWhereNoServerListens() throws Exception {
        assertEquals(new Relayed(WarmRelay.NOT_RELAYED, "", ""), relay("relay-test-none", "validate", "ring.fabric"));
    }

    private record Relayed(int code, String out, String err) {
    }

    /** {@code java -cp target/classes WarmRelay JAR KIND ARGS...}, run in this folder. */
    private static Relayed relay(String kind, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"), "-cp", // where the server's socket lies
                Path.of("target/classes").toAbsolutePath().toString(), WarmRelay.class.getName(), jar.toString(), kind));
        command.addAll(List.of(args));
        Path out = Files.createTempFile(folder, "out", ".txt");
        Path err = Files.createTempFile(folder, "err", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().remove(WarmWire.SWITCH);
        Process relay = builder.start();
        int code = relay.waitFor();
        return new Relayed(code, Files.readString(out, StandardCharsets.UTF_8), Files.readString(err,
                StandardCharsets.UTF_8));
    }
}
