package org.fabricsim.sweep;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.fabricsim.generator.cli.ExitCodes;
import org.fabricsim.generator.cli.UserError;
import org.fabricsim.runtime.study.StudyRunner;

/**
 * Starts the Spark application a sweep runs in. A standalone master ({@code spark://host:port}, several
 * comma-separated for high availability) must answer a TCP connection within {@value #CONNECT_MILLIS} ms,
 * so that a wrong address fails at once with the address tried instead of after Spark's minute of retries.
 * Outside {@code local} mode the executors fetch the jars that hold the runtime and this module (when the
 * driver runs from jars, as {@code fabric-sweep.jar} does) unless {@code spark.jars} is set (spark-submit sets it). Spark's
 * web UI is off unless {@code spark.ui.enabled} says otherwise: a sweep needs no port of its own.
 */
final class SparkApps {
    static final int CONNECT_MILLIS = 5_000;

    private SparkApps() {
    }

    /**
     * A Spark application on {@code master} with the given extra settings; with {@code master} {@code null}, on the
     * master spark-submit chose, else {@code local[*]}.
     */
    static JavaSparkContext start(String master, Map<String, String> settings, String name) {
        SparkConf conf = new SparkConf();
        String chosen = chosenMaster(master);
        if (chosen.startsWith("spark://")) {
            requireReachable(chosen);
        }
        conf.setMaster(chosen).setAppName(name).setIfMissing("spark.ui.enabled", "false");
        if (!chosen.startsWith("local") && !conf.contains("spark.jars")) {
            List<String> jars = shippedJars();
            if (!jars.isEmpty()) {
                conf.set("spark.jars", String.join(",", jars));
            }
        }
        settings.forEach(conf::set);
        return new JavaSparkContext(conf);
    }

    /** {@code master}, or where it is {@code null} the master spark-submit chose, else {@code local[*]}. */
    static String chosenMaster(String master) {
        return master != null ? master : new SparkConf().get("spark.master", "local[*]");
    }

    /** Where a sweep gets its Spark application: a new one ({@link #startInBackground}) or one kept ({@link KeptSpark}). */
    interface Source {
        /** The application for {@code master} and {@code settings}, starting; closing it ends the sweep's use of it. */
        Starting open(String master, Map<String, String> settings, String name);
    }

    /**
     * {@link #start} on a thread of its own: returns at once, so that the SparkContext's start (about 3 s of CPU:
     * loading Spark's classes, its RPC environment, block manager and scheduler) runs on the second core while the
     * driver parses, validates and expands the model, work the local runner does too. {@link Starting#get} waits
     * for it; closing a {@link Starting} stops the application once it has started, used or not.
     */
    static Starting startInBackground(String master, Map<String, String> settings, String name) {
        return new Starting(CompletableFuture.supplyAsync(() -> start(master, settings, name), task -> {
            Thread starter = new Thread(task, "fabric sweep: starting Spark");
            starter.setDaemon(true);
            starter.start();
        }), true);
    }

    /** A Spark application being started by {@link #startInBackground}. */
    static final class Starting implements AutoCloseable {
        private final CompletableFuture<JavaSparkContext> context;
        /** Whether {@link #close} stops the application; a {@link #borrowed} one is left running. */
        private final boolean stopsOnClose;

        private Starting(CompletableFuture<JavaSparkContext> context, boolean stopsOnClose) {
            this.context = context;
            this.stopsOnClose = stopsOnClose;
        }

        /** The same application, whose {@link #close} leaves it running for the next sweep. */
        Starting borrowed() {
            return new Starting(context, false);
        }

        /** Whether a sweep can still use it: starting, or started and not stopped since. */
        boolean usable() {
            if (!context.isDone()) {
                return true;
            }
            JavaSparkContext started = context.exceptionally(failure -> null).join();
            return started != null && !started.sc().isStopped();
        }

        /** The started application; throws what its start threw (an unreachable master's {@link UserError}). */
        JavaSparkContext get() {
            try {
                return context.join();
            } catch (CompletionException e) {
                throw e.getCause() instanceof RuntimeException cause ? cause
                        : new IllegalStateException("the Spark application did not start", e.getCause());
            }
        }

        /** Stops the application after its start finished (unless borrowed); nothing to stop when its start failed. */
        @Override
        public void close() {
            JavaSparkContext started = stopsOnClose ? context.exceptionally(failure -> null).join() : null;
            if (started != null) {
                started.close();
            }
        }
    }

    /** Fails unless one of the standalone masters in {@code master} accepts a connection. */
    static void requireReachable(String master) {
        String failure = "";
        for (String address : master.substring("spark://".length()).split(",")) {
            int colon = address.lastIndexOf(':');
            String host = colon < 0 ? address : address.substring(0, colon);
            int port;
            try {
                port = colon < 0 ? 7077 : Integer.parseInt(address.substring(colon + 1));
            } catch (NumberFormatException e) {
                throw new UserError("--master " + master + ": '" + address.substring(colon + 1) + "' is not a port;"
                        + " write spark://HOST:PORT, or local[*] to run on this machine", ExitCodes.USAGE);
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(host, port), CONNECT_MILLIS);
                return;
            } catch (IOException e) {
                failure = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            }
        }
        throw new UserError("cannot reach the Spark master at " + master + " (" + failure + "); check the address"
                + " and that the master runs, or run on this machine with --master local[*]", ExitCodes.USAGE);
    }

    /** The jars an executor needs (the runtime's and this module's), where the driver loaded them from jars. */
    private static List<String> shippedJars() {
        List<String> jars = new ArrayList<>();
        for (Class<?> type : List.of(StudyRunner.class, SparkApps.class)) {
            CodeSource source = type.getProtectionDomain().getCodeSource();
            if (source == null) {
                continue;
            }
            try {
                Path location = Path.of(source.getLocation().toURI());
                if (Files.isRegularFile(location)) {
                    jars.add(location.toUri().toString());
                }
            } catch (URISyntaxException e) {
                throw new IllegalStateException("the class path holds an unreadable location " + source.getLocation(), e);
            }
        }
        return jars;
    }
}
