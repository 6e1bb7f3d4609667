package org.fabricsim.generator.cli;

import java.nio.file.Path;

import picocli.CommandLine.Option;

/**
 * The {@code --workspace DIR} option of every command that reads models, declared once and mixed in with
 * {@code @Mixin}: the folder whose models a model's imports resolve against.
 */
public final class WorkspaceOption {
    @Option(names = "--workspace", paramLabel = "DIR",
            description = "the folder whose models a model's imports resolve against"
                    + " (default: the nearest folder up from the model with a .fabric-workspace file or .git, else the"
                    + " model's own folder)")
    Path root;

    /** The folder given, or null for the default search from the model. */
    public Path root() {
        return root;
    }
}
