package org.fabricsim.generator.cli.warm;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** A real warm server of {@link FabricCommands} on a thread of the test's JVM, and a model, for the warm tests. */
final class ServerThreads {
    private ServerThreads() {
    }

    /** A two-node ring benchmark in package {@code packageName}: a call that parses, validates and simulates. */
    static String ring(String packageName) {
        return """
                package %s
                cluster TwoNodes {
                    nodes 2 x 8 accelerators
                    link 400 Gb/s latency 1 us
                }
                benchmark Ring {
                    all-reduce ring
                    on TwoNodes
                    sizes 1 MiB, 64 MiB
                }
                """.formatted(packageName);
    }

    /**
     * Starts a server at {@code socket} (it leaves after 5 idle minutes, or when its socket is taken away) and returns
     * its thread once the server has written its process file, so that it answers; fails the test after 120 s.
     */
    static Thread serve(Path socket) {
        Thread serving = new Thread(() -> {
            try {
                new WarmServer(socket, Duration.ofMinutes(5), new FabricCommands()).serve();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        serving.start();
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            while (!Files.exists(WarmWire.pidFile(socket))) {
                Thread.sleep(50);
            }
        });
        return serving;
    }
}
