package org.fabricsim.sweep;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Spark standalone cluster on the loopback address: a master and a worker of two cores started as child
 * JVMs from this JVM's class path (which holds Spark), each on ports found free, with small heaps. SPARK_HOME
 * is a scratch folder with an empty {@code jars} folder, which a worker requires to launch executors; the
 * executors get their classes from the application's {@code spark.executor.extraClassPath}. Closing kills
 * the worker's executors, the worker and the master, whatever state they are in.
 */
final class LoopbackCluster implements AutoCloseable {
    static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    /**
     * Options of a JVM that starts fast and takes little: the master and the worker only pass messages and the
     * executor simulates a few milliseconds of runs, so the client compiler and the serial collector do.
     */
    static final List<String> FAST_START = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    private final Path home;
    private final List<Process> processes = new ArrayList<>();
    private final int masterPort;

    LoopbackCluster(Path home) throws IOException, InterruptedException {
        this.home = home;
        Files.createDirectories(home.resolve("jars"));
        masterPort = freePort();
        try {
            Process master = launch("master", "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1",
                    "--port", "" + masterPort, "--webui-port", "" + freePort());
            awaitPort(master, masterPort, "master");
            launch("worker", "org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1", "--port",
                    "" + freePort(), "--webui-port", "" + freePort(), "--cores", "2", "--memory", "1g", "--work-dir",
                    home.resolve("work").toString(), masterUrl());
        } catch (IOException | InterruptedException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** The master's address for {@code spark.master}. */
    String masterUrl() {
        return "spark://127.0.0.1:" + masterPort;
    }

    /** The class path the cluster runs on, for the executors. */
    static String classPath() {
        return System.getProperty("java.class.path");
    }

    /** The last lines the master, the worker and the executors wrote, to explain a failure. */
    String logs() throws IOException {
        StringBuilder out = new StringBuilder();
        try (var files = Files.walk(home)) {
            for (Path log : files.filter(p -> p.toString().endsWith(".log") || p.endsWith("stderr")).toList()) {
                List<String> lines = Files.readAllLines(log);
                out.append("== ").append(log).append('\n')
                        .append(String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size())))
                        .append('\n');
            }
        }
        return out.toString();
    }

    @Override
    public void close() {
        for (int i = processes.size() - 1; i >= 0; i--) {
            Process process = processes.get(i);
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private Process launch(String name, String mainClass, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx256m");
        command.addAll(FAST_START);
        // the --add-opens flags Spark needs on Java 17, as this JVM got them (the sweep module's argLine)
        ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("--add-opens") || a.startsWith("-Djdk.reflect") || a.startsWith("-Dio.netty"))
                .forEach(command::add);
        command.add("-cp");
        command.add(classPath());
        command.add(mainClass);
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(home.resolve(name + ".log").toFile());
        builder.environment().put("SPARK_HOME", home.toString());
        builder.environment().put("SPARK_SCALA_VERSION", "2.13");
        builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        Process process = builder.start();
        processes.add(process);
        return process;
    }

    private void awaitPort(Process process, int port, String name) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the Spark " + name + " exited with " + process.exitValue() + "\n"
                        + logs());
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException e) {
                Thread.sleep(200);
            }
        }
        throw new IllegalStateException("the Spark " + name + " did not listen on " + port + " within "
                + START_TIMEOUT + "\n" + logs());
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
