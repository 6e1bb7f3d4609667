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
     * <li>modelzoo-mixtral-8x22b-fp8, +18.6: the model runs FP8 GEMMs at twice the BF16 rate (1,979 TFLOP/s at the
     * catalog's efficiency) and predicts 1.71 times the BF16 row's throughput where the source measured 1.20 (560
     * against 465). The row's recipe is DeepSeek's blockwise scaling (1×128 activation and 128×128 weight blocks),
     * whose Hopper GEMMs the catalog's per-tensor FP8 efficiency does not describe, plus the quantization passes
     * (about 9% of the FP8 layer by their bytes); neither is modelled.</li>
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
