package org.fabricsim.dsl.ide.server;

import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.InvocationTargetException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;

import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.jsonrpc.RemoteEndpoint;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.xtext.ide.server.LanguageServerImpl;

/**
 * Connects a language server to a client over a pair of streams, as Xtext's {@code ServerLauncher} does, and
 * answers a request the server does not implement with MethodNotFound (-32601), as LSP asks. lsp4j's
 * interfaces implement such requests by throwing {@link UnsupportedOperationException} (type hierarchy,
 * document links, on-type formatting, any unknown method through Xtext's extension endpoint), which lsp4j
 * answered as an internal error (-32603) with a stack trace in the log.
 */
public final class ServerConnection {
    private ServerConnection() {
    }

    /** A launcher serving {@code server} on {@code in} and {@code out}, connected to its client. */
    public static Launcher<LanguageClient> connect(LanguageServerImpl server, InputStream in, OutputStream out,
            ExecutorService threads) {
        Launcher<LanguageClient> launcher = new Launcher.Builder<LanguageClient>().setLocalService(server)
                .setRemoteInterface(LanguageClient.class).setInput(in).setOutput(out).setExecutorService(threads)
                .validateMessages(true).setExceptionHandler(ServerConnection::toResponseError).create();
        server.connect(launcher.getRemoteProxy());
        return launcher;
    }

    /** MethodNotFound for a request the server does not implement; lsp4j's answer for any other failure. */
    static ResponseError toResponseError(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException
                || cause instanceof InvocationTargetException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof UnsupportedOperationException) {
            return new ResponseError(ResponseErrorCode.MethodNotFound,
                    "FabricSim's language server does not implement this request", null);
        }
        return RemoteEndpoint.DEFAULT_EXCEPTION_HANDLER.apply(failure);
    }
}
