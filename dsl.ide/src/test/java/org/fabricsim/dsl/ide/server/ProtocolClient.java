package org.fabricsim.dsl.ide.server;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.ExecuteCommandCapabilities;
import org.eclipse.lsp4j.WorkspaceClientCapabilities;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.ProgressParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.WindowClientCapabilities;
import org.eclipse.lsp4j.WorkDoneProgressCreateParams;
import org.eclipse.lsp4j.WorkDoneProgressEnd;
import org.eclipse.lsp4j.WorkDoneProgressNotification;
import org.eclipse.lsp4j.WorkspaceSymbolParams;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.jsonrpc.RemoteEndpoint;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;
import org.eclipse.xtext.ide.server.LanguageServerImpl;
import org.eclipse.xtext.ide.server.ServerModule;
import org.eclipse.xtext.util.Modules2;

import com.google.inject.Guice;

/**
 * A language client speaking JSON-RPC to the language server over a loopback socket, as an editor does over
 * stdio or a socket (not over {@code java.io} pipes: those break once the pooled thread that last wrote or read
 * one retires, which a long fuzzing run reaches), with the server's own bindings ({@link FabricServerModule}) and connection
 * ({@link ServerConnection}). Records diagnostics, every
 * severe log record of the JSON-RPC layer, where internal errors are logged with their stack trace,
 * every request failure that {@link GuardedRequestManager} answered with an empty result, and every
 * other warning or error that any part of the server (Xtext's included) logs, with whether it carried
 * a stack trace.
 */
public final class ProtocolClient implements LanguageClient, AutoCloseable {
    private static final Logger RPC_LOG = Logger.getLogger(RemoteEndpoint.class.getName());

    public final Map<String, List<org.eclipse.lsp4j.Diagnostic>> diagnostics = new ConcurrentHashMap<>();
    public final List<String> severeLogs = new CopyOnWriteArrayList<>();
    /** The kinds of the work-done progress notifications the server sent, in order ("begin", "report", "end"). */
    public final List<String> progress = new CopyOnWriteArrayList<>();
    /** Completes when the server ends a work-done progress (its warm-up, {@link ServerWarmUp}). */
    public final CompletableFuture<Void> progressEnded = new CompletableFuture<>();
    public final List<String> guardedFailures = new CopyOnWriteArrayList<>();
    /** Warnings and errors logged by the server outside {@link GuardedRequestManager}. */
    public final List<String> serverLogs = new CopyOnWriteArrayList<>();
    /** The errors and warnings the server sent the client (window/logMessage, window/showMessage), and telemetry. */
    public final List<String> clientMessages = new CopyOnWriteArrayList<>();
    /** How many times the server has published diagnostics, for any file. */
    public final AtomicLong publications = new AtomicLong();
    /** The document version each file's last diagnostics were published for (-1 when the server named none). */
    public final Map<String, Integer> diagnosticVersions = new ConcurrentHashMap<>();
    private final org.apache.log4j.AppenderSkeleton guard = new org.apache.log4j.AppenderSkeleton() {
        @Override
        protected void append(org.apache.log4j.spi.LoggingEvent event) {
            if (!event.getLevel().isGreaterOrEqual(org.apache.log4j.Level.WARN)) {
                return;
            }
            String message = event.getLoggerName() + ": " + event.getMessage();
            if (event.getThrowableInformation() != null) {
                serverLogs.add(message + " with the stack trace of "
                        + event.getThrowableInformation().getThrowable());
            } else if (event.getLoggerName().equals(GuardedRequestManager.class.getName())) {
                guardedFailures.add(String.valueOf(event.getMessage()));
            } else {
                serverLogs.add(message);
            }
        }

        @Override
        public boolean requiresLayout() {
            return false;
        }

        @Override
        public void close() {
        }
    };
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
                severeLogs.add(record.getMessage());
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    public final LanguageServer server;
    private final Socket clientEnd;
    private final Socket serverEnd;

    public ProtocolClient(Path root) throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            clientEnd = new Socket(listener.getInetAddress(), listener.getLocalPort());
            serverEnd = listener.accept();
        }
        // Each message goes out at once, as over an editor's stdio pipe: with Nagle's algorithm a message that
        // follows an unacknowledged one waits for the peer's delayed ACK (about 40 ms on Linux loopback).
        clientEnd.setTcpNoDelay(true);
        serverEnd.setTcpNoDelay(true);
        LanguageServerImpl impl = Guice.createInjector(Modules2.mixin(new ServerModule(), new FabricServerModule()))
                .getInstance(LanguageServerImpl.class);
        ServerConnection.connect(impl, serverEnd.getInputStream(), serverEnd.getOutputStream(), threads)
                .startListening();
        Launcher<LanguageServer> clientSide = LSPLauncher.createClientLauncher(this, clientEnd.getInputStream(),
                clientEnd.getOutputStream(), threads, null);
        clientSide.startListening();
        server = clientSide.getRemoteProxy();
        RPC_LOG.addHandler(handler);
        org.apache.log4j.Logger.getRootLogger().addAppender(guard);
        InitializeParams init = new InitializeParams();
        ClientCapabilities capabilities = new ClientCapabilities();
        // As VS Code and neovim do: Xtext registers the server's commands only for a client that can execute them.
        WorkspaceClientCapabilities workspace = new WorkspaceClientCapabilities();
        workspace.setExecuteCommand(new ExecuteCommandCapabilities(false));
        capabilities.setWorkspace(workspace);
        WindowClientCapabilities window = new WindowClientCapabilities();
        window.setWorkDoneProgress(true);
        capabilities.setWindow(window);
        init.setCapabilities(capabilities);
        init.setRootUri(root.toUri().toString());
        server.initialize(init).get(60, TimeUnit.SECONDS);
        server.initialized(new InitializedParams());
    }

    /** Opens {@code name} with {@code text} and returns its identifier. */
    public TextDocumentIdentifier open(Path root, String name, String text) {
        String uri = root.resolve(name).toUri().toString();
        server.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(
                new TextDocumentItem(uri, "fabric", 1, text)));
        return new TextDocumentIdentifier(uri);
    }

    /**
     * Waits for the server to finish every edit and build it has queued (a read is answered after them), so that
     * no build publishes to a connection this client has closed, which another test would see logged.
     */
    @Override
    public void close() throws Exception {
        try {
            server.getWorkspaceService().symbol(new WorkspaceSymbolParams("")).get(60, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.CancellationException answered) {
            // answered all the same: the queue has drained
        }
        RPC_LOG.removeHandler(handler);
        org.apache.log4j.Logger.getRootLogger().removeAppender(guard);
        server.shutdown().get(60, TimeUnit.SECONDS);
        // End of stream both ways ends both listeners quietly; closing a socket under a blocked read logs one.
        clientEnd.shutdownOutput();
        serverEnd.shutdownOutput();
        threads.shutdown();
        threads.awaitTermination(30, TimeUnit.SECONDS);
        clientEnd.close();
        serverEnd.close();
        threads.shutdownNow();
    }

    @Override
    public void telemetryEvent(Object object) {
        clientMessages.add("telemetry: " + object);
    }

    @Override
    public void publishDiagnostics(PublishDiagnosticsParams params) {
        diagnostics.put(params.getUri(), params.getDiagnostics());
        diagnosticVersions.put(params.getUri(), params.getVersion() == null ? -1 : params.getVersion());
        publications.incrementAndGet();
    }

    @Override
    public CompletableFuture<Void> createProgress(WorkDoneProgressCreateParams params) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void notifyProgress(ProgressParams params) {
        WorkDoneProgressNotification notification = params.getValue().getLeft();
        progress.add(notification.getKind().toString());
        if (notification instanceof WorkDoneProgressEnd) {
            progressEnded.complete(null);
        }
    }

    @Override
    public void showMessage(MessageParams params) {
        recordMessage("showMessage", params);
    }

    private void recordMessage(String channel, MessageParams params) {
        if (params.getType() == MessageType.Error
                || params.getType() == MessageType.Warning) {
            clientMessages.add(channel + " " + params.getType() + ": " + params.getMessage());
        }
    }

    @Override
    public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams params) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void logMessage(MessageParams params) {
        recordMessage("logMessage", params);
    }
}
