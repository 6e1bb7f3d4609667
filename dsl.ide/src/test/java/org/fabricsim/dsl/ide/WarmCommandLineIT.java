package org.fabricsim.dsl.ide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line as {@code ./fabric} runs it: the client in the packaged jar starts a warm server
 * after its first call, the next calls are answered by that server with the same output as a call in
 * its own process, and a server killed with SIGKILL costs nothing but a cold call that starts a new one.
 * Each JVM here gets the test's own temporary folder, where the server's socket, pid and log live.
 */
class WarmCommandLineIT {
    private static final Path JAR = Path.of(System.getProperty("fabricsim.server.jar"));
    private static final String QUICKSTART = Path.of("../examples/quickstart/ring-allreduce.fabric").toString();

    @TempDir
    Path tmp;

    private record Outcome(int exitCode, String out, String err) {
    }

    private Outcome fabric(boolean warm, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmp, "-cp", JAR.toString(), "org.fabricsim.generator.cli.warm.WarmClient"));
        command.addAll(List.of(args));
        File err = tmp.resolve("stderr.txt").toFile();
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(err);
        if (!warm) {
            builder.environment().put("FABRICSIM_WARM", "off");
        }
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "fabric did not finish");
        return new Outcome(process.exitValue(), out, Files.readString(err.toPath()));
    }

    /** The server's process id, once it has bound its socket (waits up to two minutes). */
    private long serverPid(long other) throws Exception {
        for (int i = 0; i < 1_200; i++) {
            try (Stream<Path> files = Files.walk(tmp)) {
                for (Path pid : files.filter(f -> f.getFileName().toString().endsWith(".sock.pid")).toList()) {
                    long value = Long.parseLong(Files.readString(pid).strip());
                    if (value != other) {
                        return value;
                    }
                }
            } catch (IOException | NumberFormatException racing) {
                // the file is being written or removed
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no warm server started");
    }

    private String serverLog() throws IOException {
        try (Stream<Path> files = Files.walk(tmp)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".sock.log")).map(f -> {
                try {
                    return Files.readString(f);
                } catch (IOException e) {
                    return "";
                }
            }).reduce("", String::concat);
        }
    }

    @AfterEach
    void killServers() throws IOException {
        try (Stream<Path> files = Files.walk(tmp)) {
            files.filter(f -> f.getFileName().toString().endsWith(".sock.pid")).forEach(pid -> {
                try {
                    ProcessHandle.of(Long.parseLong(Files.readString(pid).strip())).ifPresent(ProcessHandle::destroyForcibly);
                } catch (IOException | NumberFormatException gone) {
                    // it left by itself
                }
            });
        }
    }

    @Test
    void shouldAnswerFromAWarmServerAsInItsOwnProcessAndSurviveItsKilling() throws Exception {
        Outcome alone = fabric(false, "simulate", QUICKSTART);
        assertEquals(0, alone.exitCode(), alone.err());

        Outcome first = fabric(true, "simulate", QUICKSTART); // no server yet: runs here, then starts one
        assertEquals(alone, first);
        long pid = serverPid(-1);

        Outcome warm = fabric(true, "simulate", QUICKSTART);
        assertEquals(alone, warm);
        assertTrue(serverLog().contains("served 'simulate'"), "the warm server answered: " + serverLog());

        ProcessHandle server = ProcessHandle.of(pid).orElseThrow();
        server.destroyForcibly();
        server.onExit().get(30, TimeUnit.SECONDS);
        Outcome afterKill = fabric(true, "simulate", QUICKSTART);
        assertEquals(alone, afterKill, "a killed server costs one cold call");
        assertNotEquals(pid, serverPid(pid), "that call started a new server");
    }
}
