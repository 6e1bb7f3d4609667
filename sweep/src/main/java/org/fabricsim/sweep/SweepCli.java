package org.fabricsim.sweep;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

import org.apache.spark.api.java.JavaSparkContext;
import org.fabricsim.generator.cli.ExitCodes;
import org.fabricsim.generator.cli.FabricCli;
import org.fabricsim.generator.cli.Programs;
import org.fabricsim.generator.cli.ReportFiles;
import org.fabricsim.generator.cli.UserError;
import org.fabricsim.generator.cli.WorkspaceOption;
import org.fabricsim.runtime.Version;
import org.fabricsim.runtime.report.ConsoleProgress;
import org.fabricsim.runtime.result.ConsoleTable;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.search.Search;
import org.fabricsim.runtime.search.SearchSize;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.study.StudyRunner;
import org.fabricsim.runtime.study.StudySize;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code fabric sweep}: {@code fabric simulate} with the runs on Apache Spark (docs/sweep.md). The model
 * is loaded and validated on the driver exactly as {@code simulate} does, while the Spark application starts
 * beside it ({@link SparkApps#startInBackground}); each study's runs then go to the executors of {@code --master}
 * ({@code local[*]}, the cores of this machine, by default). Run by {@code ./fabric sweep}, a sweep on a local master goes
 * to a warm sweep server that keeps its Spark application between calls ({@link WarmSweep}).
 */
@Command(name = "fabric sweep", mixinStandardHelpOptions = true, versionProvider = SweepCli.VersionProvider.class,
        description = "Simulates every run of the model's studies on Apache Spark and prints the results as"
                + " `fabric simulate` does. Exit codes: 0 ok, 1 model errors, 2 usage (an unreachable master),"
                + " 3 a run failed (or a study had more runs than one may plan).")
public final class SweepCli implements Callable<Integer> {
    /** Above this many runs in all a sweep asks for {@code --max-runs}. */
    static final int DEFAULT_MAX_RUNS = 10_000;

    @Parameters(paramLabel = "FILE", description = "the .fabric model")
    Path file;

    @Option(names = "--master", paramLabel = "URL", description = "the Spark master: local[N], spark://HOST:PORT or any"
            + " master Spark knows (default: spark-submit's --master, else local[*], this machine's cores)")
    String master;

    @Option(names = "--conf", paramLabel = "KEY=VALUE", description = "a Spark setting, as spark-submit's --conf")
    Map<String, String> settings = new LinkedHashMap<>();

    @Option(names = "--study", paramLabel = "NAME", description = "run only this study or workload (simple or qualified name)")
    String study;

    @Option(names = "--resume", paramLabel = "FILE", description = "keep each finished run in FILE; a rerun with the"
            + " same FILE simulates only the runs it does not hold (a FILE that another program wrote is refused and"
            + " left as it is)")
    Path resume;

    @Option(names = "--max-runs", paramLabel = "N", defaultValue = "" + DEFAULT_MAX_RUNS,
            description = "refuse a sweep of more runs than N (default: ${DEFAULT-VALUE})")
    int maxRuns;

    @CommandLine.Mixin
    ReportFiles reports;

    @Option(names = "--seed", paramLabel = "N", description = "seed every study with N instead of its own seed")
    Long seed;

    @CommandLine.Mixin
    WorkspaceOption workspaceOption;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Where the sweep's Spark application comes from: started for this sweep, or kept by a warm server. */
    private final SparkApps.Source sparkSource;
    /** Where the runs show their progress. */
    private final StudyRunner.Progress progress;

    /** A sweep in its own process: its application starts beside the parse and stops at its end. */
    SweepCli() {
        this(SparkApps::startInBackground, ConsoleProgress.forTerminal(System.err));
    }

    SweepCli(SparkApps.Source sparkSource, StudyRunner.Progress progress) {
        this.sparkSource = sparkSource;
        this.progress = progress;
    }

    /** The sweep in this process, as spark-submit's {@code --class} runs it ({@code ./fabric sweep} runs {@link WarmSweep#main}). */
    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the sweep {@code args} in this process on its standard streams; its exit code. */
    static int execute(String[] args) {
        return FabricCli.execute(new SweepCli(), new PrintWriter(System.out, true), new PrintWriter(System.err, true),
                args);
    }

    @Override
    public Integer call() {
        reports.check(file);
        ResumeFile.check(resume);
        StudyResult result;
        List<StudySpec> programs;
        Programs model;
        try (SparkApps.Starting spark = sparkSource.open(master, settings, "fabric sweep " + file.getFileName())) {
            model = FabricCli.programs(file, study, workspaceOption.root(),
                    spec.commandLine().getErr());
            programs = model.studies().stream().map(p -> seed == null ? p : p.withSeed(seed)).toList();
            if (programs.isEmpty()) {
                spec.commandLine().getOut().println(file + ": nothing to sweep: it defines no benchmark, training,"
                        + " inference or study");
                return ExitCodes.OK;
            }
            long runs = runs(file, model, programs);
            if (runs > maxRuns) {
                // the count with separators, as the editor writes a study's runs (107,200); the options as typed
                throw new UserError(file + ": the sweep has " + String.format(Locale.ROOT, "%,d", runs)
                        + " runs, more than --max-runs " + maxRuns
                        + "; narrow its vary lines" + (runs <= Integer.MAX_VALUE ? ", or raise the limit with"
                                + " --max-runs " + runs : " (--max-runs takes at most " + Integer.MAX_VALUE + ")"),
                        ExitCodes.USAGE);
            }
            result = sweep(spark.get(), model.model(), programs);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(ConsoleTable.render(result));
        out.flush();
        reports.write(result, programs);
        return ExitCodes.ofSimulation(result, false, name -> model.place(file, name), spec.commandLine().getErr());
    }

    /**
     * The runs of {@code programs} (of {@code model}, in {@code file}) in all, saturating at Long.MAX_VALUE: a sweep's,
     * and a search's product of its axes' value counts, as {@code --max-runs} has always counted it; never planned
     * ({@code StudyRunner.expand} refused a search of more than {@link StudySize#MAX_RUNS} combinations in an internal
     * error). A program whose runs the runner refuses to plan (a sweep, or a search's base jobs, of more than {@link
     * StudySize#MAX_RUNS}, or a search whose axes span more than {@link SearchSize#MAX_CONFIGURATIONS} configurations:
     * the editor's {@code fabric.study.too-many-runs}, which a model built without the editor skips) is refused in
     * {@link StudySize}'s or {@link SearchSize}'s words at its study's line with the exit code of a run that failed, as
     * {@code fabric simulate} fails it, before anything is submitted.
     */
    static long runs(Path file, Programs model, List<StudySpec> programs) {
        long runs = 0;
        for (StudySpec program : programs) {
            String refusal = program.search() == null ? StudySize.refusal(program)
                    : Optional.ofNullable(StudySize.refusal(Search.baseSweep(program)))
                            .orElse(SearchSize.refusal(program));
            if (refusal != null) {
                throw new UserError(model.where(file, program) + ": " + refusal, ExitCodes.RUNS_FAILED);
            }
            long more = StudySize.runs(program);
            runs = runs > Long.MAX_VALUE - more ? Long.MAX_VALUE : runs + more;
        }
        return runs;
    }

    /** Runs {@code programs} on {@code spark}, keeping each finished run in the resume file when there is one. */
    private StudyResult sweep(JavaSparkContext spark, String model, List<StudySpec> programs) {
        StudyResult result = new StudyResult(Version.TOOL, model, List.of(), List.of());
        try (ResumeFile kept = resume == null ? ResumeFile.none() : ResumeFile.open(resume)) {
            SparkSweep sweep = new SparkSweep(spark, progress);
            for (StudySpec program : programs) {
                result = result.plus(sweep.run(program, kept));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return result;
    }

    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] { "fabric sweep " + Version.TOOL };
        }
    }
}
