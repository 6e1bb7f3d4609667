package org.fabricsim.generator.cli.warm;

import java.io.PrintWriter;
import java.util.List;
import java.util.Set;

import org.fabricsim.generator.cli.FabricCli;
import org.fabricsim.runtime.study.StudyRunner;

/**
 * {@code fabric}'s own command line for the warm server: the commands that read and write files go to the server
 * ({@link #SERVED}); {@code lsp} and the help stay in the client's process. Its socket keeps the name {@code warm-*}.
 */
public final class FabricCommands implements WarmCommands {
    /** The subcommands a warm server runs. */
    static final Set<String> SERVED = Set.of("validate", "generate", "simulate", "format", "draw", "export",
            "calibrate");

    @Override
    public String kind() {
        return "warm";
    }

    @Override
    public boolean serves(String[] args) {
        return args.length > 0 && SERVED.contains(args[0]);
    }

    @Override
    public int executeHere(String[] args) {
        return FabricCli.execute(args);
    }

    @Override
    public int execute(TypedPaths paths, StudyRunner.Progress progress, PrintWriter out, PrintWriter err,
            String... args) {
        return FabricCli.execute(paths, progress, out, err, args);
    }

    /** Validates and simulates the model: parsing, validation, mapping and the engine, every call's path. */
    @Override
    public List<String[]> warmUpCalls(String model, String[] firstCall) {
        return List.of(new String[] { "validate", model }, new String[] { "simulate", model });
    }
}
