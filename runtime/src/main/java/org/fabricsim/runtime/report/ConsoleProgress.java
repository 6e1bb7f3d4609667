package org.fabricsim.runtime.report;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.study.StudyRunner;

/**
 * A one-line progress bar on standard error, redrawn in place ({@code \r}) as runs finish, ended
 * with a newline after the last: runs done of the total, runs failed so far, and the time left
 * estimated from the mean time per finished run since the bar was made, {@code elapsed · (total −
 * done) / done} (exact when the runs left take as long as those done). Only for terminals: {@link
 * #forTerminal} gives no bar when standard error is redirected, so logs and pipes stay clean.
 */
public final class ConsoleProgress implements StudyRunner.Progress {
    private static final int WIDTH = 30;
    private final PrintStream err;
    private final LongSupplier nanoTime;
    private final long startNanos;
    private int failed;

    private ConsoleProgress(PrintStream err, LongSupplier nanoTime) {
        this.err = err;
        this.nanoTime = nanoTime;
        this.startNanos = nanoTime.getAsLong();
    }

    /** A bar on {@code err} when the process has a console (stderr is a terminal), else none. */
    public static StudyRunner.Progress forTerminal(PrintStream err) {
        return System.console() == null ? StudyRunner.Progress.NONE : new ConsoleProgress(err, System::nanoTime);
    }

    /** A bar on {@code err} regardless of the terminal, timed by {@code nanoTime} (for tests). */
    public static StudyRunner.Progress always(PrintStream err, LongSupplier nanoTime) {
        return new ConsoleProgress(err, nanoTime);
    }

    @Override
    public synchronized void finished(int done, int total, RunResult run) {
        failed += run.succeeded() ? 0 : 1;
        int filled = total == 0 ? WIDTH : done * WIDTH / total;
        long leftSeconds = Math.round((nanoTime.getAsLong() - startNanos) / 1e9 * (total - done) / Math.max(1, done));
        err.print(String.format(Locale.ROOT, "\r[%s%s] %d/%d runs%s  ETA %s  %s%s", "#".repeat(filled),
                ".".repeat(WIDTH - filled), done, total, failed == 0 ? "" : ", " + failed + " failed",
                duration(leftSeconds), run.succeeded() ? "" : "failed: ", run.name()));
        err.print("\u001b[K");
        if (done == total) {
            err.println();
        }
        err.flush();
    }

    /** {@code seconds} as {@code 1h02m}, {@code 3m05s} or {@code 42s}. */
    static String duration(long seconds) {
        if (seconds >= 3600) {
            return String.format(Locale.ROOT, "%dh%02dm", seconds / 3600, seconds % 3600 / 60);
        }
        return seconds >= 60 ? String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60) : seconds + "s";
    }
}
