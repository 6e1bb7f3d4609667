package org.fabricsim.generator.cli.warm;

import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;

import org.fabricsim.generator.cli.ExitCodes;
import org.fabricsim.runtime.report.ConsoleProgress;
import org.fabricsim.runtime.study.StudyRunner;

/**
 * The warm server: one JVM that keeps a command line ({@link WarmCommands}: {@code fabric}'s, or
 * {@code fabric sweep}'s with its Spark application) loaded and compiled, and runs the calls its
 * clients send ({@link WarmClient}) one after the other, exactly as the command line would in their
 * own process. It is started on demand by a
 * client, leaves when idle for {@link #idle} or when its socket is taken away, and is safe to kill at
 * any moment: a call in flight then runs again in its client's process, and files are only ever
 * replaced whole ({@code OutputFiles}), so nothing the user wrote is lost.
 */
public final class WarmServer {
    /** How long a server waits for its next call before it leaves. */
    static final Duration DEFAULT_IDLE = Duration.ofMinutes(30);
    /** A small model that every call's path loads: parsing, validation, mapping and the engine. */
    private static final String WARM_UP_MODEL = """
            package warmup
            cluster TwoNodes {
                nodes 2 x 8 accelerators
                link 400 Gb/s latency 1 us
            }
            benchmark RingAllReduce {
                all-reduce ring
                on TwoNodes
                sizes 1 MiB, 1 GiB
            }
            """;

    private final Path socket;
    private final Duration idle;
    private final WarmCommands commands;
    /** The call that started the server, whose settings its warm-up may take. */
    private final String[] firstCall;
    private volatile long lastCallNanos = System.nanoTime();
    /** Set when the server should leave after the call it is answering. */
    private volatile boolean leaving;

    public WarmServer(Path socket, Duration idle, WarmCommands commands, String... firstCall) {
        this.socket = socket;
        this.idle = idle;
        this.commands = commands;
        this.firstCall = firstCall;
    }

    /**
     * {@code java -cp JAR ...WarmServer SOCKET COMMANDS [FIRST CALL...]}: serves the {@link WarmCommands} class
     * COMMANDS until idle; exits at once if a server holds the socket.
     */
    public static void main(String[] args) throws IOException, ReflectiveOperationException {
        WarmCommands commands = (WarmCommands) Class.forName(args[1]).getConstructor().newInstance();
        new WarmServer(Path.of(args[0]), DEFAULT_IDLE, commands, Arrays.copyOfRange(args, 2, args.length)).serve();
        System.exit(0);
    }

    /** Binds the socket, warms up and answers calls until idle or closed; returns at once if another server is live. */
    public void serve() throws IOException {
        ServerSocketChannel server = bind();
        if (server == null) {
            return;
        }
        Path pid = WarmWire.pidFile(socket);
        Files.writeString(pid, Long.toString(ProcessHandle.current().pid()));
        Thread tidy = new Thread(() -> deleteQuietly(socket, pid), "fabric-warm-exit");
        Runtime.getRuntime().addShutdownHook(tidy); // SIGTERM: leave no socket behind; SIGKILL leaves one, which the next server replaces
        Thread watchdog = new Thread(() -> closeWhenIdle(server), "fabric-warm-idle");
        watchdog.setDaemon(true);
        watchdog.start();
        try {
            warmUp();
            while (server.isOpen() && !leaving) {
                try (SocketChannel client = server.accept()) {
                    answer(client);
                } catch (ClosedChannelException closed) {
                    break;
                } catch (IOException lost) {
                    // the client left mid-call (Ctrl-C): its output has nowhere to go; serve the next one
                }
                lastCallNanos = System.nanoTime();
            }
        } finally {
            server.close();
            deleteQuietly(socket, pid);
        }
    }

    private static void deleteQuietly(Path... files) {
        for (Path file : files) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // a file in the user's private temporary folder; the next server replaces it
            }
        }
    }

    private ServerSocketChannel bind() throws IOException {
        UnixDomainSocketAddress address = UnixDomainSocketAddress.of(socket);
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        if (Files.exists(socket)) {
            if (WarmClient.live(socket)) {
                server.close();
                return null;
            }
            Files.deleteIfExists(socket); // left by a server that was killed
        }
        server.bind(address);
        return server;
    }

    private void closeWhenIdle(ServerSocketChannel server) {
        try {
            while (server.isOpen()) {
                Thread.sleep(1_000);
                boolean idleTooLong = System.nanoTime() - lastCallNanos > idle.toNanos();
                if (idleTooLong || !Files.exists(socket)) {
                    server.close();
                }
            }
        } catch (InterruptedException | IOException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Runs the command line's warm-up calls on a small model, so that the first real call finds the classes loaded and compiled. */
    private void warmUp() throws IOException {
        Path model = Files.createTempFile(socket.getParent(), "warmup-", ".fabric");
        try {
            Files.writeString(model, WARM_UP_MODEL);
            PrintWriter discard = new PrintWriter(Writer.nullWriter());
            for (String[] call : commands.warmUpCalls(model.toString(), firstCall)) {
                commands.execute(new TypedPaths(model.getParent()), StudyRunner.Progress.NONE, discard, discard, call);
            }
        } finally {
            Files.deleteIfExists(model);
        }
    }

    /**
     * Runs one client's call, its output framed onto the connection as it is written, then the exit code; declines a
     * call its commands do not serve.
     */
    private void answer(SocketChannel client) throws IOException {
        WarmWire.Request request = WarmWire.Request.read(new DataInputStream(Channels.newInputStream(client)));
        DataOutputStream frames = new DataOutputStream(new BufferedOutputStream(Channels.newOutputStream(client)));
        if (!commands.serves(request.args())) { // a relay (WarmRelay) leaves the choice to the server
            frames.writeByte(WarmWire.DECLINED);
            frames.flush();
            return;
        }
        TypedPaths paths = new TypedPaths(Path.of(request.workingDirectory()));
        OutputStream err = new FrameStream(frames, WarmWire.ERR);
        PrintWriter out = writer(paths, new FrameStream(frames, WarmWire.OUT));
        PrintWriter errors = writer(paths, err);
        StudyRunner.Progress progress = request.terminal()
                ? ConsoleProgress.always(new PrintStream(err, true, StandardCharsets.UTF_8), System::nanoTime)
                : StudyRunner.Progress.NONE;
        long startNanos = System.nanoTime();
        int code;
        try {
            code = commands.execute(paths, progress, out, errors, request.args());
        } catch (OutOfMemoryError e) {
            errors.println("fabric: the warm server ran out of memory; it stops, and the next call starts a new one");
            code = ExitCodes.INTERNAL_ERROR;
            leaving = true; // a heap that ran out is not one to keep
        }
        out.flush();
        errors.flush();
        System.out.printf(Locale.ROOT, "served '%s' in %.3f s, exit %d%n", request.args().length == 0 ? ""
                : request.args()[0], (System.nanoTime() - startNanos) / 1e9, code);
        synchronized (frames) {
            frames.writeByte(WarmWire.EXIT);
            frames.writeInt(code);
            frames.flush();
        }
    }

    private static PrintWriter writer(TypedPaths paths, OutputStream frames) {
        return new PrintWriter(paths.restoring(new OutputStreamWriter(frames, StandardCharsets.UTF_8)), true);
    }

    /** Writes what it is given as frames of one type, flushed at once so that the client sees output as it comes. */
    private static final class FrameStream extends OutputStream {
        private final DataOutputStream frames;
        private final byte type;

        FrameStream(DataOutputStream frames, byte type) {
            this.frames = frames;
            this.type = type;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] { (byte) b }, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            if (length == 0) {
                return;
            }
            synchronized (frames) {
                frames.writeByte(type);
                frames.writeInt(length);
                frames.write(bytes, offset, length);
                frames.flush();
            }
        }
    }
}
