package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.fabricsim.generator.cli.ExitCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** {@code fabric simulate} on a study that expects figures: a miss is shown, and fails the command only on request. */
class ExpectationCliTest {

    /**
     * A ring all-reduce on 400 Gb/s links, whose bus bandwidth cannot reach 1,000 GB/s, held against
     * that figure and against 40 GB/s within 100 % (any prediction from 0 to 80 GB/s).
     */
    private static Path model(Path dir) throws Exception {
        Path model = dir.resolve("measured.fabric");
        Files.writeString(model, """
                package figures
                cluster Slow { nodes 2 x 4 accelerators link 400 Gb/s latency 1 us }
                benchmark Ring { all-reduce ring on Slow sizes 1 MiB, 1 GiB }
                study Measured {
                    simulate Ring
                    report busbw
                    expect busbw 40 GB/s at 1 GiB within 100 % source "roughly"
                    expect busbw 1000 GB/s at 1 GiB source "wishful"
                }
                """);
        return model;
    }

    @Test
    void shouldPrintAMissAndStillSucceedWithoutFailOnMiss(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("result.json");
        CliRun outcome = CliRun.fabric("simulate", model(dir).toString(), "--json", json.toString());
        assertEquals(ExitCodes.OK, outcome.exitCode(), outcome.err());
        assertTrue(outcome.out().contains("  MISSES: predicted busbw at 1 GiB "), outcome.out());
        assertTrue(outcome.out().contains("against 1,000 GB/s measured (wishful)"), outcome.out());
        assertTrue(outcome.out().contains("against 40 GB/s measured (roughly), "), outcome.out());
        JsonObject run = JsonParser.parseString(Files.readString(json)).getAsJsonObject().getAsJsonArray("runs")
                .get(0).getAsJsonObject();
        JsonObject wishful = run.getAsJsonArray("expectations").get(1).getAsJsonObject();
        assertEquals("rows[1 GiB].busbwGBps", wishful.get("key").getAsString());
        assertEquals(false, wishful.get("within").getAsBoolean());
        assertEquals(true, run.getAsJsonArray("expectations").get(0).getAsJsonObject().get("within").getAsBoolean());
    }

    @Test
    void shouldExitWithThreeForAMissWithFailOnMiss(@TempDir Path dir) throws Exception {
        CliRun outcome = CliRun.fabric("simulate", model(dir).toString(), "--fail-on-miss");
        assertEquals(ExitCodes.RUNS_FAILED, outcome.exitCode());
        assertTrue(outcome.err().contains("1 prediction(s) missed an expected figure (--fail-on-miss)"), outcome.err());
    }

    @Test
    void shouldSucceedWithFailOnMissWhenEveryPredictionIsWithin(@TempDir Path dir) throws Exception {
        Path model = model(dir);
        Files.writeString(model, Files.readString(model).replace("    expect busbw 1000 GB/s at 1 GiB source \"wishful\"\n",
                ""));
        assertEquals(ExitCodes.OK, CliRun.fabric("simulate", model.toString(), "--fail-on-miss").exitCode());
    }
}
