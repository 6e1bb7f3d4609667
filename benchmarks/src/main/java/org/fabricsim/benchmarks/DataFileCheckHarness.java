package org.fabricsim.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Supplier;

import org.fabricsim.runtime.inference.DataFileCheck;

/**
 * What the editor's check of a serving data file costs per validation ({@link DataFileCheck}, called by the DSL's
 * {@code TrafficValidator}), one thread. Usage:
 *
 * <pre>  java -cp benchmarks.jar org.fabricsim.benchmarks.DataFileCheckHarness RUNS [BYTES]</pre>
 *
 * Writes a request trace of at most BYTES (1 MiB by default, the most the editor reads) to a temporary folder, rows
 * {@code t,prompt,output} a millisecond apart, and times RUNS calls of {@code traceProblem} of one {@code
 * DataFileCheck} (as the editor's injector holds one) of each kind, after RUNS warm-up calls:
 * <ul>
 * <li><b>edited</b>: the file's last-modified time moved a millisecond before each call (outside the timing), so that
 * every call misses what the check kept and reads the whole file, as the run parses it;</li>
 * <li><b>unchanged</b>: the same file unchanged, answered from what the check kept.</li>
 * </ul>
 * Prints each kind's median, minimum and maximum in milliseconds. With a {@code DataFileCheck} that keeps nothing
 * (before session 65) both kinds read the file.
 */
public final class DataFileCheckHarness {
    private DataFileCheckHarness() {
    }

    public static void main(String[] args) throws IOException {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 21;
        long bytes = args.length > 1 ? Long.parseLong(args[1]) : 1L << 20;
        Path dir = Files.createTempDirectory("fabric-data-file-check");
        Path trace = dir.resolve("trace.csv");
        try {
            int rows = writeTrace(trace, bytes);
            System.out.printf(Locale.ROOT, "trace of %,d rows, %,d bytes%n", rows, Files.size(trace));
            DataFileCheck check = new DataFileCheck();
            report("edited", time(runs, () -> check.traceProblem(trace), () -> touch(trace)));
            report("unchanged", time(runs, () -> check.traceProblem(trace), () -> { }));
        } finally {
            Files.deleteIfExists(trace);
            Files.deleteIfExists(dir);
        }
    }

    /** Writes rows a millisecond apart while the file stays within {@code bytes}; the rows written. */
    private static int writeTrace(Path trace, long bytes) throws IOException {
        StringBuilder text = new StringBuilder();
        int rows = 0;
        while (true) {
            String row = String.format(Locale.ROOT, "%.3f,%d,%d%n", rows / 1000.0, 100 + rows % 900, 20 + rows % 200);
            if (text.length() + row.length() > bytes) {
                break;
            }
            text.append(row);
            rows++;
        }
        Files.writeString(trace, text);
        return rows;
    }

    /** Moves {@code file}'s last-modified time a millisecond on, so that the check sees an edited file. */
    private static void touch(Path file) {
        try {
            Files.setLastModifiedTime(file, FileTime.fromMillis(Files.getLastModifiedTime(file).toMillis() + 1));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code runs} warm-up calls, then the milliseconds of {@code runs} timed calls, each after {@code before}. */
    private static double[] time(int runs, Supplier<?> call, Runnable before) {
        double[] millis = new double[runs];
        for (int i = 0; i < 2 * runs; i++) {
            before.run();
            long start = System.nanoTime();
            call.get();
            if (i >= runs) {
                millis[i - runs] = (System.nanoTime() - start) / 1e6;
            }
        }
        Arrays.sort(millis);
        return millis;
    }

    private static void report(String kind, double[] sortedMillis) {
        System.out.printf(Locale.ROOT, "%-9s median %.3f ms (min %.3f, max %.3f, %d runs)%n", kind,
                sortedMillis[sortedMillis.length / 2], sortedMillis[0], sortedMillis[sortedMillis.length - 1],
                sortedMillis.length);
    }
}
