package org.fabricsim.generator;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.fabricsim.generator.cli.FabricCli;

/**
 * One in-process run of the {@code fabric} command line, with what it printed.
 *
 * @param exitCode the exit code
 * @param out      standard output
 * @param err      standard error
 */
record CliRun(int exitCode, String out, String err) {

    /** Runs {@code fabric ARGS...} in this JVM. */
    static CliRun fabric(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = FabricCli.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new CliRun(exit, out.toString(), err.toString());
    }
}
