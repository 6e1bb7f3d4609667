package org.fabricsim.runtime;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Consumer;

import org.fabricsim.runtime.report.ChromeTrace;
import org.fabricsim.runtime.report.ConsoleProgress;
import org.fabricsim.runtime.report.HtmlReport;
import org.fabricsim.runtime.result.ConsoleTable;
import org.fabricsim.runtime.result.Csv;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.WorkloadSpec;
import org.fabricsim.runtime.study.StudyRunner;

/**
 * The {@code main} of every generated simulation program: runs the study on the local cores (a
 * progress bar on standard error when it is a terminal), prints the console summary and writes the
 * requested reports. Existing report files are kept unless {@code --force} is given.
 */
public final class ProgramMain {
    /** Exit code for success. */
    public static final int EXIT_OK = 0;
    /** Exit code for a bad command line or an unwritable file. */
    public static final int EXIT_USAGE = 2;
    /**
     * The reports a program can write, by option, and how each is rendered from the result and the
     * studies it ran (the HTML report draws their clusters).
     */
    public static final Map<String, BiFunction<StudyResult, List<StudySpec>, String>> REPORTS = reports();

    private ProgramMain() {
    }

    private static Map<String, BiFunction<StudyResult, List<StudySpec>, String>> reports() {
        Map<String, BiFunction<StudyResult, List<StudySpec>, String>> reports = new LinkedHashMap<>();
        reports.put("--json", (result, studies) -> result.toJson());
        reports.put("--csv", (result, studies) -> Csv.render(result));
        reports.put("--html", (result, studies) -> HtmlReport.render(result, clusters(studies), jobs(studies)));
        reports.put("--trace", (result, studies) -> ChromeTrace.render(result));
        return reports;
    }

    /** The clusters of the studies' workloads, in order. */
    private static List<ClusterSpec> clusters(List<StudySpec> studies) {
        return studies.stream().flatMap(study -> study.workloads().stream()).map(WorkloadSpec::cluster)
                .filter(Objects::nonNull).toList();
    }

    /** The training jobs of the studies, in order. */
    private static List<TrainingSpec> jobs(List<StudySpec> studies) {
        return studies.stream().flatMap(study -> study.workloads().stream()).filter(TrainingSpec.class::isInstance)
                .map(TrainingSpec.class::cast).toList();
    }

    /** Runs {@code study} with the program's arguments and exits with 0, or 2 on bad usage. */
    public static void main(StudySpec study, String[] args) {
        System.exit(run(study, args, System.out, System.err));
    }

    /** Runs {@code study}; returns the process exit code instead of exiting. */
    public static int run(StudySpec study, String[] args, PrintStream out, PrintStream err) {
        return run(study, args, out, err, result -> {
        });
    }

    /**
     * Runs {@code study} as {@link #run(StudySpec, String[], PrintStream, PrintStream)} does, handing its result to
     * {@code results} once it ran (before the reports are written), so that a caller can read what it printed.
     */
    public static int run(StudySpec study, String[] args, PrintStream out, PrintStream err,
            Consumer<StudyResult> results) {
        Map<String, Path> outputs = new LinkedHashMap<>();
        boolean force = false;
        StudySpec toRun = study;
        int threads = StudyRunner.localCores();
        try {
            for (int i = 0; i < args.length; i++) {
                String arg = args[i];
                if ("--force".equals(arg)) {
                    force = true;
                } else if ("--help".equals(arg) || "-h".equals(arg)) {
                    err.println(usage(study));
                    return EXIT_OK;
                } else if (i + 1 < args.length && REPORTS.containsKey(arg)) {
                    outputs.put(arg, Path.of(args[++i]));
                } else if (i + 1 < args.length && "--seed".equals(arg)) {
                    toRun = toRun.withSeed(Long.parseLong(args[++i]));
                } else if (i + 1 < args.length && "--threads".equals(arg)) {
                    threads = Integer.parseInt(args[++i]);
                } else {
                    err.println("unexpected argument '" + arg + "'\n" + usage(study));
                    return EXIT_USAGE;
                }
            }
        } catch (NumberFormatException e) {
            err.println("not a whole number: " + e.getMessage() + "\n" + usage(study));
            return EXIT_USAGE;
        }
        List<String> existing = new ArrayList<>();
        outputs.values().stream().filter(Files::exists).forEach(p -> existing.add(p.toString()));
        if (!force && !existing.isEmpty()) {
            err.println("error: " + String.join(", ", existing) + " already exist(s); add --force to replace");
            return EXIT_USAGE;
        }
        if (threads < 1) {
            err.println("error: --threads must be at least 1");
            return EXIT_USAGE;
        }
        StudyResult result = new StudyRunner(new Simulator()::run, threads, ConsoleProgress.forTerminal(err)).run(toRun);
        results.accept(result);
        out.print(ConsoleTable.render(result));
        for (Map.Entry<String, Path> output : outputs.entrySet()) {
            try {
                Path parent = output.getValue().toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                Files.writeString(output.getValue(), REPORTS.get(output.getKey()).apply(result, List.of(toRun)), StandardCharsets.UTF_8);
            } catch (IOException e) {
                err.println("error: cannot write " + output.getValue() + ": " + e.getMessage());
                return EXIT_USAGE;
            }
        }
        return EXIT_OK;
    }

    private static String usage(StudySpec study) {
        return "usage: java " + study.name() + " [--json FILE] [--csv FILE] [--html FILE] [--trace FILE] [--seed N]"
                + " [--threads N] [--force]";
    }
}
