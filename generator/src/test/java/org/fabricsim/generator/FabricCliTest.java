package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.fabricsim.generator.cli.FabricCli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

class FabricCliTest {

    private record Outcome(int exitCode, String out, String err) {
    }

    private static Outcome fabric(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = FabricCli.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Outcome(exit, out.toString(), err.toString());
    }

    @Test
    void shouldSimulateTheQuickstartAndWriteTheJsonResult(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("result.json");
        Outcome outcome = fabric("simulate", Models.QUICKSTART.toString(), "--json", json.toString());
        assertEquals(0, outcome.exitCode(), outcome.err());
        // 1 GiB over 16 ranks at 50 GB/s, alpha = 2 hops x 1 us:
        // T = 2*15/16 * 2^30 / 50e9 + 30 * 2 us = 0.0402653184 + 0.00006 s = 40325.32 us;
        // busbw = 1.875 * 2^30 / T = 49.93 GB/s.
        assertTrue(outcome.out().lines().anyMatch(l -> l.matches("\\s+1073741824\\s+40325\\.32\\s+26\\.63\\s+49\\.93")),
                outcome.out());
        JsonObject run = JsonParser.parseString(Files.readString(json)).getAsJsonObject().getAsJsonArray("runs")
                .get(0).getAsJsonObject();
        assertEquals("quickstart.RingAllReduce", run.get("name").getAsString());
        assertEquals("collective-benchmark", run.get("kind").getAsString());
        assertEquals(16, run.getAsJsonObject("parameters").get("accelerators").getAsInt());
        assertEquals(4, run.getAsJsonObject("metrics").getAsJsonArray("rows").size());
    }

    @Test
    void shouldExitWithOneAndPointAtFileLineAndColumnForModelErrors(@TempDir Path dir) throws Exception {
        Path model = dir.resolve("broken.fabric");
        Files.writeString(model, "cluster C {\n    nodes 2 x accelerators\n    link 1 GB/s latency 1 us\n}\n");
        Outcome outcome = fabric("validate", model.toString());
        assertEquals(1, outcome.exitCode());
        assertTrue(outcome.out().contains(model + ":2:15: error: Unexpected 'accelerators' here."),
                outcome.out());
        assertFalse(outcome.err().contains("Exception"), outcome.err());
    }

    @Test
    void shouldExitWithTwoAndNoStackTraceForAMissingFile() {
        Outcome outcome = fabric("simulate", "no/such/model.fabric");
        assertEquals(2, outcome.exitCode());
        assertEquals("fabric: no/such/model.fabric: no such file or directory", outcome.err().strip());
    }

    @Test
    void shouldExitWithTwoForAnUnknownOption() {
        assertEquals(2, fabric("simulate", "--frobnicate", Models.QUICKSTART.toString()).exitCode());
    }

    @Test
    void shouldNeverOverwriteAnExistingFileWithoutForce(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("precious.json");
        Files.writeString(json, "my notes");
        Outcome refused = fabric("simulate", Models.QUICKSTART.toString(), "--json", json.toString());
        assertEquals(2, refused.exitCode());
        assertTrue(refused.err().contains("already exists"), refused.err());
        assertEquals("my notes", Files.readString(json));

        assertEquals(0, fabric("simulate", Models.QUICKSTART.toString(), "--json", json.toString(), "--force").exitCode());
        assertTrue(Files.readString(json).contains("\"runs\""));
    }
}
