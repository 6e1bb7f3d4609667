package org.fabricsim.generator.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.eclipse.xtext.resource.XtextResource;
import org.fabricsim.dsl.formatting2.CanonicalText;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fabric format}: models rewritten in the canonical layout, or checked with {@code --check}. */
@Command(name = "format", mixinStandardHelpOptions = true,
        description = "Rewrites models in the canonical layout. With --check, changes nothing and exits 1 if a"
                + " file is not canonical. Files with syntax errors are never touched.")
final class FormatCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "PATH", description = ".fabric files or directories")
    List<Path> paths;

    @Option(names = "--check", description = "only report files that are not formatted")
    boolean check;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        ModelWorkspace workspace = new ModelWorkspace(paths);
        int failures = 0;
        for (Map.Entry<Path, XtextResource> entry : workspace.resources().entrySet()) {
            Path file = entry.getKey();
            if (!CanonicalText.formattable(entry.getValue())) {
                workspace.diagnostics().stream().filter(d -> d.file().equals(file.toString()))
                        .forEach(d -> out.println(d.format()));
                failures++;
                continue;
            }
            String formatted = workspace.formatter().of(entry.getValue());
            if (!formatted.equals(entry.getValue().getParseResult().getRootNode().getText())) {
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
