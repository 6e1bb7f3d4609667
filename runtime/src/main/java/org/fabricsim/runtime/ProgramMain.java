package org.fabricsim.runtime;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.fabricsim.runtime.result.ConsoleTable;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.StudySpec;

/**
 * The {@code main} of every generated simulation program: runs the study, prints the console
 * table and, with {@code --json FILE}, writes the JSON result.
 */
public final class ProgramMain {
    /** Exit code for a bad command line. */
    public static final int EXIT_USAGE = 2;

    private ProgramMain() {
    }

    /** Runs {@code study} with the program's arguments and exits with 0, or 2 on bad usage. */
    public static void main(StudySpec study, String[] args) {
        System.exit(run(study, args, System.out, System.err));
    }

    /** Runs {@code study}; returns the process exit code instead of exiting. */
    public static int run(StudySpec study, String[] args, PrintStream out, PrintStream err) {
        Path json = null;
        for (int i = 0; i < args.length; i++) {
            if ("--json".equals(args[i]) && i + 1 < args.length) {
                json = Path.of(args[++i]);
            } else {
                err.println("usage: java " + study.model() + " [--json FILE]  (unexpected argument '" + args[i] + "')");
                return EXIT_USAGE;
            }
        }
        StudyResult result = new Simulator().run(study);
        out.print(ConsoleTable.render(result));
        if (json != null) {
            try {
                Files.writeString(json, result.toJson(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                err.println("error: cannot write " + json + ": " + e.getMessage());
                return EXIT_USAGE;
            }
        }
        return 0;
    }
}
