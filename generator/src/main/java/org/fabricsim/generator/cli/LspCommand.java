package org.fabricsim.generator.cli;

import java.util.ServiceLoader;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;

/** {@code fabric lsp}: the language server on standard input and output. */
@Command(name = "lsp", mixinStandardHelpOptions = true,
        description = "Serves the Fabric language server (LSP) on standard input and output.")
final class LspCommand implements Callable<Integer> {
    @Override
    public Integer call() throws Exception {
        LanguageServerLauncher launcher = ServiceLoader.load(LanguageServerLauncher.class).findFirst()
                .orElseThrow(() -> new UserError("the language server is not in this build; run the fabric"
                        + " jar built by the dsl.ide module", ExitCodes.USAGE));
        launcher.serveStdio();
        return ExitCodes.OK;
    }
}
