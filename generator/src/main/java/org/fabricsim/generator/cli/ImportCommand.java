package org.fabricsim.generator.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.fabricsim.runtime.interop.InfraGraphException;
import org.fabricsim.runtime.interop.InfraGraphImport;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code fabric import --infragraph FILE}: reads an InfraGraph file into FabricSim's graph, checks
 * it ({@link InfraGraphImport}: every edge's instance, component, index and link exists, every link
 * has a rate) and prints what it holds.
 */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Reads an InfraGraph JSON file (an Infrastructure object) into FabricSim's graph, checks that"
                + " every edge joins components that exist over a link with a rate, and prints its accelerators,"
                + " switches, NICs and links.")
final class ImportCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE", description = "the InfraGraph JSON file")
    Path file;

    @Option(names = "--infragraph", required = true, description = "read InfraGraph JSON (the one format so far)")
    boolean infragraph;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        try {
            spec.commandLine().getOut().println(InfraGraphImport.read(file).summary());
            return ExitCodes.OK;
        } catch (InfraGraphException e) {
            throw new UserError(e.getMessage(), ExitCodes.MODEL_ERRORS);
        }
    }
}
