package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.fabricsim.generator.cli.ExitCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * Models from the fuzzing campaign that crashed the command line (issue 21 C1, S1, S2, S4): now diagnostics. So
 * are deployments missing what the grammar no longer requires (their model, traffic or pool).
 */
class MalformedModelsCliTest {
    private static final String SWEEP = """
            cluster Pair { nodes 2 x 8 accelerators link 400 Gb/s latency 1 us }
            benchmark Sweep { all-reduce ring on Pair sizes %s }
            """;
    private static final String DEPLOYMENT = """
            cluster C { nodes 1 x 8 accelerators link 400 Gb/s latency 1 us }
            model M transformer { layers 2 hidden 64 heads 4 vocab 100 }
            inference Serve {
                %s
            }
            """;

    @TempDir
    Path dir;

    /** {@code text} as the only model of its own folder, so that no sibling is loaded with it. */
    private Path model(String name, String text) throws Exception {
        return Files.writeString(Files.createDirectories(dir.resolve(name)).resolve(name + ".fabric"), text);
    }

    private static void assertNoStackTrace(CliRun outcome) {
        assertFalse((outcome.out() + outcome.err()).contains("Exception"), outcome.out() + outcome.err());
        assertFalse((outcome.out() + outcome.err()).contains("\tat "), outcome.out() + outcome.err());
    }

    @Test
    void shouldHandleEmptyBlankAndCommentOnlyFilesWithoutACrash() throws Exception {
        List<String> texts = List.of("", "  \n\n", "// only a comment\n");
        for (int i = 0; i < texts.size(); i++) {
            Path file = model("nothing" + i, texts.get(i));
            CliRun validated = CliRun.fabric("validate", file.toString());
            assertEquals(ExitCodes.OK, validated.exitCode(), validated.err());
            // The one file named is valid and holds nothing (it said "0 file(s) valid").
            assertEquals("1 file(s) valid; 1 of them defines nothing (empty, blank or only comments)",
                    validated.out().strip());
            assertNoStackTrace(validated);
            CliRun formatted = CliRun.fabric("format", file.toString());
            assertEquals(ExitCodes.OK, formatted.exitCode(), formatted.err());
            assertNoStackTrace(formatted);
            assertEquals(texts.get(i), Files.readString(file));
            CliRun simulated = CliRun.fabric("simulate", file.toString());
            assertEquals(ExitCodes.OK, simulated.exitCode(), simulated.err());
            assertTrue(simulated.out().contains(file + ": nothing to simulate"), simulated.out());
            assertEquals("", simulated.err(), "a notice, not an error");
            assertNoStackTrace(simulated);
        }
    }

    @Test
    void shouldReportAFileHoldingOnlyANameAsJsonWithItsLine() throws Exception {
        CliRun outcome = CliRun.fabric("validate", "--format", "json", model("x", "x").toString());
        assertEquals(ExitCodes.MODEL_ERRORS, outcome.exitCode());
        JsonObject diagnostic = JsonParser.parseString(outcome.out()).getAsJsonObject().getAsJsonArray("diagnostics")
                .get(0).getAsJsonObject();
        assertEquals(1, diagnostic.get("line").getAsInt());
        assertNoStackTrace(outcome);
    }

    @Test
    void shouldRefuseBenchmarkSizesThatOverflowOrHoldNoSizeBeforeSimulating() throws Exception {
        List<List<String>> cases = List.of(
                List.of("1 MiB to 100000000000000000000 GiB factor 2", "fabric.workload.size-too-large"),
                List.of("1 MiB, 2147483648 GiB", "fabric.workload.size-too-large"),
                List.of("2 GiB to 1 GiB factor 2", "fabric.workload.sweep-descending"));
        for (int i = 0; i < cases.size(); i++) {
            Path file = model("sweep" + i, SWEEP.formatted(cases.get(i).get(0)));
            CliRun outcome = CliRun.fabric("simulate", file.toString());
            assertEquals(ExitCodes.MODEL_ERRORS, outcome.exitCode(), outcome.out());
            assertTrue(outcome.err().contains(file + ":2:") && outcome.err().contains(cases.get(i).get(1)),
                    outcome.err());
            assertNoStackTrace(outcome);
        }
    }

    @Test
    void shouldRefuseAnInferenceWithoutItsModelTrafficOrPoolBeforeSimulatingOrGenerating() throws Exception {
        String model = "model M on C";
        String pool = "serving pool { replicas 1 parallel tensor 8 }";
        String traffic = "traffic { arrival all-at-once prompt fixed 10 output fixed 10 }";
        List<List<String>> cases = List.of(List.of(pool + " " + traffic, "fabric.serving.model-missing"),
                List.of(model + " " + pool, "fabric.serving.traffic-missing"),
                List.of(model + " " + traffic, "fabric.serving.pool-missing"));
        for (int i = 0; i < cases.size(); i++) {
            Path file = model("deployment" + i, DEPLOYMENT.formatted(cases.get(i).get(0)));
            String generated = dir.resolve("generated").toString();
            for (List<String> command : List.of(List.of("simulate"), List.of("generate", "-o", generated))) {
                List<String> args = new ArrayList<>(command);
                args.add(file.toString());
                CliRun outcome = CliRun.fabric(args.toArray(String[]::new));
                assertEquals(ExitCodes.MODEL_ERRORS, outcome.exitCode(), outcome.out() + outcome.err());
                assertTrue(outcome.err().contains(file + ":3:") && outcome.err().contains(cases.get(i).get(1)),
                        outcome.err());
                assertNoStackTrace(outcome);
            }
        }
    }
}
