package org.fabricsim.generator.cli.warm;

import java.io.PrintWriter;
import java.util.List;

import org.fabricsim.runtime.study.StudyRunner;

/**
 * A command line that a warm server ({@link WarmServer}) keeps loaded and that its client ({@link WarmClient})
 * hands calls to: {@code fabric}'s own ({@link FabricCommands}) and {@code fabric sweep}'s (in the sweep module,
 * which holds Spark). The server is started with the implementation's class name, so an implementation has a
 * public constructor without arguments; it lives as long as its server, so it may keep state between calls.
 */
public interface WarmCommands {
    /** The first part of its server's socket name: each command line of a jar has a server of its own. */
    String kind();

    /** Whether the call {@code args} goes to a server; the others run in the client's own process. */
    boolean serves(String[] args);

    /** Runs the call in this process on its standard streams, as the command line does without a server. */
    int executeHere(String[] args);

    /**
     * Runs one client's call as {@link #executeHere} would in the client's process: {@code paths} turns the path
     * arguments as typed into files, {@code progress} reaches the client's terminal.
     */
    int execute(TypedPaths paths, StudyRunner.Progress progress, PrintWriter out, PrintWriter err, String... args);

    /**
     * The calls a new server runs once, output discarded, so that the first real call finds the classes loaded and
     * compiled: each reads {@code model}, a small model's file; {@code firstCall} is the call that started the server.
     */
    List<String[]> warmUpCalls(String model, String[] firstCall);
}
