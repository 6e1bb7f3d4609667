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
     * test fails when one joins or leaves. The Qwen3 long-context rows (16K to 128K) missed at 64K and 128K (-4.6,
     * -6.5) until session 54 put training's attention at the power-capped rate (+1.5, +0.2, -1.4, -2.6; +1.4, +0.2,
     * -1.4, -2.6 since session 55 reduces the experts over their expert data-parallel group).
     * <ul>
     * <li>modelzoo-mixtral-8x22b-fp8, +7.1 (+7.7 before session 55 reduced the experts over their expert data-parallel
     * group, +7.5 before session 54's attention rate, +19.6 before the FP8 recipe was modelled): the row's recipe is DeepSeek's
     * blockwise scaling (1×128 activation and 128×128 weight blocks), which the model now charges (BlockwiseFp8: GEMMs
     * at 0.954·k ÷ (k + 696) of the per-tensor rate, the quantization passes at 4.06 B per element; router and output
     * head in BF16): 754.1 → 733.1 (BF16 router and head) → 642.3 (blockwise) → 634.3 TFLOP/s (the experts' ragged
     * rows and busiest rank) against 560. The source's BF16 rows overlap TP communication and this row does not (its
     * script sets {@code --tp-comm-overlap} for BF16 only), which the rows now state: the model's FP8 ÷ BF16 is
     * 634.3 ÷ 441.8 = 1.44 where the source measured 560 ÷ 465 = 1.20. What stays unmodelled: Transformer Engine's
     * blockwise GEMMs on Hopper are cuBLAS's, not DeepGEMM's, whose rate no source publishes per shape, and the
     * recipe's other casts (the FP8 parameter gather's, the SwiGLU's).</li>
     * <li>modelzoo-qwen3-235b-ep8-pp32, +4.2, and modelzoo-qwen3-235b-tp4-ep8, +8.9 since session 60 charges the
     * experts' weight-gradient GEMMs their FP32 accumulation into the gradient buffer (+10.3 before; +10.4 before
     * session 55's expert data-parallel group; +4.1, +10.2 before session 54): forced balance (every command of the
     * source's table sets {@code --moe-router-force-load-balancing}), so no routing imbalance explains them; with the
     * experts' ragged rows, the sampled busiest rank and the stated norm and activation recompute charged, the measured
     * steps leave 2.7 (PP32) and 3.2 ms (TP4) per MoE layer and micro-batch (forward and backward) that the model does
     * not charge. The same mapping as the TP4 row at 16K tokens (the source's long-context table, forced balance, 32
     * micro-batches instead of 256) predicts 298.1 against 295 (without that run's {@code moe} recompute, which the
     * model cannot state and which would only lower it), so what is missing does not grow with tokens: the likeliest
     * rest is per-micro-batch host or launch time (16 local experts a rank, 512 rows each at TP4), for which no figure
     * is published. Session 55 found the synchronisation behind it in Megatron-Core's code: every MoE layer's forward
     * waits on the host (the all-to-all dispatcher's split sizes, DeepEP's received counts), and a host floor of 5.3 to
     * 6.0 ms a layer forward would bring all three misses within ±3 points (TP4 alone asks for 5.95 ms); no source
     * measures it, so none is charged.</li>
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
