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
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;

/**
 * What {@code ./fabric} runs: hands the call to the warm server of this build ({@link WarmServer})
 * when one is running, which answers in a fraction of the time a new JVM needs to load the language
 * (or Spark); otherwise runs the call in this process, as {@code java -jar fabric.jar} does, and then
 * starts a server in the background for the next call. {@code FABRICSIM_WARM=off} turns the server
 * off. Only the calls its {@link WarmCommands} serve go to the server; {@code lsp} and the help stay
 * here. This class loads no part of the language unless it runs the call itself.
 */
public final class WarmClient {
    private WarmClient() {
    }

    public static void main(String[] args) {
        System.exit(run(new FabricCommands(), args));
    }

    /** Runs the call {@code args} of {@code commands} on a warm server, else here; its exit code. */
    public static int run(WarmCommands commands, String[] args) {
        Path jar = jar(commands.getClass());
        if (jar == null || !commands.serves(args) || WarmWire.switchedOff()) {
            return commands.executeHere(args);
        }
        Path socket;
        try {
            socket = WarmWire.socketFor(jar, commands.kind());
        } catch (IOException | UnsupportedOperationException e) {
            return commands.executeHere(args); // no private folder for a socket here: run without a server
        }
        return call(socket, commands, args, () -> startServer(jar, socket, commands, args));
    }

    /**
     * The call {@code args} on the server at {@code socket}; where none answers, or it dies mid-call, the call
     * runs in this process and then {@code noServer} runs (starting one for the next call).
     */
    public static int call(Path socket, WarmCommands commands, String[] args, Runnable noServer) {
        List<Path> absent = absentFiles(args);
        Integer served = relay(socket, Path.of("").toAbsolutePath(), args, System.out, System.err);
        if (served != null) {
            return served;
        }
        deleteWrittenDuringTheCall(absent);
        int code = commands.executeHere(args);
        noServer.run();
        return code;
    }

    /** The files {@code args} name (as typed, in this folder) that do not exist before the call. O(arguments). */
    private static List<Path> absentFiles(String[] args) {
        List<Path> absent = new ArrayList<>();
        for (String argument : args) {
            try {
                Path path = Path.of(argument);
                if (!argument.startsWith("-") && !Files.exists(path)) {
                    absent.add(path);
                }
            } catch (InvalidPathException notAPath) {
                // a value (a study name, a number) that is no path here: nothing the call could write under it
            }
        }
        return absent;
    }

    /**
     * Removes what a server that died mid-call wrote under the names in {@code absent} (results are renamed into
     * place whole, so such a file is this call's own output), so that the call, run again here, writes them
     * instead of refusing them as existing files. Files that existed before the call are never touched.
     */
    private static void deleteWrittenDuringTheCall(List<Path> absent) {
        for (Path path : absent) {
            try {
                if (Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
                    Files.delete(path);
                }
            } catch (IOException e) {
                // left as it is: the call run here then says the file exists and how to replace it
            }
        }
    }

    /**
     * Sends the call, made in {@code workingDirectory}, to the server at {@code socket} and copies its output to {@code out} and
     * {@code err} as it comes; the exit code, or null when no server answers or it declines the call (its commands do
     * not serve it; nothing ran). A server that dies mid-call is reported on {@code err}, and the call runs again
     * here.
     */
    public static Integer relay(Path socket, Path workingDirectory, String[] args, OutputStream out, OutputStream err) {
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
                if (type == WarmWire.DECLINED) {
                    return null;
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

    /**
     * The collector settings this JVM was started with ({@code -XX:PretenureSizeThreshold}, which the {@code fabric}
     * launcher sets), for the server it starts: a simulation there allocates the same large per-network arrays,
     * which the serial collector (one CPU) should place in the old generation rather than copy out of the young one
     * (docs/performance.md, "The collector's share, session 46").
     */
    static List<String> collectorSettings() {
        List<String> settings = new ArrayList<>();
        for (String argument : ProcessHandle.current().info().arguments().orElse(new String[0])) {
            if (argument.startsWith("-XX:PretenureSizeThreshold=")) {
                settings.add(argument);
            }
        }
        return settings;
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
     * Starts a server of {@code commands} for this jar in the background, in a session of its own ({@code setsid},
     * where there is one) so that a Ctrl-C in the terminal does not reach it; its output goes to a log beside
     * the socket. It gets the packages the jar's {@code Add-Opens} opens (Spark needs them), as {@code java -jar}
     * would, and {@code firstCall} for its warm-up. A failure to start is not the user's problem: the next call
     * runs in its own process again.
     */
    private static void startServer(Path jar, Path socket, WarmCommands commands, String[] firstCall) {
        List<String> command = new ArrayList<>();
        String setsid = onPath("setsid");
        if (setsid != null) {
            command.add(setsid);
        }
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-Xlog:disable");
        command.addAll(collectorSettings());
        try (JarFile opened = new JarFile(jar.toFile())) {
            String opens = opened.getManifest() == null ? null
                    : opened.getManifest().getMainAttributes().getValue(new Attributes.Name("Add-Opens"));
            for (String module : opens == null ? new String[0] : opens.trim().split("\\s+")) {
                command.add("--add-opens=" + module + "=ALL-UNNAMED");
            }
        } catch (IOException unreadable) {
            return; // a jar being rebuilt: the next call starts the server
        }
        command.addAll(List.of("-cp", jar.toString(), WarmServer.class.getName(), socket.toString(),
                commands.getClass().getName()));
        command.addAll(Arrays.asList(firstCall));
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

    /** The jar {@code type} was loaded from, or null when it runs from classes (tests, an IDE). */
    private static Path jar(Class<?> type) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
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
