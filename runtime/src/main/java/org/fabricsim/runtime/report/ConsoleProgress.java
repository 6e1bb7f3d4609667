package org.fabricsim.runtime.report;

import java.io.PrintStream;
import java.util.Locale;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.study.StudyRunner;

/**
 * A one-line progress bar on standard error, redrawn in place ({@code \r}) as runs finish, ended
 * with a newline after the last. Only for terminals: {@link #forTerminal} gives no bar when standard
 * error is redirected, so logs and pipes stay clean.
 */
public final class ConsoleProgress implements StudyRunner.Progress {
    private static final int WIDTH = 30;
    private final PrintStream err;

    private ConsoleProgress(PrintStream err) {
        this.err = err;
    }

    /** A bar on {@code err} when the process has a console (stderr is a terminal), else none. */
    public static StudyRunner.Progress forTerminal(PrintStream err) {
        return System.console() == null ? StudyRunner.Progress.NONE : new ConsoleProgress(err);
    }

    /** A bar on {@code err} regardless of the terminal (for tests). */
    public static StudyRunner.Progress always(PrintStream err) {
        return new ConsoleProgress(err);
    }

    @Override
    public synchronized void finished(int done, int total, RunResult run) {
        int filled = total == 0 ? WIDTH : done * WIDTH / total;
        err.print(String.format(Locale.ROOT, "\r[%s%s] %d/%d runs  %s%s", "#".repeat(filled), ".".repeat(WIDTH - filled),
                done, total, run.succeeded() ? "" : "failed: ", run.name()));
        err.print("\u001b[K");
        if (done == total) {
            err.println();
        }
        err.flush();
    }
}
