package org.fabricsim.dsl.ide.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionList;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PrepareRenameParams;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.junit.jupiter.api.Test;

/**
 * The fuzzing campaign's language-server reproducers that race requests against edits (issue 21): completions
 * and renames that later edits supersede are answered or cancelled, never failed, and the server logs nothing.
 */
class LanguageServerConcurrencyTest extends ProtocolSession {
    @Test
    void shouldAnswerCompletionsBetweenRapidEditsFromAConsistentDocument() throws Exception {
        TextDocumentIdentifier file = client.open(root, "race.fabric", MODEL);
        List<CompletableFuture<Either<List<CompletionItem>, CompletionList>>> completions = new ArrayList<>();
        for (int version = 2; version < 200; version++) {
            String text = version % 2 == 0 ? MODEL.replace("TwoNodes", "Nodes" + version) : MODEL + "\nvendor V" + version;
            documents.didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(file.getUri(),
                    version), List.of(new TextDocumentContentChangeEvent(text))));
            completions.add(documents.completion(new CompletionParams(file, new Position(version % 7, version % 30))));
        }
        for (CompletableFuture<Either<List<CompletionItem>, CompletionList>> completion : completions) {
            try {
                completion.get(60, TimeUnit.SECONDS);
            } catch (ExecutionException | CancellationException superseded) {
                // a completion that a later edit cancelled is answered with a cancellation, as LSP allows
            }
        }
        assertEquals(List.of(), client.guardedFailures, "completion failed inside the parser");
    }

    /**
     * Ten completions at once after each edit, and every other edit superseded before its completions are
     * answered: completions ran in parallel through Xtext's one shared proposal conflict helper (NullPointerException
     * and StringIndexOutOfBoundsException inside ANTLR), and a build cancelled by the next edit left a resource
     * older than the document, whose offsets failed Xtext's content assist ("offset -1060 is &lt; 0"), which
     * logged them with stack traces (issue 21).
     */
    @Test
    void shouldAnswerConcurrentCompletionsOnSupersededEditsWithoutALoggedFailure() throws Exception {
        StringBuilder longer = new StringBuilder("package robust\n");
        for (int i = 0; i < 30; i++) {
            longer.append("\ncluster C").append(i).append(" {\n    nodes 2 x 8 accelerators\n    link 400 Gb/s latency 1 us\n}\n");
        }
        TextDocumentIdentifier file = client.open(root, "superseded.fabric", "");
        List<CompletableFuture<?>> answers = new ArrayList<>();
        for (int version = 2; version < 120; version++) {
            String text = version % 2 == 0 ? longer.toString().replace("C1 ", "C" + version + " ")
                    : "vendor V" + version + "\ncluster {";
            documents.didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(file.getUri(),
                    version), List.of(new TextDocumentContentChangeEvent(text))));
            for (int i = 0; i < 10; i++) {
                answers.add(documents.completion(new CompletionParams(file, new Position((version * 7 + i * 13) % 150,
                        (version + i * 5) % 30))));
            }
            if (version % 4 == 0) {
                for (CompletableFuture<?> answer : answers) {
                    try {
                        answer.get(60, TimeUnit.SECONDS);
                    } catch (ExecutionException | CancellationException superseded) {
                        // a completion that a later edit cancelled is answered with a cancellation, as LSP allows
                    }
                }
                answers.clear();
            }
        }
        assertEquals(List.of(), client.serverLogs, "content assist failed");
        assertEquals(List.of(), client.guardedFailures, "completion failed");
    }

    /**
     * Prepare-rename and rename read the document again and wait for that answer; queued behind the next
     * edit, which waited for them, they were never answered, or failed as internal errors when the edit
     * cancelled the inner read (issue 21, found by the language-server campaign).
     */
    @Test
    void shouldAnswerRenamesThatAnEditFollowsAtOnce() throws Exception {
        TextDocumentIdentifier file = client.open(root, "renamed.fabric", MODEL);
        Position cluster = new Position(2, 12);
        for (int version = 2; version < 150; version++) {
            CompletableFuture<?> answer = version % 2 == 0
                    ? documents.prepareRename(new PrepareRenameParams(file, cluster))
                    : documents.rename(new RenameParams(file, cluster, "Pair" + version));
            documents.didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(file.getUri(),
                    version), List.of(new TextDocumentContentChangeEvent(MODEL.replace("TwoNodes", "N" + version)))));
            try {
                answer.get(20, TimeUnit.SECONDS);
            } catch (ExecutionException | CancellationException superseded) {
                assertFalse(superseded.getCause() instanceof ResponseErrorException error && error.getResponseError()
                        .getCode() == ResponseErrorCode.InternalError.getValue(), superseded::toString);
            }
        }
        assertEquals(List.of(), client.serverLogs);
    }
}
