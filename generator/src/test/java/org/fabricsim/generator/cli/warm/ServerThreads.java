package org.fabricsim.generator.cli.warm;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** A real warm server of {@link FabricCommands} on a thread of the test's JVM, for the warm tests to call. */
final class ServerThreads {
    private ServerThreads() {
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
