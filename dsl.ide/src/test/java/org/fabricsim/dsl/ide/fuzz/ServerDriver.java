package org.fabricsim.dsl.ide.fuzz;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.DocumentHighlightParams;
import org.eclipse.lsp4j.DocumentRangeFormattingParams;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PrepareRenameParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.ReferenceContext;
import org.eclipse.lsp4j.ReferenceParams;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.lsp4j.services.TextDocumentService;
import org.fabricsim.dsl.ide.server.ProtocolClient;

/**
 * One language server, driven through its real protocol: each mutant replaces the open document, then
 * requests go to random positions, past line ends and past the last line included. An internal error,
 * a logged failure or an answer slower than {@value #TIMEOUT_SECONDS} s is a problem; a deliberate
 * refusal (formatting a broken document, renaming to a non-name) is not.
 */
final class ServerDriver implements AutoCloseable {
    private static final int TIMEOUT_SECONDS = 30;
    private static final int REQUESTS_PER_MUTANT = 4;

    private final ProtocolClient client;
    private final TextDocumentService documents;
    private final TextDocumentIdentifier file;
    private final Random random;
    private int version = 1;

    ServerDriver(Path root, long seed) throws Exception {
        client = new ProtocolClient(root);
        documents = client.server.getTextDocumentService();
        file = client.open(root, "fuzz.fabric", "");
        random = new Random(seed);
    }

    /** The problems the server showed with {@code text} as the document. */
    List<String> drive(String text) throws InterruptedException {
        documents.didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(file.getUri(),
                ++version), List.of(new TextDocumentContentChangeEvent(text))));
        int lines = text.split("\n", -1).length;
        List<String> problems = new ArrayList<>();
        List<CompletableFuture<?>> answers = new ArrayList<>();
        for (int i = 0; i < REQUESTS_PER_MUTANT; i++) {
            answers.add(request(new Position(random.nextInt(lines + 2), random.nextInt(120))));
        }
        for (CompletableFuture<?> answer : answers) {
            try {
                answer.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                problems.add("language server: no answer within " + TIMEOUT_SECONDS + " s");
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof ResponseErrorException error)
                        || error.getResponseError().getCode() == ResponseErrorCode.InternalError.getValue()) {
                    problems.add("language server: internal error " + e.getCause());
                }
            }
        }
        drain(client.severeLogs, "language server logged", problems);
        drain(client.guardedFailures, "language server request failed", problems);
        drain(client.serverLogs, "language server logged", problems);
        return problems;
    }

    private static void drain(List<String> logs, String label, List<String> problems) {
        for (String log : List.copyOf(logs)) {
            problems.add(label + ": " + log);
            logs.remove(log);
        }
    }

    private CompletableFuture<?> request(Position at) {
        Range range = new Range(new Position(0, 0), at);
        return switch (random.nextInt(10)) {
            case 0 -> documents.hover(new HoverParams(file, at));
            case 1 -> documents.completion(new CompletionParams(file, at));
            case 2 -> documents.definition(new DefinitionParams(file, at));
            case 3 -> documents.references(new ReferenceParams(file, at, new ReferenceContext(true)));
            case 4 -> documents.documentHighlight(new DocumentHighlightParams(file, at));
            case 5 -> documents.documentSymbol(new DocumentSymbolParams(file));
            case 6 -> documents.formatting(new DocumentFormattingParams(file, new FormattingOptions(4, true)));
            case 7 -> documents.rangeFormatting(new DocumentRangeFormattingParams(file, new FormattingOptions(4, true),
                    range));
            case 8 -> documents.prepareRename(new PrepareRenameParams(file, at));
            default -> documents.rename(new RenameParams(file, at, "Renamed" + version));
        };
    }

    @Override
    public void close() throws Exception {
        client.close();
    }
}
