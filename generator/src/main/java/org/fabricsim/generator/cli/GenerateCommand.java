package org.fabricsim.generator.cli;

import java.nio.file.Path;
import java.util.List;

import org.fabricsim.generator.GeneratedProgram;
import org.fabricsim.generator.JavaProgramGenerator;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fabric generate}: the Java simulation programs of models. */
@Command(name = "generate", mixinStandardHelpOptions = true,
        description = "Writes one Java simulation program per study, and per workload no study covers, into DIR"
                + " (files inside DIR are replaced).")
final class GenerateCommand extends ModelCommand {
    @Parameters(arity = "1..*", paramLabel = "PATH", description = ".fabric files or directories")
    List<Path> paths;

    @Option(names = { "-o", "--output" }, required = true, paramLabel = "DIR", description = "output source folder")
    Path output;

    @Override
    public Integer call() {
        ModelWorkspace workspace = loadValid(paths);
        JavaProgramGenerator generator = new JavaProgramGenerator();
        workspace.models().forEach((file, model) -> {
            for (GeneratedProgram program : generator.generate(workspace.mapper().toPrograms(model, file.toString()))) {
                Path target = output.resolve(program.relativePath());
                OutputFiles.write(target, program.source(), true);
                spec.commandLine().getOut().println(target);
            }
        });
        return ExitCodes.OK;
    }
}
