package org.fabricsim.dsl.ide.fuzz;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;
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
import org.fabricsim.dsl.ide.server.LspDocument;
import org.fabricsim.dsl.ide.server.ProtocolClient;

/**
 * The long language-server campaign of issue 21, as a command (not a test): one language server,
 * driven through its protocol for a given time by an editor that types fast. Each notification carries
 * one to eight random incremental edits (a character, a token, a deletion, a line break, unicode) at
 * random places; now and then the document is replaced by a mutant of an example or a diagnostics file;
 * about one notification in six is followed by a request (hover, completion, definition, references,
 * highlight, symbols, formatting, range formatting, prepare-rename, rename) at a random position, past
 * line ends and past the last line included; half of the time the editor then waits for the answers
 * (a user reading a completion list), otherwise it types on and the next edit supersedes them. It counts edits,
 * requests, internal errors and everything the server logged, and exits 1 on any internal error or
 * logged failure. docs/performance.md gives the command and the figures.
 */
public final class LanguageServerCampaign {
    private static final int MAX_OUTSTANDING = 64;
    private static final String[] TYPED = { " ", "\n", "{", "}", "x", "1", "0", "-", ".", ",", ":", "$", "\"", "/*",
            "//", "\r", "\r\n", "\t", "\u00e9", "\uD83D\uDE00", "cluster ", "nodes ", "8 ", "GiB ", "Gb/s ", "study ",
            "import ", "fabric.catalog.", "training ", "on ", "link ", "accelerators ", "\u0000", "'" };

    private final Random random;
    private final Mutator mutator;
    private final List<String> corpus;
    private final Map<String, Integer> failures = new TreeMap<>();
    private long edits;
    private long notifications;
    private long requests;
    private long answered;
    private long superseded;
    private long refused;
    private long internalErrors;
    private long slowestAnswerNanos;

    private LanguageServerCampaign(long seed, List<String> corpus) {
        this.random = new Random(seed);
        this.mutator = new Mutator(seed);
        this.corpus = corpus;
    }

    public static void main(String[] args) throws Exception {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 60;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 21;
        List<String> corpus = Source.corpus().stream().map(Source::text).toList();
        LanguageServerCampaign campaign = new LanguageServerCampaign(seed, corpus);
        boolean clean = campaign.run(seconds);
        System.exit(clean ? 0 : 1);
    }

    private boolean run(long seconds) throws Exception {
        Path root = Files.createTempDirectory("language-server-campaign");
        long start = System.nanoTime();
        long deadline = start + TimeUnit.SECONDS.toNanos(seconds);
        long heapBefore;
        long heapAfter;
        try (ProtocolClient client = new ProtocolClient(root)) {
            TextDocumentService documents = client.server.getTextDocumentService();
            TextDocumentIdentifier file = client.open(root, "campaign.fabric", corpus.get(0));
            LspDocument text = new LspDocument(1, corpus.get(0));
            heapBefore = usedHeap();
            Deque<Pending> pending = new ArrayDeque<>();
            int version = 1;
            while (System.nanoTime() < deadline) {
                List<TextDocumentContentChangeEvent> changes = new ArrayList<>();
                if (random.nextInt(400) == 0) {
                    String replacement = mutator.mutate(corpus.get(random.nextInt(corpus.size())));
                    changes.add(new TextDocumentContentChangeEvent(replacement));
                    text = new LspDocument(text.getVersion(), replacement);
                } else {
                    for (int i = 1 + random.nextInt(8); i > 0; i--) {
                        TextDocumentContentChangeEvent change = edit(text);
                        changes.add(change);
                        text = (LspDocument) text.applyTextDocumentChanges(List.of(change));
                    }
                }
                edits += changes.size();
                notifications++;
                documents.didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(file.getUri(),
                        ++version), changes));
                if (random.nextInt(6) == 0) {
                    int lines = text.getPosition(text.getContents().length()).getLine() + 1;
                    pending.add(new Pending(request(documents, file, new Position(random.nextInt(lines + 2),
                            random.nextInt(120))), System.nanoTime()));
                    requests++;
                    if (random.nextBoolean()) {
                        while (!pending.isEmpty()) {
                            settle(pending.poll());
                        }
                    }
                }
                while (pending.size() > MAX_OUTSTANDING || !pending.isEmpty() && pending.peek().answer().isDone()) {
                    settle(pending.poll());
                }
                drain(client);
            }
            while (!pending.isEmpty()) {
                settle(pending.poll());
            }
            Thread.sleep(2_000);
            drain(client);
            heapAfter = usedHeap();
        }
        double minutes = (System.nanoTime() - start) / 6e10;
        System.out.printf("campaign: %.1f min, %d edits in %d notifications, %d requests (%d answered, %d superseded by"
                + " an edit, %d refused in words), %d internal errors, %d logged failures, slowest answer %.2f s,"
                + " heap after GC %d MiB at the start, %d MiB at the end%n", minutes, edits, notifications, requests,
                answered, superseded, refused, internalErrors, failures.values().stream().mapToInt(i -> i).sum()
                        - internalErrors, slowestAnswerNanos / 1e9, heapBefore >> 20, heapAfter >> 20);
        failures.forEach((failure, count) -> System.out.println(count + " x " + failure));
        return failures.isEmpty();
    }

    private record Pending(CompletableFuture<?> answer, long sentNanos) {
    }

    private void settle(Pending request) throws InterruptedException {
        try {
            request.answer().get(60, TimeUnit.SECONDS);
            answered++;
            slowestAnswerNanos = Math.max(slowestAnswerNanos, System.nanoTime() - request.sentNanos());
        } catch (CancellationException e) {
            superseded++;
        } catch (TimeoutException e) {
            failures.merge("no answer within 60 s", 1, Integer::sum);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ResponseErrorException error
                    && error.getResponseError().getCode() == ResponseErrorCode.RequestCancelled.getValue()) {
                superseded++;
            } else if (e.getCause() instanceof ResponseErrorException error
                    && error.getResponseError().getCode() != ResponseErrorCode.InternalError.getValue()) {
                refused++;
            } else {
                internalErrors++;
                failures.merge("internal error: " + e.getCause(), 1, Integer::sum);
            }
        }
    }

    private void drain(ProtocolClient client) {
        for (List<String> logs : List.of(client.severeLogs, client.serverLogs, client.guardedFailures)) {
            for (String log : List.copyOf(logs)) {
                failures.merge("logged: " + log, 1, Integer::sum);
                logs.remove(log);
            }
        }
    }

    /** One random incremental edit of {@code text}: typing, deleting or replacing a few characters. */
    private TextDocumentContentChangeEvent edit(LspDocument text) {
        int length = text.getContents().length();
        int at = random.nextInt(length + 1);
        int end = random.nextInt(3) == 0 ? Math.min(length, at + 1 + random.nextInt(12)) : at;
        String typed = random.nextInt(4) == 0 ? "" : TYPED[random.nextInt(TYPED.length)];
        return new TextDocumentContentChangeEvent(new Range(text.getPosition(at), text.getPosition(end)), typed);
    }

    private CompletableFuture<?> request(TextDocumentService documents, TextDocumentIdentifier file, Position at) {
        Range range = new Range(new Position(Math.max(0, at.getLine() - 3), 0), at);
        return switch (random.nextInt(10)) {
            case 0 -> documents.hover(new HoverParams(file, at));
            case 1, 2 -> documents.completion(new CompletionParams(file, at));
            case 3 -> documents.definition(new DefinitionParams(file, at));
            case 4 -> documents.references(new ReferenceParams(file, at, new ReferenceContext(true)));
            case 5 -> documents.documentHighlight(new DocumentHighlightParams(file, at));
            case 6 -> documents.documentSymbol(new DocumentSymbolParams(file));
            case 7 -> random.nextBoolean()
                    ? documents.formatting(new DocumentFormattingParams(file, new FormattingOptions(4, true)))
                    : documents.rangeFormatting(new DocumentRangeFormattingParams(file, new FormattingOptions(4, true),
                            range));
            case 8 -> documents.prepareRename(new PrepareRenameParams(file, at));
            default -> documents.rename(new RenameParams(file, at, "Renamed" + requests));
        };
    }

    private static long usedHeap() {
        System.gc();
        Runtime runtime = Runtime.getRuntime();
        return runtime.totalMemory() - runtime.freeMemory();
    }
}
