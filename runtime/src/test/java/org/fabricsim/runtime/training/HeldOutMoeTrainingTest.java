package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.junit.jupiter.api.Test;

/**
 * The held-out published mixture-of-experts training rows (validation/reference/training-moe-heldout.csv), predicted
 * with the default profile, which was fitted on dense rows only, by the rules of {@link MoeTrainingRows}.
 */
class HeldOutMoeTrainingTest {
    private static final double PEAK_TFLOPS = 989;

    /**
     * Rows outside ±3 MFU points, each a finding (docs/accuracy.md, "Held-out MoE training rows (session 50)"); the
     * test fails when one joins or leaves.
     * <ul>
     * <li>modelzoo-mixtral-8x22b-fp8, +7.5 (+19.6 before the FP8 recipe was modelled): the row's recipe is DeepSeek's
     * blockwise scaling (1×128 activation and 128×128 weight blocks), which the model now charges (BlockwiseFp8: GEMMs
     * at 0.954·k ÷ (k + 696) of the per-tensor rate, the quantization passes at 4.06 B per element; router and output
     * head in BF16): 754.1 → 733.1 (BF16 router and head) → 642.3 (blockwise) → 634.3 TFLOP/s (the experts' ragged
     * rows and busiest rank) against 560, 1.45 times the BF16 row's prediction where the source measured 1.20. What
     * stays unmodelled: Transformer Engine's blockwise GEMMs on Hopper are cuBLAS's, not DeepGEMM's, whose rate no
     * source publishes, and the recipe's other casts (the FP8 parameter
     * gather's, the SwiGLU's).</li>
     * <li>modelzoo-qwen3-235b-ep8-pp32, +4.2, and modelzoo-qwen3-235b-tp4-ep8, +10.2: with the experts' ragged rows
     * and the sampled busiest rank charged, the measured steps leave 2.7 to 3.5 ms per MoE layer and micro-batch
     * (forward and backward) that the model does not charge; random routing is 1 to 2% of it at most, and the
     * likeliest rest is host time after the dropless dispatcher's per-layer read of the token counts (more at TP4,
     * as Megatron-LM's MoE README says of kernel launches), for which no figure is published.</li>
     * </ul>
     */
    private static final List<String> KNOWN_MISSES = List.of("modelzoo-mixtral-8x22b-fp8",
            "modelzoo-qwen3-235b-ep8-pp32", "modelzoo-qwen3-235b-tp4-ep8");

    @Test
    void shouldReportWhichHeldOutMoeRowsTheDefaultCalibrationMisses() throws IOException {
        List<String> misses = new ArrayList<>();
        System.out.println("Held-out MoE training rows, published against predicted TFLOP/s per GPU (points of 989):");
        for (Map<String, String> row : TrainingRows.readCsv("training-moe-heldout.csv")) {
            TrainingSpec spec = MoeTrainingRows.spec(row);
            RunResult result = TrainingSimulator.run(spec);
            double published = Double.parseDouble(row.get("reported_tflops_per_gpu"));
            double predicted = MoeTrainingRows.predictedTflops(row, spec, result);
            double errorPoints = 100 * (predicted - published) / PEAK_TFLOPS;
            Map<String, Object> metrics = result.metrics();
            System.out.printf(Locale.ROOT, "%-34s %7.1f %7.1f %+6.1f  step %.3f s, bubble %.3f, exposed %s%n",
                    row.get("case"), published, predicted, errorPoints, (Double) metrics.get("stepTimeSeconds"),
                    (Double) metrics.get("bubbleFraction"), metrics.get("exposedCommunicationSeconds"));
            if (Math.abs(errorPoints) > 3) {
                misses.add(row.get("case"));
            }
        }
        assertEquals(KNOWN_MISSES, misses, "held-out MoE rows outside +-3 MFU points");
    }
}
