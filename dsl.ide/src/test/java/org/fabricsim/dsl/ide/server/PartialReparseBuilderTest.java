package org.fabricsim.dsl.ide.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidCloseTextDocumentParams;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.WorkspaceSymbolParams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Builds that re-parse an edited file in place ({@link PartialReparseBuilder}) publish what parsing the
 * edited text whole publishes, through the real protocol: after each edit of a sequence (a value inside a
 * definition, a brace deleted and typed again, a definition renamed so that a reference breaks, a definition
 * added, a statement deleted, the package renamed), the diagnostics equal those a second server publishes for
 * the same text opened as a new file. And a file that another file refers to is parsed whole, so the other
 * file's reference to a renamed definition breaks and resolves again when the name comes back.
 */
class PartialReparseBuilderTest {
    /** A cluster in one file of the workspace and a benchmark on it in another. */
    private static final String CLUSTER =
            "package shared\n\ncluster Pair {\n    nodes 2 x 8 accelerators\n    link 400 Gb/s latency 1 us\n}\n";
    private static final String BENCHMARK =
            "package shared\n\nbenchmark Ring {\n    all-reduce ring\n    on Pair\n    sizes 1 MiB\n}\n";

    @TempDir
    Path edited;

    @TempDir
    Path fresh;

    @Test
    void shouldPublishWhatAWholeParsePublishesAfterEachEdit() throws Exception {
        String[][] edits = {
            { "layers 8", "layers 12" },
            { "        tiers 2\n    }\n}", "        tiers 2\n    }\n" },
            { "        tiers 2\n    }\n", "        tiers 2\n    }\n}" },
            { "cluster B200_CX8", "cluster B200_CX9" },
            { "    parallel tensor 8 data 4\n", "" },
            { "}\n\nmodel Small", "}\n\ncluster Extra {\n    nodes 0 x 8 accelerators\n    link 400 Gb/s latency 1 us\n}\n\nmodel Small" },
            { "package catalogued", "package renamed" },
        };
        try (ProtocolClient client = new ProtocolClient(edited); ProtocolClient reference = new ProtocolClient(fresh)) {
            String text = CataloguedModel.TEXT;
            TextDocumentIdentifier file = client.open(edited, "edited.fabric", text);
            awaitDiagnostics(client, file);
            int version = 1;
            int withDiagnostics = 0;
            for (String[] edit : edits) {
                int at = text.indexOf(edit[0]);
                assertTrue(at >= 0, "the text to edit: " + edit[0]);
                List<String> published = edit(client, file, ++version, text, at, edit[0].length(), edit[1]);
                text = text.substring(0, at) + edit[1] + text.substring(at + edit[0].length());
                TextDocumentIdentifier whole = reference.open(fresh, "step" + version + ".fabric", text);
                List<String> expected = awaitDiagnostics(reference, whole).stream().map(PartialReparseBuilderTest::describe)
                        .toList();
                reference.server.getTextDocumentService().didClose(new DidCloseTextDocumentParams(whole));
                assertEquals(expected, published, "after edit " + version + " (" + edit[0] + " -> " + edit[1] + ")");
                withDiagnostics += expected.isEmpty() ? 0 : 1;
            }
            // the edits do produce diagnostics (the brace, the broken reference, the empty node group)
            assertTrue(withDiagnostics >= 3, "edits that left diagnostics: " + withDiagnostics);
        }
    }

    @Test
    void shouldBreakAndRestoreAnotherFilesReferenceWhenADefinitionIsRenamed() throws Exception {
        writeClusterAndBenchmark();
        try (ProtocolClient client = new ProtocolClient(edited)) {
            TextDocumentIdentifier clusterFile = client.open(edited, "cluster.fabric", CLUSTER);
            TextDocumentIdentifier benchmarkFile = client.open(edited, "benchmark.fabric", BENCHMARK);
            settle(client);
            assertTrue(awaitDiagnostics(client, benchmarkFile).isEmpty());
            int at = CLUSTER.indexOf("Pair");

            client.diagnostics.remove(benchmarkFile.getUri());
            edit(client, clusterFile, 2, CLUSTER, at, "Pair".length(), "Quad");
            List<Diagnostic> broken = awaitDiagnostics(client, benchmarkFile);
            assertFalse(broken.isEmpty(), "the benchmark's reference to the renamed cluster is reported");
            assertEquals(4, broken.get(0).getRange().getStart().getLine());

            client.diagnostics.remove(benchmarkFile.getUri());
            edit(client, clusterFile, 3, CLUSTER.replace("Pair", "Quad"), at, "Quad".length(), "Pair");
            assertEquals(List.of(), awaitDiagnostics(client, benchmarkFile));
        }
    }

    @Test
    void shouldKeepAnotherFilesReferenceToAnEditedDefinitionInTheWorkspace() throws Exception {
        writeClusterAndBenchmark();
        try (ProtocolClient client = new ProtocolClient(edited)) {
            TextDocumentIdentifier clusterFile = client.open(edited, "cluster.fabric", CLUSTER);
            TextDocumentIdentifier benchmarkFile = client.open(edited, "benchmark.fabric", BENCHMARK);
            settle(client);
            // two statements of the cluster: the partial parse replaces the cluster's object, which keeps its name,
            // so the benchmark is not rebuilt and its resolved reference must not keep the replaced object
            String statements = "2 x 8 accelerators\n    link 400";
            edit(client, clusterFile, 2, CLUSTER, CLUSTER.indexOf(statements), statements.length(),
                    "4 x 8 accelerators\n    link 800");
            List<? extends Location> target = client.server.getTextDocumentService()
                    .definition(new DefinitionParams(benchmarkFile, new Position(4, "    on P".length())))
                    .get(60, TimeUnit.SECONDS).getLeft();
            assertEquals(1, target.size(), "the benchmark's reference leads to the edited file's cluster");
            assertEquals(clusterFile.getUri(), target.get(0).getUri());
            assertEquals(2, target.get(0).getRange().getStart().getLine());
        }
    }

    /**
     * Replaces {@code length} characters at {@code offset} of {@code current}, the document's text, and returns
     * the diagnostics of that version.
     */
    private static List<String> edit(ProtocolClient client, TextDocumentIdentifier file, int version, String current,
            int offset, int length, String text) throws InterruptedException {
        LspDocument before = new LspDocument(version - 1, current);
        Range range = new Range(before.getPosition(offset), before.getPosition(offset + length));
        client.diagnostics.remove(file.getUri());
        client.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(
                new VersionedTextDocumentIdentifier(file.getUri(), version),
                List.of(new TextDocumentContentChangeEvent(range, text))));
        return awaitDiagnostics(client, file).stream().map(PartialReparseBuilderTest::describe).toList();
    }

    /** Waits until the server has built both opened files: a read is answered after the builds queued before it. */
    private static void settle(ProtocolClient client) throws Exception {
        client.server.getWorkspaceService().symbol(new WorkspaceSymbolParams("")).get(60, TimeUnit.SECONDS);
    }

    private static List<Diagnostic> awaitDiagnostics(ProtocolClient client, TextDocumentIdentifier file)
            throws InterruptedException {
        for (int wait = 0; wait < 1_200 && !client.diagnostics.containsKey(file.getUri()); wait++) {
            Thread.sleep(50);
        }
        assertTrue(client.diagnostics.containsKey(file.getUri()), "no diagnostics for " + file.getUri());
        return client.diagnostics.get(file.getUri());
    }

    private static String describe(Diagnostic diagnostic) {
        return diagnostic.getRange() + " " + diagnostic.getSeverity() + " " + diagnostic.getCode() + " "
                + diagnostic.getMessage();
    }

    private void writeClusterAndBenchmark() throws IOException {
        Files.writeString(edited.resolve("cluster.fabric"), CLUSTER);
        Files.writeString(edited.resolve("benchmark.fabric"), BENCHMARK);
    }
}
