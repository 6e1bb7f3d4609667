package org.fabricsim.generator.cli;

import java.nio.file.Path;
import java.util.List;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fabric validate}: the diagnostics of models, as text or JSON. */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Checks models and prints file:line:column diagnostics; exit code 1 on errors.")
final class ValidateCommand extends ModelCommand {
    @Parameters(arity = "1..*", paramLabel = "PATH", description = ".fabric files or directories")
    List<Path> paths;

    @Option(names = "--format", paramLabel = "text|json", defaultValue = "text",
            description = "text: file:line:column lines (default); json: one JSON document")
    String format;

    @Option(names = "--lock-in", description = "also print each cluster's lock-in summary")
    boolean lockIn;

    @Override
    public Integer call() {
        if (!format.equals("text") && !format.equals("json")) {
            throw new UserError("--format takes 'text' or 'json', not '" + format + "'", ExitCodes.USAGE);
        }
        ModelWorkspace workspace = new ModelWorkspace(paths, workspaceOption.root());
        ValidationReport report = new ValidationReport(workspace);
        if (format.equals("json")) {
            report.printJson(spec.commandLine().getOut(), lockIn);
            return workspace.hasErrors() ? ExitCodes.MODEL_ERRORS : ExitCodes.OK;
        }
        report.printText(spec.commandLine().getOut(), lockIn);
        if (workspace.hasErrors()) {
            throw new UserError("the model has errors; fix them and run again", ExitCodes.MODEL_ERRORS);
        }
        // Every file named counts; an empty, blank or comment-only one is valid but holds no model.
        int files = workspace.resources().size();
        int empty = files - workspace.models().size();
        spec.commandLine().getOut().println(files + " file(s) valid"
                + (empty > 0 ? "; " + empty + " of them " + (empty == 1 ? "defines" : "define")
                        + " nothing (empty, blank or only comments)" : ""));
        return ExitCodes.OK;
    }
}
