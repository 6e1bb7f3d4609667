package org.fabricsim.generator.cli.warm;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * What the {@code fabric} command and its warm server say to each other over a Unix socket. The
 * client sends one {@link Request}; the server answers with frames (a type byte, a length, the
 * bytes) of standard output and standard error as they are written, then one {@link #EXIT} frame
 * holding the exit code; or, for a call it does not serve, one {@link #DECLINED} frame and nothing else. A
 * connection that ends before either means the server died.
 */
public final class WarmWire {
    static final byte OUT = 1;
    static final byte ERR = 2;
    static final byte EXIT = 3;
    /** The server's answer to a call its {@link WarmCommands#serves} does not take: nothing ran, the client runs it. */
    static final byte DECLINED = 4;
    /** {@code FABRICSIM_WARM=off} runs every call in its own process and starts no server. */
    static final String SWITCH = "FABRICSIM_WARM";

    private WarmWire() {
    }

    /** Whether {@code FABRICSIM_WARM=off} asks for every call in its own process. */
    static boolean switchedOff() {
        return "off".equals(System.getenv(SWITCH));
    }

    /**
     * The socket of the server of {@code kind} ({@link WarmCommands#kind}) for this build of the command line:
     * one per jar path, size and modification time, so a rebuilt jar gets a server of its own. It lies in a
     * folder that only its user can enter, under {@code java.io.tmpdir}.
     */
    static Path socketFor(Path jar, String kind) throws IOException {
        String build = jar.toAbsolutePath() + "|" + Files.size(jar) + "|" + Files.getLastModifiedTime(jar).toMillis();
        Path folder = Path.of(System.getProperty("java.io.tmpdir"), "fabricsim-" + System.getProperty("user.name"));
        if (!Files.isDirectory(folder)) {
            Files.createDirectories(folder, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        return folder.resolve(kind + "-" + Long.toHexString(fnv1a(build)) + ".sock");
    }

    /** The file beside the socket where its server writes its process id. */
    public static Path pidFile(Path socket) {
        return socket.resolveSibling(socket.getFileName() + ".pid");
    }

    /** 64-bit FNV-1a of the string's characters: a stable key, not a secret. */
    private static long fnv1a(String text) {
        long hash = 0xcbf29ce484222325L;
        for (int i = 0; i < text.length(); i++) {
            hash = (hash ^ text.charAt(i)) * 0x100000001b3L;
        }
        return hash;
    }

    /** One call: the client's working directory, whether its standard error is a terminal, the arguments. */
    record Request(String workingDirectory, boolean terminal, String[] args) {
        void write(DataOutputStream out) throws IOException {
            out.writeUTF(workingDirectory);
            out.writeBoolean(terminal);
            out.writeInt(args.length);
            for (String arg : args) {
                out.writeUTF(arg);
            }
            out.flush();
        }

        static Request read(DataInputStream in) throws IOException {
            String workingDirectory = in.readUTF();
            boolean terminal = in.readBoolean();
            int count = in.readInt();
            if (count < 0 || count > 10_000) {
                throw new IOException("a request of " + count + " arguments");
            }
            String[] args = new String[count];
            for (int i = 0; i < count; i++) {
                args[i] = in.readUTF();
            }
            return new Request(workingDirectory, terminal, args);
        }
    }
}
