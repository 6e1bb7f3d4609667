package org.fabricsim.examples;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import org.fabricsim.runtime.ProgramMain;
import org.fabricsim.runtime.result.ExpectationResult;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.StudySpec;

/**
 * The programs the build generated from the examples (one per study, and per workload no study covers), each run
 * once per test JVM through {@link ProgramMain} with every report it can write, into the build's
 * {@code example-runs} folder. The tests that read the runs share them, so no example is simulated twice.
 */
final class ExamplePrograms {
    static final Path GENERATED = Path.of(System.getProperty("fabricsim.generated"));
    private static final Path OUTPUT = Path.of(System.getProperty("fabricsim.exampleRuns"));
    private static final Map<String, Program> RUNS = new ConcurrentHashMap<>();

    static {
        try {
            clear(OUTPUT);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ExamplePrograms() {
    }

    /** The generated programs' sources, in name order. */
    static List<Path> sources() throws IOException {
        try (Stream<Path> walk = Files.walk(GENERATED)) {
            return walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    /** The program generated as {@code source}, run on first use. */
    static Program run(Path source) {
        return RUNS.computeIfAbsent(className(source), ExamplePrograms::simulate);
    }

    private static Program simulate(String className) {
        try {
            StudySpec study = (StudySpec) Class.forName(className).getMethod("study").invoke(null);
            Path prefix = OUTPUT.resolve(className);
            ByteArrayOutputStream console = new ByteArrayOutputStream();
            List<Run> runs = new ArrayList<>();
            int exit = ProgramMain.run(study, new String[] { "--json", prefix + ".json", "--csv", prefix + ".csv",
                "--html", prefix + ".html", "--trace", prefix + ".trace.json" },
                    new PrintStream(console, true, StandardCharsets.UTF_8), System.err,
                    result -> result.runs().forEach(run -> runs.add(Run.of(run))));
            return new Program(study, exit, console.toString(StandardCharsets.UTF_8), prefix, runs);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot load the generated program " + className, e);
        }
    }

    private static String className(Path source) {
        String relative = GENERATED.relativize(source).toString();
        return relative.substring(0, relative.length() - ".java".length()).replace('/', '.');
    }

    private static void clear(Path folder) throws IOException {
        if (Files.exists(folder)) {
            try (Stream<Path> walk = Files.walk(folder)) {
                for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
        Files.createDirectories(folder);
    }

    /**
     * One program's run.
     *
     * @param study   the study it ran
     * @param exit    its exit code
     * @param console what it printed
     * @param prefix  its reports are this path with {@code .json}, {@code .csv}, {@code .html} and {@code .trace.json}
     * @param runs    the study's runs, in order
     */
    record Program(StudySpec study, int exit, String console, Path prefix, List<Run> runs) {
        Path report(String suffix) {
            return Path.of(prefix + suffix);
        }
    }

    /**
     * What one run held against its study's expectations.
     *
     * @param name         the run's name
     * @param error        why it failed, or {@code null}
     * @param expectations its expectation results; empty when it failed
     */
    record Run(String name, String error, List<ExpectationResult> expectations) {
        static Run of(RunResult run) {
            return new Run(run.name(), run.error(), run.expectations());
        }
    }
}
