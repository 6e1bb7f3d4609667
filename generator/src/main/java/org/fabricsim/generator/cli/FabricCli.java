package org.fabricsim.generator.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Predicate;

import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.util.LineAndColumn;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.generator.ProgramRunner;
import org.fabricsim.runtime.Version;
import org.fabricsim.runtime.report.ConsoleProgress;
import org.fabricsim.runtime.result.ConsoleTable;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.study.StudyRunner;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The {@code fabric} command line. Exit codes: 0 ok, 1 model errors, 2 usage, 3 a simulated run failed
 * (or, with {@code --fail-on-miss}, a prediction missed a figure the study expects), 4 an internal error.
 */
@Command(name = "fabric", mixinStandardHelpOptions = true, versionProvider = FabricCli.VersionProvider.class,
        description = "Checks, generates and simulates AI-cluster models written in the Fabric language.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = { "0:success", "1:the model has errors (or 'format --check' found unformatted files)",
                "2:bad usage, or a file that cannot be read or written (or calibrate refused its measurements)",
                "3:simulate: the model is valid but at least one run failed (the reasons are in the results), or"
                        + " with --fail-on-miss a prediction missed an expected figure",
                "4:an internal error: a bug in FabricSim, not in the model" },
        footer = { "%nAlso: ./fabric sweep MODEL runs a study's runs on Apache Spark (docs/sweep.md)." },
        subcommands = { ValidateCommand.class, GenerateCommand.class, FabricCli.Simulate.class,
                FormatCommand.class, CalibrateCommand.class, DrawCommand.class, ExportCommand.class,
                ImportCommand.class, LspCommand.class })
public final class FabricCli {
    /** The prefix of the lock-in diagnostics' codes (IssueCodes.LOCK_IN_*), which simulate prints as summaries instead. */
    private static final String LOCK_IN_CODES = "fabric.lockin.";

    /** Where the runs of {@code simulate} show their progress. */
    private final StudyRunner.Progress progress;

    private FabricCli(StudyRunner.Progress progress) {
        this.progress = progress;
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line on the process's standard streams and returns its exit code. */
    public static int execute(String... args) {
        return execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
    }

    /** Runs the command line with the given output and error writers and returns its exit code. */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        return commandLine(new FabricCli(ConsoleProgress.forTerminal(System.err)), out, err).execute(args);
    }

    /**
     * Runs the command line for a caller in another process (the warm server's client): {@code paths}
     * turns the path arguments as typed into the files they name, and the progress bar goes to
     * {@code progress}.
     */
    public static int execute(CommandLine.ITypeConverter<Path> paths, StudyRunner.Progress progress, PrintWriter out,
            PrintWriter err, String... args) {
        return execute(new FabricCli(progress), paths, out, err, args);
    }

    /** Runs {@code commands} for a caller in another process, as {@link #execute(Object, PrintWriter, PrintWriter, String...)} with {@code paths}. */
    public static int execute(Object commands, CommandLine.ITypeConverter<Path> paths, PrintWriter out, PrintWriter err,
            String... args) {
        CommandLine cli = commandLine(commands, out, err);
        cli.registerConverter(Path.class, paths);
        return cli.execute(args);
    }

    /**
     * Runs {@code commands} (a picocli command, such as the sweep module's) with the given output and error
     * writers, reporting a {@link UserError} on one line with its exit code, and returns the exit code.
     */
    public static int execute(Object commands, PrintWriter out, PrintWriter err, String... args) {
        return commandLine(commands, out, err).execute(args);
    }

    private static CommandLine commandLine(Object commands, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(commands);
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler((e, command, parsed) -> {
            if (e instanceof UserError user) {
                command.getErr().println(Printable.of("fabric: " + user.getMessage()));
                command.getErr().flush();
                return user.exitCode();
            }
            return internalError(e, command.getErr());
        });
        cli.setParameterExceptionHandler((e, args) -> {
            e.getCommandLine().getErr().println(Printable.of("fabric: " + usageError(e)));
            e.getCommandLine().getErr().flush();
            return ExitCodes.USAGE;
        });
        return cli;
    }

    /**
     * A usage error on one line that says what to do, instead of picocli's message followed by the whole
     * help: an unknown command lists the commands ("fabric check" names validate), anything else points
     * at the command's own --help.
     */
    static String usageError(CommandLine.ParameterException e) {
        CommandLine command = e.getCommandLine();
        String help = "; see '" + command.getCommandSpec().qualifiedName() + " --help'";
        List<String> unmatched = e instanceof CommandLine.UnmatchedArgumentException u ? u.getUnmatched() : List.of();
        if (!command.getSubcommands().isEmpty() && !unmatched.isEmpty() && !unmatched.get(0).startsWith("-")) {
            return "unknown command '" + unmatched.get(0) + "': the commands are "
                    + String.join(", ", command.getSubcommands().keySet())
                    + " (validate checks models without simulating them)" + help;
        }
        return e.getMessage() + help;
    }

    /**
     * Reports an unexpected exception, a bug in FabricSim rather than a mistake in the model, on one line
     * without its message (which may quote the model) and returns {@link ExitCodes#INTERNAL_ERROR}, so that
     * scripts can tell it from model errors.
     */
    static int internalError(Exception e, PrintWriter err) {
        StackTraceElement[] trace = e.getStackTrace();
        err.println("fabric: internal error, a bug in FabricSim rather than in the model (" + e.getClass().getName()
                + (trace.length == 0 ? "" : " at " + trace[0]) + "); please report it with the command and the model");
        err.flush();
        return ExitCodes.INTERNAL_ERROR;
    }

    /** Loads and validates models in their workspace, printing every diagnostic; fails on errors. */
    static ModelWorkspace loadValid(List<Path> paths, Path workspaceRoot, PrintWriter diagnosticsOut) {
        return loadValid(paths, workspaceRoot, diagnosticsOut, d -> true);
    }

    /** As {@link #loadValid(List, Path, PrintWriter)}, printing only the diagnostics {@code shown} accepts (errors always). */
    static ModelWorkspace loadValid(List<Path> paths, Path workspaceRoot, PrintWriter diagnosticsOut,
            Predicate<FileDiagnostic> shown) {
        ModelWorkspace workspace = new ModelWorkspace(paths, workspaceRoot);
        workspace.diagnostics().stream().filter(d -> d.severity() == Severity.ERROR || shown.test(d))
                .forEach(d -> diagnosticsOut.println(d.format()));
        diagnosticsOut.flush();
        if (workspace.hasErrors()) {
            throw new UserError("the model has errors; fix them and run again", ExitCodes.MODEL_ERRORS);
        }
        return workspace;
    }

    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] { Version.TOOL };
        }
    }

    @Command(name = "simulate", mixinStandardHelpOptions = true,
            description = "Generates the model's programs (one per study, and per workload no study covers), compiles"
                    + " them in memory, runs every run of each on the local cores and prints the results; runs of a"
                    + " study are compared side by side against the first and held against the figures it expects,"
                    + " and the output ends with what each study decides: the run that wins (the highest MFU, the"
                    + " cheapest serving that meets its SLOs) and how far each other run is behind it."
                    + " Exit code 3 when a run fails, or with --fail-on-miss when a prediction misses its figure.")
    static final class Simulate extends ModelCommand {
        @Parameters(paramLabel = "FILE", description = "the .fabric model")
        Path file;

        @Option(names = "--study", paramLabel = "NAME", description = "run only this study or workload (simple or qualified name)")
        String study;

        @CommandLine.Mixin
        ReportFiles reports;

        @Option(names = "--seed", paramLabel = "N", description = "seed every study with N instead of its own seed")
        Long seed;

        @Option(names = "--network", paramLabel = "flow|packet|analytical", description = "run every collective"
                + " benchmark on this network model instead of the one its benchmark or study chooses (flow when"
                + " neither does); packet is the packet-level backend (docs/packet-backend.md)")
        String network;

        @Option(names = "--threads", paramLabel = "N", description = "runs in parallel (default: the local cores)")
        Integer threads;

        @Option(names = "--fail-on-miss", description = "exit with 3 when a prediction misses a figure a study expects"
                + " (a miss is a finding: without this flag the exit code stays 0)")
        boolean failOnMiss;

        @Option(names = "--full-comparison", description = "print every row of each study's side-by-side comparison"
                + " in one table, as wide as it takes; by default it shows the headline rows and the rows that differ"
                + " between the runs, lists the rows the same in every run on one line and wraps the runs to"
                + " 120 columns (the --json, --csv and --html results hold every row either way)")
        boolean fullComparison;

        @CommandLine.ParentCommand
        FabricCli cli;

        @Override
        public Integer call() {
            reports.check(file);
            if (threads != null && threads < 1) {
                throw new UserError("--threads must be at least 1", ExitCodes.USAGE);
            }
            Programs programs = programs(file, study, workspaceOption.root(), spec.commandLine().getErr());
            List<StudySpec> studies = NetworkOption.apply(network, programs.studies());
            if (studies.isEmpty()) {
                // A file of definitions only (a catalog, a cluster) is valid: say so and succeed.
                spec.commandLine().getOut().println(file + ": nothing to simulate: it defines no benchmark, training,"
                        + " inference or study" + (reports.none() ? "" : "; no report written"));
                return ExitCodes.OK;
            }
            ProgramRunner runner = new ProgramRunner(threads == null ? StudyRunner.localCores() : threads, cli.progress);
            StudyResult result = runner.run(programs.model(), studies,
                    seed == null ? OptionalLong.empty() : OptionalLong.of(seed));
            PrintWriter out = spec.commandLine().getOut();
            out.print(ConsoleTable.render(result, fullComparison));
            out.flush();
            reports.write(result, studies);
            return ExitCodes.ofSimulation(result, failOnMiss, study -> programs.place(file, study),
                    spec.commandLine().getErr());
        }
    }

    /**
     * Loads and validates {@code file} with what it needs from its workspace (all of their errors block, only the
     * file's own warnings show; lock-in is left to the summaries printed after the results) and maps it to its
     * programs, only those named {@code study} when it is given.
     */
    public static Programs programs(Path file, String study, Path workspaceRoot, PrintWriter err) {
        // Diagnostics name the file as typed, as validate's do.
        Path typed = ModelWorkspace.requireModelFile(file);
        ModelWorkspace workspace = loadValid(List.of(typed), workspaceRoot, err,
                d -> d.code() == null || !d.code().startsWith(LOCK_IN_CODES));
        Model root = workspace.models().get(typed);
        if (root == null) {
            return new Programs(null, List.of(), Map.of(), Map.of());
        }
        List<StudySpec> programs = select(workspace.mapper().toPrograms(root, file.toString()), study, file);
        return new Programs(root.getName() == null && !programs.isEmpty() ? programs.get(0).model() : root.getName(),
                programs, Programs.places(root, LineAndColumn::getLine), Programs.places(root, LineAndColumn::getColumn));
    }

    /** The programs named {@code study} (simple or qualified name) of model {@code file}, or all when it is {@code null}. */
    private static List<StudySpec> select(List<StudySpec> programs, String study, Path file) {
        if (study == null) {
            return programs;
        }
        List<StudySpec> chosen = programs.stream().filter(p -> p.name().equals(study)
                || p.name().endsWith("." + study)).toList();
        if (chosen.isEmpty()) {
            throw new UserError(file + ": no study or workload named '" + study + "'; choose one of "
                    + programs.stream().map(p -> p.name().substring(p.name().lastIndexOf('.') + 1)).toList(),
                    ExitCodes.USAGE);
        }
        return chosen;
    }
}
