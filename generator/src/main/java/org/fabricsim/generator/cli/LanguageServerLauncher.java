package org.fabricsim.generator.cli;

/**
 * Serves the Fabric language server on standard input and output. Implemented by the
 * {@code org.fabricsim.dsl.ide} module and found with {@link java.util.ServiceLoader}, so that the
 * command line can start it without depending on the IDE module.
 */
public interface LanguageServerLauncher {

    /** Serves until the client disconnects. */
    void serveStdio() throws Exception;
}
