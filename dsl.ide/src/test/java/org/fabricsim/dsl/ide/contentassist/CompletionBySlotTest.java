package org.fabricsim.dsl.ide.contentassist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.fabricsim.dsl.ide.server.CataloguedModel;
import org.fabricsim.dsl.ide.server.ClientPerTest;
import org.junit.jupiter.api.Test;

/** Completion offers what the slot takes, through the real protocol (issue 19, the language server's gaps). */
class CompletionBySlotTest extends ClientPerTest {
    /** A cluster, a model and a training job, which the studies below vary. */
    private static final String MODEL = CataloguedModel.TEXT;

    @Test
    void shouldCompleteTheCatalogsPackagesAfterImport() throws Exception {
        String text = "package slots\n\nimport fabric.catalog.\n";
        List<CompletionItem> items = complete(text, new Position(2, "import fabric.catalog.".length()));
        List<String> labels = labels(items);
        // catalog.index lists nvidia, amd, intel, broadcom, cornelis, standards, stacks, calibration
        assertTrue(labels.containsAll(List.of("fabric.catalog.nvidia.*", "fabric.catalog.standards.*",
                "fabric.catalog.amd.*")), labels.toString());
        assertTrue(labels.stream().allMatch(label -> label.startsWith("fabric.catalog.")), labels.toString());
        // the proposal replaces what is written after 'import ' (column 7), not appends to it
        assertTrue(items.stream().allMatch(item -> item.getTextEdit().getLeft().getRange().getStart().getCharacter() == 7),
                items.toString());
    }

    @Test
    void shouldOfferOnlyClustersInAClusterVariation() throws Exception {
        String line = "    vary cluster in [";
        List<String> labels = labels(complete(MODEL + "\nstudy Sweep {\n    simulate Train\n" + line + "\n}\n",
                new Position(MODEL.split("\n", -1).length + 2, line.length())));
        assertTrue(labels.contains("B200_CX8"), labels.toString());
        // a model, a workload, a catalog part and a schedule keyword are no cluster
        for (String wrong : List.of("Small", "Train", "H100_SXM", "DGX_H100", "gpipe", "1f1b")) {
            assertFalse(labels.contains(wrong), wrong + " offered among " + labels);
        }
    }

    @Test
    void shouldOfferOnlyTheScheduleKeywordsInAScheduleVariation() throws Exception {
        String line = "    vary schedule in [";
        List<String> labels = labels(complete(MODEL + "\nstudy Sweep {\n    simulate Train\n" + line + "\n}\n",
                new Position(MODEL.split("\n", -1).length + 2, line.length())));
        // Knobs.keywords(SCHEDULE): the five pipeline schedules of the grammar's PipelineSchedule
        assertEquals(new HashSet<>(List.of("gpipe", "1f1b", "interleaved-1f1b", "zero-bubble", "dualpipe")),
                new HashSet<>(labels), labels.toString());
    }

    @Test
    void shouldOfferEachScaleOutFabricOnceAfterScaleOut() throws Exception {
        String text = MODEL.replace("    scale-out InfiniBand_NDR rail-optimized {", "    scale-out  rail-optimized {");
        int line = List.of(text.split("\n", -1)).indexOf("    scale-out  rail-optimized {");
        List<String> labels = labels(complete(text, new Position(line, "    scale-out ".length())));
        // imported (fabric.catalog.nvidia.*) by simple name, others by qualified name
        assertTrue(labels.containsAll(List.of("InfiniBand_NDR", "InfiniBand_XDR", "fabric.catalog.standards.RoCEv2")),
                labels.toString());
        // NVLink4 and UALink are scale-up fabrics (catalog: scope scale-up)
        assertFalse(labels.stream().anyMatch(label -> label.endsWith("NVLink4") || label.endsWith("UALink")),
                labels.toString());
        // each once: an imported fabric not also by its qualified name
        assertFalse(labels.contains("fabric.catalog.nvidia.InfiniBand_NDR"), labels.toString());
        assertEquals(new HashSet<>(labels).size(), labels.size(), "a fabric offered twice: " + labels);
    }

    @Test
    void shouldNotOfferTheGrammarsFeatureNamesForNumbersOrNames() throws Exception {
        String text = MODEL.replace("    nodes 4 x DGX_H100", "    nodes 4 x ");
        int line = List.of(text.split("\n", -1)).indexOf("    nodes 4 x ");
        List<CompletionItem> items = complete(text, new Position(line, "    nodes 4 x ".length()));
        List<String> labels = labels(items);
        assertTrue(labels.contains("DGX_H100"), labels.toString());
        assertFalse(labels.contains("acceleratorsPerNode"), labels.toString());
        assertTrue(items.stream().noneMatch(item -> List.of("INT", "ID", "STRING").contains(item.getDetail())),
                items.toString());
    }

    @Test
    void shouldNotOfferAnInferenceSettingAlreadyWritten() throws Exception {
        String text = MODEL + "\ninference Serve {\n    model Small on B200_CX8\n    precision fp8\n    \n    kv-cache fp8\n}\n";
        List<String> labels = labels(complete(text, new Position(MODEL.split("\n", -1).length + 3, 4)));
        // model and precision are written above the caret, kv-cache below it: each is stated once
        // (InferenceSettingsValidator), and the completion reads the whole deployment
        for (String written : List.of("model", "precision", "kv-cache")) {
            assertFalse(labels.contains(written), written + " offered again among " + labels);
        }
        // the settings not yet written, and the pools, of which a deployment may have several
        assertTrue(labels.containsAll(List.of("traffic", "slo", "kv-transfer", "serving", "prefill", "decode")),
                labels.toString());
    }

    @Test
    void shouldOfferEveryInferenceSettingInAnEmptyDeployment() throws Exception {
        String text = MODEL + "\ninference Serve {\n    \n}\n";
        List<String> labels = labels(complete(text, new Position(MODEL.split("\n", -1).length + 1, 4)));
        assertTrue(labels.containsAll(List.of("model", "precision", "kv-cache", "traffic", "slo", "kv-transfer",
                "serving")), labels.toString());
    }

    private List<CompletionItem> complete(String text, Position position) throws Exception {
        TextDocumentIdentifier document = client.open(root, "slots.fabric", text);
        return client.server.getTextDocumentService().completion(new CompletionParams(document, position))
                .get(60, TimeUnit.SECONDS).getRight().getItems();
    }

    private static List<String> labels(List<CompletionItem> items) {
        return items.stream().map(CompletionItem::getLabel).toList();
    }
}
