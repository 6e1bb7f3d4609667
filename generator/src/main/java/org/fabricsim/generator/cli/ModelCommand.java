package org.fabricsim.generator.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine;

/**
 * What every command that reads models shares: the {@code --workspace} option, the command's own
 * specification (its output and error streams), and loading models that must validate.
 */
abstract class ModelCommand implements Callable<Integer> {
    @CommandLine.Mixin
    WorkspaceOption workspaceOption;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /**
     * The models of {@code paths}, their diagnostics printed on the command's error stream.
     *
     * @throws UserError when any model has errors
     */
    ModelWorkspace loadValid(List<Path> paths) {
        return FabricCli.loadValid(paths, workspaceOption.root(), spec.commandLine().getErr());
    }
}
