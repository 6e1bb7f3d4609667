package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabricsim.runtime.result.RunResult;
import org.junit.jupiter.api.Test;

/**
 * Megatron-Bridge 25.11's dense Llama rows on DGX-GB200, DGX-B200 and DGX-H100 (validation/reference/
 * training-megatron-bridge.csv, {@link MegatronBridgeRows}), predicted with the default profile, whose Blackwell
 * sustained fraction is fitted on the four rows of role "fit" ({@code DefaultProfileFit}); the others are held out.
 * The test fails when a row enters or leaves {@link #KNOWN_MISSES} (±3 points of the part's BF16 peak).
 */
class MegatronBridgeTrainingTest {
    private static final double TOLERANCE_POINTS = 3;
    /**
     * Rows outside ±3 points (docs/accuracy.md, "Blackwell sustained fraction, session 59").
     * <ul>
     * <li>mb2511-llama3-8b-b200-8 (fit), −3.8, and mb2511-llama31-405b-b200-128 (fit), +6.1 points, with the Blackwell
     * sustained fraction fitted on the four fit rows (0.704 since session 60's NVLink 5 efficiency, 0.702 before, near
     * its lower bound 0.7; the 8B GB200 and 405B GB200 fit rows are −1.5 and −1.3): the 8B B200 row wants about
     * 0.75, the 405B one less than 0.7, a split by recipe the 405B H100 row shares. Before the fraction (none in the profile) the four were +22.5, +21.7, +30.1 and +35.1.</li>
     * <li>mb2511-llama3-70b-h100-64, −6.7 (TP4 PP8, no CP), and mb2511-llama31-405b-h100-1024, +10.0 (TP8 PP8 CP2),
     * where MLPerf's 405B H100 run of the same layout is +1.2. The recipes set what the spec states (TP overlap, p2p
     * context parallelism, no CUDA graphs or recompute); they differ from MLPerf's run by current scaling (its amax
     * reads and TP amax all-reduces, not charged: +10.0 to +7.8, but −6.7 to −8.1) and 64 micro-batches a replica
     * against 288 (docs/accuracy.md, "Megatron-Bridge's 405B CP2 recipes, session 59").</li>
     * <li>mb2511-llama31-405b-b200-128-mx, +9.1 (held out; the 8B MXFP8 rows are within at +1.4 and −2.0): the 405B
     * B200 recipe's effect, and the exposed parameter all-gather the MXFP8 recipes keep (0.27 s, not charged). +37.1,
     * +24.6 and +22.7 before the fraction. The MXFP8 steps run 1.020, 1.019 and 1.022 times the same recipe's FP8-CS
     * step (published 1.058, 1.037, 1.059) since session 59's block-scaled GEMMs.</li>
     * </ul>
     */
    private static final List<String> KNOWN_MISSES = List.of("mb2511-llama3-8b-b200-8", "mb2511-llama31-405b-b200-128",
            "mb2511-llama3-70b-h100-64", "mb2511-llama31-405b-h100-1024", "mb2511-llama31-405b-b200-128-mx");

    @Test
    void shouldReportWhichMegatronBridgeRowsTheDefaultCalibrationMisses() throws IOException {
        List<String> misses = new ArrayList<>();
        System.out.println("Megatron-Bridge 25.11 rows (step seconds; TFLOP/s in the model's count; points of BF16 peak):");
        for (Map<String, String> row : MegatronBridgeRows.rows()) {
            RunResult result = TrainingSimulator.run(MegatronBridgeRows.spec(row));
            double step = (Double) result.metrics().get("stepTimeSeconds");
            double published = MegatronBridgeRows.publishedStepSeconds(row);
            double flop = MegatronBridgeRows.stepTflop(result);
            double errorPoints = 100 * (flop / step - flop / published) / MegatronBridgeRows.peakTflops(row);
            System.out.printf(Locale.ROOT, "%-32s %-6s published %7.3f s predicted %7.3f s  %7.1f against %7.1f"
                    + " TFLOP/s (table %s)  %+6.1f points%n", row.get("case"), row.get("role"), published, step,
                    flop / published, flop / step, row.get("published_tflops_per_gpu"), errorPoints);
            if (Math.abs(errorPoints) > TOLERANCE_POINTS) {
                misses.add(row.get("case"));
            }
        }
        assertEquals(KNOWN_MISSES, misses, "Megatron-Bridge rows outside +-3 points");
    }
}
