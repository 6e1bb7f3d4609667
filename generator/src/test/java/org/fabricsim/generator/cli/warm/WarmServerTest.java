package org.fabricsim.generator.cli.warm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.fabricsim.generator.cli.FabricCli;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real warm server on a Unix socket, driven by the real client, against the same call run in this process. */
class WarmServerTest {
    private static final String RING = ServerThreads.ring("warm");

    /** One server for the class: it takes seconds to warm up. */
    @TempDir
    static Path sockets;
    private static Thread serving;
    /** Models live under the test's working directory, so that the same relative path works in process and warm. */
    private Path models;
    private String folder;

    @BeforeAll
    static void startServer() {
        Path socket = sockets.resolve("warm.sock");
        serving = ServerThreads.serve(socket);
    }

    @BeforeEach
    void makeModelFolder() throws IOException {
        models = Files.createTempDirectory(Path.of("target"), "warm-models");
        folder = Path.of("").toAbsolutePath().relativize(models.toAbsolutePath()).toString();
    }

    @AfterAll
    static void stopServer() throws Exception {
        Files.deleteIfExists(sockets.resolve("warm.sock")); // the server leaves when its socket is taken away
        serving.join(10_000);
    }

    @Test
    void shouldPrintWhatTheCallPrintsInItsOwnProcessWithThePathsAsTyped() throws IOException {
        Files.writeString(models.resolve("ring.fabric"), RING);
        Files.writeString(models.resolve("broken.fabric"), RING.replace("nodes 2 x 8", "nodes 0 x 8"));
        for (String[] args : new String[][] { { "validate", folder }, { "simulate", folder + "/ring.fabric" },
                { "format", "--check", folder + "/ring.fabric" }, { "simulate", folder + "/missing.fabric" } }) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int inProcess = FabricCli.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
            ByteArrayOutputStream warmOut = new ByteArrayOutputStream();
            ByteArrayOutputStream warmErr = new ByteArrayOutputStream();
            Integer warm = WarmClient.relay(sockets.resolve("warm.sock"), Path.of("").toAbsolutePath(), args, warmOut,
                    warmErr);
            assertEquals(inProcess, warm, String.join(" ", args));
            assertEquals(out.toString(), warmOut.toString(StandardCharsets.UTF_8), String.join(" ", args));
            assertEquals(err.toString(), warmErr.toString(StandardCharsets.UTF_8), String.join(" ", args));
        }
        assertTrue(Files.readString(models.resolve("ring.fabric")).equals(RING), "format --check changed nothing");
    }

    @Test
    void shouldResolveRelativePathsInTheClientsFolder() throws IOException {
        Files.writeString(models.resolve("ring.fabric"), RING);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Integer code = WarmClient.relay(sockets.resolve("warm.sock"), models.toAbsolutePath(),
                new String[] { "validate", "ring.fabric" }, out, new ByteArrayOutputStream());
        assertEquals(0, code);
        assertTrue(out.toString(StandardCharsets.UTF_8).strip().endsWith("1 file(s) valid"), out.toString());
    }

    @Test
    void shouldLeaveASecondServerForTheSameSocketAtOnce() {
        assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> new WarmServer(sockets.resolve("warm.sock"), Duration.ofMinutes(5), new FabricCommands()).serve());
        assertTrue(WarmClient.live(sockets.resolve("warm.sock")), "the first server still answers");
    }

    @Test
    void shouldSayTheServerDiedAndLetTheCallRunAgainWhenTheConnectionEndsMidCall() throws Exception {
        Path socket = sockets.resolve("dying.sock");
        try (ServerSocketChannel dying = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            dying.bind(UnixDomainSocketAddress.of(socket));
            Thread killed = new Thread(() -> {
                try (SocketChannel client = dying.accept()) {
                    WarmWire.Request.read(new DataInputStream(Channels.newInputStream(client)));
                    DataOutputStream frames = new DataOutputStream(Channels.newOutputStream(client));
                    frames.writeByte(WarmWire.OUT);
                    frames.writeInt(3);
                    frames.write("par".getBytes(StandardCharsets.UTF_8));
                    frames.flush();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            killed.start();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            assertNull(WarmClient.relay(socket, models, new String[] { "validate", "x.fabric" }, out, err));
            killed.join();
            assertEquals("par", out.toString(StandardCharsets.UTF_8));
            assertTrue(err.toString(StandardCharsets.UTF_8).contains("warm server stopped during this call"));
        }
    }

    /**
     * A server killed after it wrote the call's JSON but before it answered: the call runs again here and writes
     * the JSON itself, rather than refusing the file the dead server left as an existing one (exit 2).
     */
    @Test
    void shouldRunTheCallAgainOverTheResultADyingServerLeft() throws Exception {
        Path socket = sockets.resolve("wrote.sock");
        Files.writeString(models.resolve("ring.fabric"), RING);
        Path json = models.resolve("ring.json");
        String[] args = { "simulate", models.resolve("ring.fabric").toString(), "--json", json.toString() };
        try (ServerSocketChannel dying = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            dying.bind(UnixDomainSocketAddress.of(socket));
            Thread killed = new Thread(() -> {
                try (SocketChannel client = dying.accept()) {
                    WarmWire.Request.read(new DataInputStream(Channels.newInputStream(client)));
                    Files.writeString(json, "{\"written by\": \"the server that died\"}");
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            killed.start();
            int code = WarmClient.call(socket, new FabricCommands(), args, () -> { });
            killed.join();
            assertEquals(0, code);
            assertFalse(Files.readString(json).contains("the server that died"), "the call's own JSON");
        }
    }

    @Test
    void shouldAnswerNothingWhereNoServerListens() {
        assertNull(WarmClient.relay(sockets.resolve("none.sock"), models, new String[] { "validate", "x" },
                new ByteArrayOutputStream(), new ByteArrayOutputStream()));
        assertFalse(WarmClient.live(sockets.resolve("none.sock")));
    }
}
