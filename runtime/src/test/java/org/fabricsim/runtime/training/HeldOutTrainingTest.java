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
 * The held-out published rows (validation/reference/training-heldout.csv), predicted by the same rules as
 * {@link TrainingCalibrationTest} with the default profile, which was fitted without them.
 */
class HeldOutTrainingTest {
    /**
     * Held-out rows outside ±3 MFU points, each a finding. llama3-405b-16k-cp16 (session 34): predicted 447 against
     * 380 TFLOP/s per GPU, +6.8 points, while the same cluster at 8,192 tokens is within 1.3 points, so what the model
     * lacks grows with context parallelism or sequence length. Candidates, not examined: the K/V all-gather, exposed
     * in Llama 3 (§3.3.2) and in the model (0.39 s per step), may cost more at 16 nodes than the flow model gives it;
     * attention at 131,072 keys, beyond the FlashAttention-3 panels (4k–16k); activation memory at 131,072 tokens.
     * The test fails when a row leaves or joins the list, so a mechanism that closes the gap shows here.
     */
    private static final List<String> KNOWN_MISSES = List.of("llama3-405b-16k-cp16");

    @Test
    void shouldReportWhichHeldOutRowsTheDefaultCalibrationMisses() throws IOException {
        List<String> misses = new ArrayList<>();
        System.out.println("Held-out training rows, predicted against published (MFU points of the peak):");
        for (Map<String, String> row : TrainingCalibrationTest.readCsv("training-heldout.csv")) {
            RunResult result = TrainingSimulator.run(TrainingCalibrationTest.spec(row));
            double published = Double.parseDouble(row.get("reported_tflops_per_gpu"));
            double predicted = TrainingCalibrationTest.predictedTflops(row, result);
            double errorPoints = 100 * (predicted - published) / TrainingCalibrationTest.peakTflops(row);
            System.out.printf(Locale.ROOT, "%-22s %9.1f %9.1f %+6.1f  step %.3f s, exposed %s%n", row.get("case"),
                    published, predicted, errorPoints, (Double) result.metrics().get("stepTimeSeconds"),
                    result.metrics().get("exposedCommunicationSeconds"));
            if (Math.abs(errorPoints) > 3) {
                misses.add(row.get("case"));
            }
        }
        assertEquals(KNOWN_MISSES, misses, "held-out rows outside +-3 MFU points");
    }
}
