package org.fabricsim.generator.cli.warm;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The relay-only client: {@code java -cp GENERATOR_JAR ...WarmRelay JAR KIND ARGS...} hands the call {@code ARGS},
 * made in this folder, to the warm server of kind {@code KIND} ({@link WarmCommands#kind}) started from {@code JAR},
 * through the same {@link WarmClient#relay} as {@link WarmClient}, copies what it prints and exits with its exit code.
 * Where no server answers, the server declines the call (it decides, with its {@link WarmCommands#serves}), or it
 * stops mid-call, the relay exits with {@link #NOT_RELAYED} and {@code ./fabric} runs the call cold
 * ({@code java -jar JAR}), which starts a server. It loads the JDK and this package's wire classes only, so that
 * {@code fabric sweep}'s client reaches a server that holds Spark without Spark's 150 jars on its class path or
 * their 68 MB class-data archive mapped (docs/performance.md, "A relay-only client for the sweep").
 */
public final class WarmRelay {
    /** The exit code that says no server ran the call: none of {@code ExitCodes}' (sysexits' EX_TEMPFAIL). */
    public static final int NOT_RELAYED = 75;

    private WarmRelay() {
    }

    public static void main(String[] args) {
        System.exit(relay(args));
    }

    /** Relays {@code JAR KIND ARGS...} as {@link #main} does; the server's exit code, or {@link #NOT_RELAYED}. */
    static int relay(String[] args) {
        if (args.length < 2 || WarmWire.switchedOff()) {
            return NOT_RELAYED;
        }
        Path socket;
        try {
            socket = WarmWire.socketFor(Path.of(args[0]), args[1]);
        } catch (IOException | UnsupportedOperationException noSocket) { // no such jar, or no private folder here
            return NOT_RELAYED;
        }
        Integer code = WarmClient.relay(socket, Path.of("").toAbsolutePath(), Arrays.copyOfRange(args, 2, args.length),
                System.out, System.err);
        return code == null ? NOT_RELAYED : code;
    }
}
