package org.fabricsim.dsl.ide.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidCloseTextDocumentParams;
import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.FoldingRangeRequestParams;
import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.InlayHintParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.SemanticTokensParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.services.TextDocumentService;
import org.fabricsim.dsl.ide.server.LspDocument;
import org.fabricsim.dsl.ide.server.ProtocolClient;
import org.fabricsim.dsl.ide.tokens.FabricSemanticTokens;

/**
 * An editor session against one language server, as a command: every example is opened in turn (all of them lie
 * in the server's workspace) and edited EDITS times through incremental {@code didChange} ({@link EditorEdits}):
 * random edits; once the document emptied, once a 1 MB line pasted and once a NUL typed (the last two refuse the
 * file), each undone by the next edit; now and then a quick fix the server offered, applied. After each edit the
 * editor waits for the file's diagnostics and asks for completion, hover and definition at random positions (past
 * line ends and past the last line included), the symbols, formatting, the code actions of each diagnostic (at
 * most three), semantic tokens, folding ranges and inlay hints, one at a time. It reports as problems: a logged
 * failure or exception (log4j, JSON-RPC, stderr, window/logMessage and showMessage errors, telemetry), an error
 * response other than a formatting refusal, no answer or no diagnostics within 10 s, an answer over 2 s, a
 * position outside the document ({@link ResponseChecks}), the server's document differing from the editor's.
 * Arguments: EDITS per file (200), SEED (61). Exits 1 on any problem; docs/performance.md gives the command.
 */
public final class EditorCampaign {
    private static final int DIAGNOSED_ACTIONS = 3;

    private final Map<String, String> problems = new LinkedHashMap<>();
    private final Map<String, Integer> problemCounts = new LinkedHashMap<>();
    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    private final TimedRequests requests = new TimedRequests(this::problem);
    private String context = "start";
    private TextMirror current = new TextMirror("");
    private Path root;
    private long edits;

    public static void main(String[] args) throws Exception {
        int editsPerFile = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 61;
        System.exit(new EditorCampaign().run(editsPerFile, seed) ? 0 : 1);
    }

    /** Records a problem; the first of its kind with the document's text, saved beside the workspace. */
    private void problem(String problem) {
        String key = problem.replaceAll("\\d+(\\.\\d+)?", "N");
        if (!problems.containsKey(key)) {
            Path saved = root.resolveSibling(root.getFileName() + "-problem-" + problems.size() + ".txt");
            try {
                Files.writeString(saved, current.text(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            problems.put(key, problem + " [" + context + ", text in " + saved + "]");
        }
        problemCounts.merge(key, 1, Integer::sum);
    }

    private boolean run(int editsPerFile, long seed) throws Exception {
        root = Files.createTempDirectory("editor-campaign");
        Map<String, String> examples = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(Path.of("..", "examples"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".fabric")).sorted().toList()) {
                Path copy = root.resolve(Path.of("..", "examples").relativize(file).toString());
                Files.createDirectories(copy.getParent());
                String text = Files.readString(file, StandardCharsets.UTF_8);
                Files.writeString(copy, text, StandardCharsets.UTF_8);
                examples.put(root.relativize(copy).toString(), text);
            }
        }
        EditorEdits generator = new EditorEdits(seed, EditorEdits.keywords(Path.of("..", "dsl", "src", "main", "java",
                "org", "fabricsim", "dsl", "Fabric.xtext")), List.copyOf(examples.values()));
        PrintStream originalErr = System.err;
        System.setErr(new PrintStream(new Tee(originalErr, stderr), true, StandardCharsets.UTF_8));
        long start = System.nanoTime();
        try (ProtocolClient client = new ProtocolClient(root)) {
            client.progressEnded.get(180, TimeUnit.SECONDS);
            for (Map.Entry<String, String> example : examples.entrySet()) {
                editFile(client, root, example.getKey(), example.getValue(), editsPerFile, generator);
            }
            context = "shutdown";
        } finally {
            System.setErr(originalErr);
        }
        System.out.printf("editor campaign (seed %d): %d files, %d edits, %d requests in %.1f min%n", seed,
                examples.size(), edits, requests.requests(), (System.nanoTime() - start) / 6e10);
        requests.print();
        System.out.println(problems.size() + " kinds of problem");
        problems.forEach((key, first) -> System.out.println(problemCounts.get(key) + " x " + first));
        return problems.isEmpty();
    }

    private void editFile(ProtocolClient client, Path root, String name, String original, int editsPerFile,
            EditorEdits generator) throws Exception {
        TextDocumentService documents = client.server.getTextDocumentService();
        Random random = generator.random();
        client.diagnosticVersions.remove(root.resolve(name).toUri().toString());
        context = name + " opened";
        TextDocumentIdentifier file = client.open(root, name, original);
        String uri = file.getUri();
        TextMirror text = new TextMirror(original);
        current = text;
        LspDocument serverView = new LspDocument(1, original);
        int emptyAt = random.nextInt(editsPerFile);
        int megabyteAt = random.nextInt(editsPerFile);
        int nulAt = random.nextInt(editsPerFile);
        String undo = null;
        List<List<TextEdit>> fixes = List.of();
        awaitDiagnostics(client, uri, 1);
        for (int version = 2; version <= editsPerFile + 1; version++) {
            List<TextDocumentContentChangeEvent> changes = new ArrayList<>();
            String kind;
            if (undo != null) {
                changes.add(change(text, 0, text.text().length(), undo));
                kind = "undo";
                undo = null;
            } else if (!fixes.isEmpty() && random.nextInt(4) == 0) {
                List<TextEdit> fix = fixes.get(random.nextInt(fixes.size()));
                TextMirror before = text;
                fix.stream().sorted(Comparator.comparingInt((TextEdit e) -> before.offset(e.getRange().getStart()))
                        .reversed()).forEach(e -> changes.add(new TextDocumentContentChangeEvent(e.getRange(),
                                e.getNewText())));
                kind = "quick fix";
            } else {
                int at = version - 2;
                EditorEdits.Edit edit = at == emptyAt ? generator.empty(text) : at == megabyteAt
                        ? generator.megabyteLine(text) : at == nulAt ? generator.nul(text) : generator.next(text);
                if (at == emptyAt || at == megabyteAt || at == nulAt) {
                    undo = text.text();
                }
                changes.add(change(text, edit.start(), edit.end(), edit.inserted()));
                kind = edit.kind();
            }
            context = name + " edit " + (version - 1) + " (" + kind + ")";
            for (TextDocumentContentChangeEvent change : changes) {
                text = text.replace(text.offset(change.getRange().getStart()), text.offset(change.getRange().getEnd()),
                        change.getText());
            }
            current = text;
            serverView = (LspDocument) serverView.applyTextDocumentChanges(changes);
            if (!serverView.getContents().equals(text.text())) {
                problem("the server's document differs from the editor's after the edit");
                serverView = new LspDocument(version, text.text());
            }
            edits++;
            client.diagnosticVersions.remove(uri);
            documents.didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(uri, version),
                    changes));
            fixes = ask(client, documents, file, text, awaitDiagnostics(client, uri, version), random);
            drain(client);
        }
        documents.didClose(new DidCloseTextDocumentParams(file));
    }

    private static TextDocumentContentChangeEvent change(TextMirror text, int start, int end, String inserted) {
        return new TextDocumentContentChangeEvent(new Range(text.position(start), text.position(end)), inserted);
    }

    private List<Diagnostic> awaitDiagnostics(ProtocolClient client, String uri, int version) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TimedRequests.TIMEOUT_SECONDS);
        while (System.nanoTime() < deadline) {
            Integer published = client.diagnosticVersions.get(uri);
            if (published != null && (published == version || published == -1)) {
                return client.diagnostics.get(uri);
            }
            Thread.sleep(1);
        }
        problem("no diagnostics within " + TimedRequests.TIMEOUT_SECONDS + " s of the edit");
        return List.of();
    }

    /** Every request after an edit; returns the quick fixes offered for its diagnostics. */
    private List<List<TextEdit>> ask(ProtocolClient client, TextDocumentService documents, TextDocumentIdentifier file,
            TextMirror text, List<Diagnostic> diagnostics, Random random) throws Exception {
        ResponseChecks checks = new ResponseChecks(text, file.getUri(), this::problem);
        checks.diagnostics(diagnostics);
        Position caret = caret(text, random);
        checks.completion(requests.answer("completion", documents.completion(new CompletionParams(file, caret)),
                false), caret);
        checks.hover(requests.answer("hover", documents.hover(new HoverParams(file, caret(text, random))), false));
        checks.definition(requests.answer("definition", documents.definition(new DefinitionParams(file,
                caret(text, random))), false));
        checks.symbols(requests.answer("documentSymbol", documents.documentSymbol(new DocumentSymbolParams(file)),
                false));
        checks.edits("formatting", requests.answer("formatting", documents.formatting(new DocumentFormattingParams(
                file, new FormattingOptions(4, true))), true));
        List<List<TextEdit>> fixes = new ArrayList<>();
        for (Diagnostic diagnostic : diagnostics.subList(0, Math.min(DIAGNOSED_ACTIONS, diagnostics.size()))) {
            fixes.addAll(checks.codeActions(requests.answer("codeAction", documents.codeAction(new CodeActionParams(
                    file, diagnostic.getRange(), new CodeActionContext(List.of(diagnostic)))), false)));
        }
        checks.semanticTokens(requests.answer("semanticTokens", documents.semanticTokensFull(new SemanticTokensParams(
                file)), false), FabricSemanticTokens.LEGEND.getTokenTypes().size());
        checks.foldingRanges(requests.answer("foldingRange", documents.foldingRange(new FoldingRangeRequestParams(
                file)), false));
        checks.inlayHints(requests.answer("inlayHint", documents.inlayHint(new InlayHintParams(file, new Range(
                new Position(0, 0), new Position(text.lineCount() + 1, 0)))), false));
        return fixes.stream().filter(fix -> !fix.isEmpty() && fix.stream().allMatch(e -> text.contains(e.getRange())))
                .toList();
    }

    /** A caret at random: mostly on a line, sometimes past its end, sometimes past the last line. */
    private static Position caret(TextMirror text, Random random) {
        int line = random.nextInt(text.lineCount() + 2);
        int character = line < text.lineCount() ? random.nextInt(text.lineLength(line) + 4) : random.nextInt(20);
        return new Position(line, character);
    }

    private void drain(ProtocolClient client) {
        for (List<String> logs : List.of(client.severeLogs, client.serverLogs, client.guardedFailures,
                client.clientMessages)) {
            for (String log : List.copyOf(logs)) {
                problem("logged: " + log);
                logs.remove(log);
            }
        }
        synchronized (stderr) {
            String written = stderr.toString(StandardCharsets.UTF_8);
            if (!written.isBlank()) {
                problem("stderr: " + written.strip().lines().findFirst().orElse(""));
                stderr.reset();
            }
        }
    }

    /** Writes to the original stream and keeps a copy. */
    private static final class Tee extends OutputStream {
        private final OutputStream original;
        private final ByteArrayOutputStream copy;

        Tee(OutputStream original, ByteArrayOutputStream copy) {
            this.original = original;
            this.copy = copy;
        }

        @Override
        public void write(int b) {
            write(new byte[] { (byte) b }, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            synchronized (copy) {
                copy.write(bytes, offset, length);
            }
            try {
                original.write(bytes, offset, length);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
