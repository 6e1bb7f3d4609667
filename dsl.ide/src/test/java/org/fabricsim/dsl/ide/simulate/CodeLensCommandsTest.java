package org.fabricsim.dsl.ide.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.CodeLens;
import org.eclipse.lsp4j.CodeLensParams;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.fabricsim.dsl.ide.server.ClientPerTest;
import org.junit.jupiter.api.Test;

import com.google.gson.JsonPrimitive;

/**
 * The editors' code lenses and their commands, "Simulate" on every workload and study and "Draw" (the topology
 * preview) on every cluster and training job, through the real protocol as any client sees them.
 */
class CodeLensCommandsTest extends ClientPerTest {
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

            study Twice {
                simulate Sweep
            }
            """;

    /** The lenses the server offers on {@code document} that run {@code command}. */
    private List<? extends CodeLens> lenses(TextDocumentIdentifier document, String command) throws Exception {
        return client.server.getTextDocumentService().codeLens(new CodeLensParams(document)).get(60, TimeUnit.SECONDS)
                .stream().filter(l -> command.equals(l.getCommand().getCommand())).toList();
    }

    @Test
    void shouldOfferSimulateOnTheFirstLineOfEveryWorkloadAndStudyButNotOnACluster() throws Exception {
        TextDocumentIdentifier document = client.open(root, "lens.fabric", MODEL);
        List<? extends CodeLens> lenses = lenses(document, SimulateCommand.ID);
        // lines (0-based): benchmark Sweep on 7, study Twice on 13; the cluster on 2 gets none (only "Draw").
        assertEquals(List.of(7, 13), lenses.stream().map(l -> l.getRange().getStart().getLine()).toList());
        assertEquals(List.of("Simulate Sweep", "Simulate Twice"),
                lenses.stream().map(l -> l.getCommand().getTitle()).toList());
        assertTrue(lenses.stream().allMatch(l -> l.getCommand().getArguments().get(0).toString()
                .contains(document.getUri())));
    }

    @Test
    void shouldRunTheLensesCommandInTheServerAndAnswerTheConsoleTable() throws Exception {
        TextDocumentIdentifier document = client.open(root, "lens.fabric", MODEL);
        String text = execute(SimulateCommand.ID, document.getUri(), "Twice");
        // the nccl-tests table of the study's run: both sizes (1,048,576 and 2,097,152 bytes), the ring
        assertTrue(text.contains("# lens.Twice: all-reduce ring over 16 accelerators (2 nodes x 8)"), text);
        assertTrue(text.contains(" 1048576 ") && text.contains(" 2097152 "), text);
        String unknown = execute(SimulateCommand.ID, document.getUri(), "Nope");
        assertTrue(unknown.contains("no study or workload named 'Nope'"), unknown);
    }

    @Test
    void shouldAnswerAModelWithErrorsWithASentenceInsteadOfRunningIt() throws Exception {
        TextDocumentIdentifier document = client.open(root, "broken.fabric",
                MODEL.replace("on Pair", "on Missing"));
        String answer = execute(SimulateCommand.ID, document.getUri(), "Sweep");
        assertTrue(answer.contains("the model has errors"), answer);
    }

    @Test
    void shouldOfferDrawOnEveryClusterAndAnswerItsPicture() throws Exception {
        TextDocumentIdentifier document = client.open(root, "draw.fabric", MODEL);
        List<? extends CodeLens> lenses = lenses(document, DrawPreviewCommand.ID);
        // the cluster on line 2 (0-based); the benchmark and the study are simulated, not drawn
        assertEquals(List.of(2), lenses.stream().map(l -> l.getRange().getStart().getLine()).toList());
        assertEquals("Draw Pair", lenses.get(0).getCommand().getTitle());
        String svg = execute(DrawPreviewCommand.ID, document.getUri(), "Pair");
        // 2 nodes x 8 = 16 accelerators, the title fabric draw writes
        assertTrue(svg.startsWith("<svg") && svg.contains("Pair: 16 accelerators, 2 nodes of 8"), svg);
        String unknown = execute(DrawPreviewCommand.ID, document.getUri(), "Sweep");
        assertTrue(unknown.contains("no cluster or training job named 'Sweep' to draw"), unknown);
    }

    @Test
    void shouldAnswerADrawOfAModelWithErrorsWithASentence() throws Exception {
        TextDocumentIdentifier document = client.open(root, "broken.fabric", MODEL.replace("on Pair", "on Missing"));
        String answer = execute(DrawPreviewCommand.ID, document.getUri(), "Pair");
        assertTrue(answer.contains("the model has errors; fix them and draw again"), answer);
    }

    /** {@code command}'s answer as the text a client shows (lsp4j hands a string result over as a JSON primitive). */
    private String execute(String command, String uri, String name) throws Exception {
        Object answer = client.server.getWorkspaceService().executeCommand(new ExecuteCommandParams(command,
                List.of(uri, name))).get(120, TimeUnit.SECONDS);
        return answer instanceof JsonPrimitive text ? text.getAsString() : String.valueOf(answer);
    }
}
