package org.fabricsim.generator.cli.warm;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.URISyntaxException;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.fabricsim.generator.cli.FabricCli;

/**
 * What {@code ./fabric} runs: hands the call to the warm server of this build ({@link WarmServer})
 * when one is running, which answers in a fraction of the time a new JVM needs to load the language;
 * otherwise runs the call in this process, as {@code java -jar fabric.jar} does, and then starts a
 * server in the background for the next call. {@code FABRICSIM_WARM=off} turns the server off.
 * Only the commands that read and write files go to the server ({@link #SERVED}); {@code lsp} and
 * the help stay here. This class loads no part of the language unless it runs the call itself.
 */
public final class WarmClient {
    /** The subcommands a warm server runs. */
    static final Set<String> SERVED = Set.of("validate", "generate", "simulate", "format", "draw", "export",
            "calibrate");

    private WarmClient() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    static int run(String[] args) {
        Path jar = jar();
        if (jar == null || args.length == 0 || !SERVED.contains(args[0]) || "off".equals(System.getenv(WarmWire.SWITCH))) {
            return FabricCli.execute(args);
        }
        Path socket;
        try {
            socket = WarmWire.socketFor(jar);
        } catch (IOException | UnsupportedOperationException e) {
            return FabricCli.execute(args); // no private folder for a socket here: run without a server
        }
        Integer served = relay(socket, Path.of("").toAbsolutePath(), args, System.out, System.err);
        if (served != null) {
            return served;
        }
        int code = FabricCli.execute(args);
        startServer(jar, socket);
        return code;
    }

    /**
     * Sends the call, made in {@code workingDirectory}, to the server at {@code socket} and copies its output to {@code out} and
     * {@code err} as it comes; the exit code, or null when no server answers. A server that dies
     * mid-call is reported on {@code err}, and the call runs again here.
     */
    static Integer relay(Path socket, Path workingDirectory, String[] args, OutputStream out, OutputStream err) {
        SocketChannel channel = connected(socket);
        if (channel == null) {
            return null;
        }
        try (channel) {
            new WarmWire.Request(workingDirectory.toString(), System.console() != null, args)
                    .write(new DataOutputStream(Channels.newOutputStream(channel)));
            DataInputStream frames = new DataInputStream(new BufferedInputStream(Channels.newInputStream(channel)));
            while (true) {
                byte type = frames.readByte();
                if (type == WarmWire.EXIT) {
                    return frames.readInt();
                }
                byte[] bytes = new byte[frames.readInt()];
                frames.readFully(bytes);
                OutputStream target = type == WarmWire.OUT ? out : err;
                target.write(bytes);
                target.flush();
            }
        } catch (IOException died) { // EOFException too: the server left before the exit frame
            new PrintStream(err, true).println("fabric: the warm server stopped during this call; running it again"
                    + " in this process");
            return null;
        }
    }

    /** Whether a server answers at {@code socket}. */
    static boolean live(Path socket) {
        SocketChannel channel = connected(socket);
        closeQuietly(channel);
        return channel != null;
    }

    /** A channel connected to {@code socket}, or null (and nothing left open) when no server answers. */
    private static SocketChannel connected(Path socket) {
        SocketChannel channel = null;
        try {
            channel = SocketChannel.open(StandardProtocolFamily.UNIX);
            channel.connect(UnixDomainSocketAddress.of(socket));
            return channel;
        } catch (IOException noServer) {
            closeQuietly(channel);
            return null;
        }
    }

    private static void closeQuietly(SocketChannel channel) {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException alreadyGone) {
            // nothing is left to release on a channel that cannot close
        }
    }

    /**
     * Starts a server for this jar in the background, in a session of its own ({@code setsid}, where
     * there is one) so that a Ctrl-C in the terminal does not reach it; its output goes to a log beside
     * the socket. A failure to start is not the user's problem: the next call runs in its own process again.
     */
    private static void startServer(Path jar, Path socket) {
        List<String> command = new ArrayList<>();
        String setsid = onPath("setsid");
        if (setsid != null) {
            command.add(setsid);
        }
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(List.of("-Xlog:disable", "-cp", jar.toString(),
                WarmServer.class.getName(), socket.toString()));
        try {
            new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(socket.resolveSibling(socket.getFileName() + ".log").toFile()).start();
        } catch (IOException e) {
            // without a server every call runs in its own process, as before
        }
    }

    private static String onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String folder : path.split(File.pathSeparator)) {
            Path candidate = Path.of(folder, program);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return null;
    }

    /** The jar this class was loaded from, or null when it runs from classes (tests, an IDE). */
    private static Path jar() {
        CodeSource source = WarmClient.class.getProtectionDomain().getCodeSource();
        if (source == null) {
            return null;
        }
        try {
            Path location = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(location) && location.toString().endsWith(".jar") ? location : null;
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }
}
