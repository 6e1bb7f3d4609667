package org.fabricsim.dsl.ide.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.CodeLens;
import org.eclipse.lsp4j.CodeLensParams;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.fabricsim.dsl.ide.server.ProtocolClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonPrimitive;

/** The editors' topology preview: a "Draw" lens on every cluster and training job, answered with the SVG. */
class DrawPreviewTest {
    private static final String MODEL = """
            package lens

            cluster Pair {
                nodes 2 x 8 accelerators
                link 400 Gb/s latency 1 us
            }

            benchmark Sweep {
                all-reduce ring
                on Pair
                sizes 1 MiB, 2 MiB
            }
            """;

    @TempDir
    Path root;

    private ProtocolClient client;

    @BeforeEach
    void start() throws Exception {
        client = new ProtocolClient(root);
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
    }

    @Test
    void shouldOfferDrawOnEveryClusterAndAnswerItsPicture() throws Exception {
        TextDocumentIdentifier document = client.open(root, "draw.fabric", MODEL);
        List<? extends CodeLens> lenses = client.server.getTextDocumentService().codeLens(new CodeLensParams(document))
                .get(60, TimeUnit.SECONDS).stream().filter(l -> DrawPreviewCommand.ID.equals(l.getCommand().getCommand()))
                .toList();
        // the cluster on line 2 (0-based); the benchmark is simulated, not drawn
        assertEquals(List.of(2), lenses.stream().map(l -> l.getRange().getStart().getLine()).toList());
        assertEquals("Draw Pair", lenses.get(0).getCommand().getTitle());
        String svg = execute(document.getUri(), "Pair");
        // 2 nodes x 8 = 16 accelerators, the title fabric draw writes
        assertTrue(svg.startsWith("<svg") && svg.contains("Pair: 16 accelerators, 2 nodes of 8"), svg);
        String unknown = execute(document.getUri(), "Sweep");
        assertTrue(unknown.contains("no cluster or training job named 'Sweep' to draw"), unknown);
    }

    @Test
    void shouldAnswerAModelWithErrorsWithASentence() throws Exception {
        TextDocumentIdentifier document = client.open(root, "broken.fabric", MODEL.replace("on Pair", "on Missing"));
        String answer = execute(document.getUri(), "Pair");
        assertTrue(answer.contains("the model has errors; fix them and draw again"), answer);
    }

    private String execute(String uri, String name) throws Exception {
        Object answer = client.server.getWorkspaceService().executeCommand(new ExecuteCommandParams(
                DrawPreviewCommand.ID, List.of(uri, name))).get(120, TimeUnit.SECONDS);
        return answer instanceof JsonPrimitive text ? text.getAsString() : String.valueOf(answer);
    }
}
