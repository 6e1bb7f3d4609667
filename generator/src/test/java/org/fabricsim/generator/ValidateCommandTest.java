package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** {@code fabric validate --format json} and {@code --lock-in}. */
class ValidateCommandTest {
    private static final String DGX_ON_ROCE = """
            import fabric.catalog.nvidia.*
            import fabric.catalog.standards.*

            cluster FourDgx {
                nodes 4 x DGX_H100
                scale-out RoCEv2 single-switch
            }
            """;

    @Test
    void shouldWriteDiagnosticsAsJsonWithFileLineColumnSeverityCodeAndMessage(@TempDir Path dir) throws Exception {
        Path model = dir.resolve("dgx.fabric");
        Files.writeString(model, DGX_ON_ROCE);
        CliRun outcome = CliRun.fabric("validate", "--format", "json", model.toString());
        assertEquals(0, outcome.exitCode(), outcome.err());
        JsonObject document = JsonParser.parseString(outcome.out()).getAsJsonObject();
        assertEquals(0, document.get("errors").getAsInt());
        JsonArray diagnostics = document.getAsJsonArray("diagnostics");
        JsonObject seam = null;
        for (var element : diagnostics) {
            if (element.getAsJsonObject().get("code").getAsString().equals("fabric.lockin.seam")) {
                seam = element.getAsJsonObject();
            }
        }
        assertTrue(seam != null, outcome.out());
        assertEquals(model.toString(), seam.get("file").getAsString());
        // the seam sits on the scale-out fabric: line 6, column 15 ("RoCEv2" after "    scale-out ")
        assertEquals(6, seam.get("line").getAsInt());
        assertEquals(15, seam.get("column").getAsInt());
        assertEquals("warning", seam.get("severity").getAsString());
        assertTrue(seam.get("message").getAsString().contains("busiest point"));
    }

    @Test
    void shouldExitWithOneOnErrorsInJsonMode(@TempDir Path dir) throws Exception {
        Path model = dir.resolve("broken.fabric");
        Files.writeString(model, "cluster C {\n    nodes 2 x 8 accelerators\n}\n");
        CliRun outcome = CliRun.fabric("validate", "--format", "json", model.toString());
        assertEquals(1, outcome.exitCode());
        JsonObject document = JsonParser.parseString(outcome.out()).getAsJsonObject();
        assertEquals(1, document.get("errors").getAsInt());
        assertEquals("fabric.cluster.sketch-needs-link",
                document.getAsJsonArray("diagnostics").get(0).getAsJsonObject().get("code").getAsString());
    }

    @Test
    void shouldPrintTheLockInSummaryOfEachCluster(@TempDir Path dir) throws Exception {
        Path model = dir.resolve("dgx.fabric");
        Files.writeString(model, DGX_ON_ROCE);
        CliRun text = CliRun.fabric("validate", "--lock-in", model.toString());
        assertEquals(0, text.exitCode(), text.err());
        assertTrue(text.out().contains("Lock-in of FourDgx:\n  scale-up NVLink4: NVIDIA, single-source, NVIDIA accelerators only\n"
                + "  scale-out RoCEv2: IBTA, open standard\n  seam: NVLink4 / RoCEv2"), text.out());
        CliRun json = CliRun.fabric("validate", "--format", "json", "--lock-in", model.toString());
        JsonObject lockIn = JsonParser.parseString(json.out()).getAsJsonObject().getAsJsonArray("lockIn").get(0)
                .getAsJsonObject();
        assertTrue(lockIn.get("seam").getAsBoolean());
        assertEquals("ACCELERATOR_LOCK", lockIn.getAsJsonArray("fabrics").get(0).getAsJsonObject().get("verdict")
                .getAsString());
    }

    @Test
    void shouldNotReportASeamWhereThereIsNone(@TempDir Path dir) throws Exception {
        Path model = dir.resolve("gaudi.fabric");
        Files.writeString(model, """
                import fabric.catalog.intel.*
                import fabric.catalog.standards.*

                cluster Gaudi {
                    nodes 4 x Gaudi3_HLS
                    scale-out RoCEv2_200 single-switch
                }
                """);
        CliRun outcome = CliRun.fabric("validate", "--lock-in", model.toString());
        assertEquals(0, outcome.exitCode(), outcome.err());
        assertTrue(outcome.out().contains("  no seam\n"), outcome.out());
        assertTrue(!outcome.out().contains("warning"), outcome.out());
    }
}
