package org.fabricsim.generator.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;

import org.eclipse.xtext.resource.XtextResource;
import org.fabricsim.generator.GeneratedProgram;
import org.fabricsim.generator.JavaProgramGenerator;
import org.fabricsim.generator.ProgramRunner;
import org.fabricsim.runtime.Version;
import org.fabricsim.runtime.result.ConsoleTable;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.StudySpec;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The {@code fabric} command line. Exit codes: 0 ok, 1 model errors, 2 usage. */
@Command(name = "fabric", mixinStandardHelpOptions = true, versionProvider = FabricCli.VersionProvider.class,
        description = "Checks, generates and simulates AI-cluster models written in the Fabric language.",
        subcommands = { FabricCli.Validate.class, FabricCli.Generate.class, FabricCli.Simulate.class,
                FabricCli.Format.class, FabricCli.Lsp.class })
public final class FabricCli {

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line on the process's standard streams and returns its exit code. */
    public static int execute(String... args) {
        return execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
    }

    /** Runs the command line with the given output and error writers and returns its exit code. */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = new CommandLine(new FabricCli());
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler((e, command, parsed) -> {
            if (e instanceof UserError user) {
                command.getErr().println("fabric: " + user.getMessage());
                command.getErr().flush();
                return user.exitCode();
            }
            throw e;
        });
        return cli.execute(args);
    }

    /** Loads and validates models, printing every diagnostic; fails on errors. */
    static ModelWorkspace loadValid(List<Path> paths, PrintWriter diagnosticsOut) {
        ModelWorkspace workspace = new ModelWorkspace(paths);
        workspace.diagnostics().forEach(d -> diagnosticsOut.println(d.format()));
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

    @Command(name = "validate", mixinStandardHelpOptions = true,
            description = "Checks models and prints file:line:column diagnostics; exit code 1 on errors.")
    static final class Validate implements Callable<Integer> {
        @Parameters(arity = "1..*", paramLabel = "PATH", description = ".fabric files or directories")
        List<Path> paths;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            ModelWorkspace workspace = loadValid(paths, spec.commandLine().getOut());
            spec.commandLine().getOut().println(workspace.models().size() + " file(s) valid");
            return ExitCodes.OK;
        }
    }

    @Command(name = "generate", mixinStandardHelpOptions = true,
            description = "Writes one Java simulation program per workload into DIR.")
    static final class Generate implements Callable<Integer> {
        @Parameters(arity = "1..*", paramLabel = "PATH", description = ".fabric files or directories")
        List<Path> paths;

        @Option(names = { "-o", "--output" }, required = true, paramLabel = "DIR", description = "output source folder")
        Path output;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            ModelWorkspace workspace = loadValid(paths, spec.commandLine().getErr());
            JavaProgramGenerator generator = new JavaProgramGenerator();
            workspace.models().forEach((file, model) -> {
                StudySpec study = workspace.mapper().toStudy(model, file.toString());
                for (GeneratedProgram program : generator.generate(study)) {
                    Path target = output.resolve(program.relativePath());
                    OutputFiles.write(target, program.source(), true);
                    spec.commandLine().getOut().println(target);
                }
            });
            return ExitCodes.OK;
        }
    }

    @Command(name = "simulate", mixinStandardHelpOptions = true,
            description = "Generates the model's programs, compiles them in memory, runs them and prints the results.")
    static final class Simulate implements Callable<Integer> {
        @Parameters(paramLabel = "FILE", description = "the .fabric model")
        Path file;

        @Option(names = "--json", paramLabel = "FILE", description = "also write the JSON result here")
        Path json;

        @Option(names = "--force", description = "replace existing output files")
        boolean force;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            ModelWorkspace workspace = loadValid(List.of(file), spec.commandLine().getErr());
            StudySpec study = workspace.mapper().toStudy(workspace.models().get(file), file.toString());
            StudyResult result = new ProgramRunner().run(study.model(), new JavaProgramGenerator().generate(study));
            PrintWriter out = spec.commandLine().getOut();
            out.print(ConsoleTable.render(result));
            out.flush();
            if (json != null) {
                OutputFiles.write(json, result.toJson(), force);
            }
            return ExitCodes.OK;
        }
    }

    @Command(name = "format", mixinStandardHelpOptions = true,
            description = "Rewrites models in the canonical layout. With --check, changes nothing and exits 1 if a"
                    + " file is not canonical. Files with syntax errors are never touched.")
    static final class Format implements Callable<Integer> {
        @Parameters(arity = "1..*", paramLabel = "PATH", description = ".fabric files or directories")
        List<Path> paths;

        @Option(names = "--check", description = "only report files that are not formatted")
        boolean check;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            PrintWriter out = spec.commandLine().getOut();
            ModelWorkspace workspace = new ModelWorkspace(paths);
            int failures = 0;
            for (Map.Entry<Path, XtextResource> entry : workspace.resources().entrySet()) {
                Path file = entry.getKey();
                if (entry.getValue().getParseResult().hasSyntaxErrors()) {
                    workspace.diagnostics().stream().filter(d -> d.file().equals(file.toString()))
                            .forEach(d -> out.println(d.format()));
                    failures++;
                    continue;
                }
                String formatted = workspace.formatter().of(entry.getValue());
                if (!formatted.equals(Files.readString(file, StandardCharsets.UTF_8))) {
                    if (check) {
                        out.println(file + ": not formatted; run 'fabric format " + file + "'");
                        failures++;
                    } else {
                        OutputFiles.replace(file, formatted);
                        out.println(file + ": formatted");
                    }
                }
            }
            out.flush();
            return failures == 0 ? ExitCodes.OK : ExitCodes.MODEL_ERRORS;
        }
    }

    @Command(name = "lsp", mixinStandardHelpOptions = true,
            description = "Serves the Fabric language server (LSP) on standard input and output.")
    static final class Lsp implements Callable<Integer> {
        @Override
        public Integer call() throws Exception {
            LanguageServerLauncher launcher = ServiceLoader.load(LanguageServerLauncher.class).findFirst()
                    .orElseThrow(() -> new UserError("the language server is not in this build; run the fabric"
                            + " jar built by the dsl.ide module", ExitCodes.USAGE));
            launcher.serveStdio();
            return ExitCodes.OK;
        }
    }
}
