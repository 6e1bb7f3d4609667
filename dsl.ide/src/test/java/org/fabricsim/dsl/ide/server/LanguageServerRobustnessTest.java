package org.fabricsim.dsl.ide.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionList;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.DocumentHighlightParams;
import org.eclipse.lsp4j.DocumentRangeFormattingParams;
import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.InlayHintParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PrepareRenameParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.ReferenceContext;
import org.eclipse.lsp4j.ReferenceParams;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.fabricsim.dsl.resource.BoundedInput;
import org.junit.jupiter.api.Test;

/**
 * The fuzzing campaign's language-server reproducers (issue 21, L1–L10), through the real
 * protocol: no request ends in an internal error, and no error carries the document's text.
 */
class LanguageServerRobustnessTest extends ProtocolSession {
    /** The answer to a request; any LSP error fails the test. */
    private static <T> T answer(CompletableFuture<T> request) throws Exception {
        try {
            return request.get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ResponseErrorException error) {
                fail("LSP error " + error.getResponseError().getCode() + ": " + error.getResponseError().getMessage());
            }
            throw e;
        }
    }

    /** The answer or a deliberate refusal (renaming where no name is), never an internal error. */
    private static void assertNotInternalError(CompletableFuture<?> request) throws Exception {
        try {
            request.get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            ResponseErrorException error = (ResponseErrorException) e.getCause();
            assertTrue(error.getResponseError().getCode() != ResponseErrorCode.InternalError.getValue(),
                    error.getResponseError().getMessage());
        }
    }

    @Test
    void shouldClampHoverAndCompletionPastTheEndOfALine() throws Exception {
        TextDocumentIdentifier file = client.open(root, "a.fabric", MODEL);
        Position pastLineEnd = new Position(4, 200);
        answer(documents.hover(new HoverParams(file, pastLineEnd)));
        assertNotNull(answer(documents.completion(new CompletionParams(file, pastLineEnd))));
    }

    @Test
    void shouldEndEveryCompletionEditAtTheEndOfTheTextWhenTheCaretIsPastIt() throws Exception {
        TextDocumentIdentifier file = client.open(root, "a.fabric", MODEL);
        // MODEL's line 4 is "    link 400 Gb/s latency 1 us", 30 characters; its last line (6) is empty after "}\n".
        // A caret past a line's end is at that end, past the last line at the document's end (LSP 3.17).
        for (Position[] caretAndEnd : new Position[][] { { new Position(4, 200), new Position(4, 30) },
                { new Position(500, 3), new Position(6, 0) } }) {
            List<CompletionItem> items = answer(documents.completion(new CompletionParams(file, caretAndEnd[0])))
                    .getRight().getItems();
            assertFalse(items.isEmpty());
            for (CompletionItem item : items) {
                assertEquals(caretAndEnd[1], item.getTextEdit().getLeft().getRange().getEnd(), item.getLabel());
            }
        }
    }

    @Test
    void shouldOfferNoCompletionInAFileRefusedForANulCharacter() throws Exception {
        // A NUL refuses the whole file, which then parses as empty: proposals for an empty text would replace the
        // editor's text from its start to the caret.
        TextDocumentIdentifier file = client.open(root, "a.fabric", MODEL.replace("robust", "rob\u0000ust"));
        assertEquals(1, awaitDiagnostics(file).size());
        CompletionList none = answer(documents.completion(new CompletionParams(file, new Position(4, 4)))).getRight();
        assertEquals(List.of(), none.getItems());
        assertTrue(none.isIncomplete(), "the editor asks again as the user types");
    }

    @Test
    void shouldPublishARefusedLinesErrorOnThatLine() throws Exception {
        // MODEL's lines 0-5 ("}" last), then a line too long to read (line 6): the error starts and ends at its start.
        TextDocumentIdentifier file = client.open(root, "a.fabric", MODEL + "x".repeat(BoundedInput.MAX_LINE_LENGTH + 1)
                + "\n");
        List<Diagnostic> diagnostics = awaitDiagnostics(file);
        assertEquals(List.of(new Range(new Position(6, 0), new Position(6, 0))), diagnostics.stream()
                .map(Diagnostic::getRange).toList());
    }

    @Test
    void shouldClampPositionsPastTheLastLine() throws Exception {
        TextDocumentIdentifier file = client.open(root, "a.fabric", MODEL);
        Position pastLastLine = new Position(500, 3);
        answer(documents.hover(new HoverParams(file, pastLastLine)));
        assertNotNull(answer(documents.completion(new CompletionParams(file, pastLastLine))));
    }

    @Test
    void shouldAnswerNavigationOnEmptyAndBrokenFilesWithoutAnInternalError() throws Exception {
        for (String text : List.of("", "x", "}")) {
            TextDocumentIdentifier file = client.open(root, "nav" + text.hashCode() + ".fabric", text);
            Position start = new Position(0, 0);
            answer(documents.definition(new DefinitionParams(file, start)));
            answer(documents.references(new ReferenceParams(file, start, new ReferenceContext(true))));
            answer(documents.prepareRename(new PrepareRenameParams(file, start)));
            assertNotInternalError(documents.rename(new RenameParams(file, start, "Other")));
        }
    }

    @Test
    void shouldRefuseARenameToSomethingThatIsNotANameAndSayWhatANameIs() throws Exception {
        TextDocumentIdentifier file = client.open(root, "rename.fabric", MODEL);
        Position cluster = new Position(2, 12);
        for (String name : List.of("x y", "1abc", "", "名前")) {
            ExecutionException refused = assertThrows(ExecutionException.class, () -> documents
                    .rename(new RenameParams(file, cluster, name)).get(60, TimeUnit.SECONDS));
            ResponseErrorException error = (ResponseErrorException) refused.getCause();
            assertEquals(ResponseErrorCode.InvalidParams.getValue(), error.getResponseError().getCode());
            assertTrue(error.getResponseError().getMessage().contains("cannot be a name: a name starts with a letter"),
                    error.getResponseError().getMessage());
        }
        assertNotNull(answer(documents.rename(new RenameParams(file, cluster, "Pair"))));
    }

    @Test
    void shouldRangeFormatACommentOnlyFile() throws Exception {
        TextDocumentIdentifier file = client.open(root, "comment.fabric", "// only a comment\n");
        Range all = new Range(new Position(0, 0), new Position(1, 0));
        assertEquals(List.of(), answer(documents.rangeFormatting(
                new DocumentRangeFormattingParams(file, new FormattingOptions(4, true), all))));
    }

    @Test
    void shouldRefuseToFormatADocumentWithASyntaxErrorAndSayWhere() throws Exception {
        for (String text : List.of("vendor A\n/* never closed\n", "study\nstep-",
                "package q\nimport fabric.catalog.nvidia.*\ncluster C { nodes 2 x }\n")) {
            TextDocumentIdentifier file = client.open(root, "broken" + text.hashCode() + ".fabric", text);
            ExecutionException refused = assertThrows(ExecutionException.class, () -> documents
                    .formatting(new DocumentFormattingParams(file, new FormattingOptions(4, true)))
                    .get(60, TimeUnit.SECONDS));
            ResponseErrorException error = (ResponseErrorException) refused.getCause();
            assertEquals(ResponseErrorCode.RequestFailed.getValue(), error.getResponseError().getCode());
            assertTrue(error.getResponseError().getMessage().startsWith("Not formatted: line "),
                    error.getResponseError().getMessage());
        }
    }

    @Test
    void shouldCountALoneCarriageReturnAsALineBreakInDiagnosticsAndRequests() throws Exception {
        TextDocumentIdentifier file = client.open(root, "cr.fabric", "vendor X\rvendor 1\n");
        List<Diagnostic> diagnostics = awaitDiagnostics(file);
        assertFalse(diagnostics.isEmpty(), "a number where a name belongs");
        int line = diagnostics.get(0).getRange().getStart().getLine();
        assertEquals(1, line, diagnostics.toString());
        answer(documents.hover(new HoverParams(file, new Position(1, 7))));
    }

    @Test
    void shouldAnswerNavigationAtEveryPositionOfBrokenTextWithoutAFailure() throws Exception {
        List<String> texts = new ArrayList<>(List.of(
                "cluster C { nodes 2 x 8 accelerators link 400 Gb/s latency 1 us } }\n",
                "import fabric.catalog.nvidia.\ncluster\n", "cluster { nodes }\nvendor\n", "study S { vary in [ ] }\n"));
        // the typical broken models of docs/syntax-errors: a block left open, a stray token, a unit typo, ...
        try (Stream<Path> broken = Files.list(Path.of("..", "docs", "syntax-errors"))) {
            for (Path file : broken.sorted().toList()) {
                texts.add(Files.readString(file));
            }
        }
        for (String text : texts) {
            TextDocumentIdentifier file = client.open(root, "every" + text.hashCode() + ".fabric", text);
            String[] lines = text.split("\n");
            for (int line = 0; line < lines.length; line++) {
                for (int character = 0; character <= lines[line].length(); character++) {
                    Position at = new Position(line, character);
                    answer(documents.references(new ReferenceParams(file, at, new ReferenceContext(true))));
                    answer(documents.documentHighlight(new DocumentHighlightParams(file, at)));
                    answer(documents.prepareRename(new PrepareRenameParams(file, at)));
                }
            }
        }
        assertEquals(List.of(), client.guardedFailures);
    }

    /** Seed 21's mutant of fabric.physical.pod-ratios.fabric: 2,147,483,647 nodes of 8 Gaudi 3 overflow an int count. */
    @Test
    void shouldHoverAndHintAClusterTooLargeToCountWithoutAFailure() throws Exception {
        TextDocumentIdentifier file = client.open(root, "uncountable.fabric", """
                import fabric.catalog.intel.*
                import fabric.catalog.standards.*

                cluster Gaudi {
                    nodes 2147483647 x Gaudi3_HLS
                    scale-out RoCEv2_200 fat-tree {
                        tiers 3
                        planes 3
                        oversubscription 1:1, 1:1
                        pods 16 accelerators at 1:1 joined 1:1
                    }
                }
                """);
        assertFalse(awaitDiagnostics(file).isEmpty(), "the counts validator refuses the node count");
        answer(documents.hover(new HoverParams(file, new Position(3, 10))));
        answer(documents.inlayHint(new InlayHintParams(file, new Range(new Position(0, 0), new Position(13, 0)))));
        assertEquals(List.of(), client.guardedFailures);
    }

    /** A deployment with none of what its grammar no longer requires, and a setting twice: diagnostics, no failure. */
    @Test
    void shouldDiagnoseAndAnswerOnADeploymentWithoutModelTrafficOrPool() throws Exception {
        String text = "cluster C { nodes 1 x 8 accelerators link 400 Gb/s latency 1 us }\n"
                + "inference Serve {\n    precision fp8\n    precision bf16\n}\n";
        TextDocumentIdentifier file = client.open(root, "deployment.fabric", text);
        assertEquals(List.of("fabric.serving.model-missing", "fabric.serving.pool-missing",
                "fabric.serving.setting-repeated", "fabric.serving.traffic-missing"),
                awaitDiagnostics(file).stream().map(d -> d.getCode().getLeft()).filter(c -> c.startsWith("fabric.serving"))
                        .sorted().toList());
        String[] lines = text.split("\n");
        for (int line = 0; line < lines.length; line++) {
            for (int character = 0; character <= lines[line].length(); character++) {
                Position at = new Position(line, character);
                answer(documents.hover(new HoverParams(file, at)));
                assertNotNull(answer(documents.completion(new CompletionParams(file, at))));
            }
        }
        answer(documents.inlayHint(new InlayHintParams(file, new Range(new Position(0, 0), new Position(5, 0)))));
        assertEquals(List.of(), client.guardedFailures);
    }

    @Test
    void shouldRefuseToRenameADefinitionOfTheStandardCatalog() throws Exception {
        TextDocumentIdentifier file = client.open(root, "catalog.fabric", """
                import fabric.catalog.nvidia.*

                cluster C {
                    nodes 2 x DGX_H100
                }
                """);
        ExecutionException refused = assertThrows(ExecutionException.class, () -> documents
                .rename(new RenameParams(file, new Position(3, 16), "Mine")).get(60, TimeUnit.SECONDS));
        ResponseErrorException error = (ResponseErrorException) refused.getCause();
        assertEquals(ResponseErrorCode.InvalidRequest.getValue(), error.getResponseError().getCode());
        assertTrue(error.getResponseError().getMessage().contains("'DGX_H100' is not defined in your files"),
                error.getResponseError().getMessage());
        assertEquals(List.of(), client.guardedFailures);
    }

    /**
     * A 191 kB document whose first line holds 100,000 characters is formatted, and a second request on the
     * unchanged document answers the same edits (the formatter reads the document, not a stale state). How long
     * it takes is measured by {@code FormattingBenchmark} (docs/performance.md), not here.
     */
    @Test
    void shouldFormatA191KilobyteDocumentWithA100000CharacterLine() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 0; text.length() < 100_000; i++) {
            text.append("cluster Wide").append(i).append(" { nodes 2 x 8 accelerators link 400 Gb/s latency 1 us } ");
        }
        text.append('\n');
        for (int i = 0; text.length() < 191_000; i++) {
            text.append("cluster Tall").append(i).append(" {\n    nodes 2 x 8 accelerators\n    link 400 Gb/s latency 1 us\n}\n\n");
        }
        TextDocumentIdentifier file = client.open(root, "wide.fabric", text.toString());
        awaitDiagnostics(file);
        DocumentFormattingParams format = new DocumentFormattingParams(file, new FormattingOptions(4, true));
        List<? extends TextEdit> first = answer(documents.formatting(format));
        List<? extends TextEdit> second = answer(documents.formatting(format));
        assertFalse(first.isEmpty());
        assertEquals(first, second);
    }

    private List<Diagnostic> awaitDiagnostics(TextDocumentIdentifier file) throws InterruptedException {
        for (int i = 0; i < 600 && !client.diagnostics.containsKey(file.getUri()); i++) {
            Thread.sleep(50);
        }
        return client.diagnostics.getOrDefault(file.getUri(), List.of());
    }
}
