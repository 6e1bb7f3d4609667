package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.junit.jupiter.api.Test;

/**
 * The held-out training rows on Blackwell beside the same recipe on Hopper (validation/reference/
 * training-heldout-accelerators.csv: MLPerf Training v5.0, Llama 3.1 405B, FP8), predicted with the default profile.
 * The error is in points of the part's dense BF16 peak, as {@link HeldOutMoeTrainingTest} counts its FP8 rows: the
 * published TFLOP/s in the model's own FLOP count are its predicted TFLOP/s × predicted step ÷ published step (the
 * step's FLOPs are the same on both sides). The test fails when a row enters or leaves {@link #KNOWN_MISSES}.
 */
class HeldOutAcceleratorTrainingTest {
    private static final double TOLERANCE_POINTS = 3;
    /** GPUs a GB200 row uses of each NVL72 rack: 64 of 72 (the CSV header's assumption). */
    private static final int GPUS_PER_RACK = 64;
    /**
     * Rows outside ±3 points (docs/accuracy.md, "Blackwell and Instinct rows held out, session 57", and "Blackwell
     * sustained fraction, session 59").
     * <ul>
     * <li>mlperf50-405b-gb200-256 and -512, +5.3 and +6.5 points (steps 17.99 and 18.15 s against 19.2 and 19.7 s) with
     * the Blackwell sustained fraction fitted on Megatron-Bridge's B200 and GB200 rows (0.704 since session 60's
     * measured NVLink 5 efficiency, 75.5%; 0.702, +5.3 and +6.6, in session 59); +34.0 and +34.4 before, with no
     * Blackwell fraction in the profile (FP8 GEMMs at the GB200's measured FP8 MAMF share undiminished, attention at
     * the full BF16 peak). With Hopper's 0.726 and capped attention the steps were 17.0 and 17.2 s, +10.4 and +11.4
     * (session 57, at the BF16 share, before the FP8 casts).</li>
     * </ul>
     * The H100 row, +6.9 points before session 58, is within: +1.2 (step 54.5 s against 55.2 s) with the per-tensor
     * casts of its FP8 operands and the catalog's FP8 GEMM efficiency (docs/accuracy.md, "FP8 training on Hopper,
     * session 58").
     */
    private static final List<String> KNOWN_MISSES = List.of("mlperf50-405b-gb200-256", "mlperf50-405b-gb200-512");
    @Test
    void shouldReportWhichHeldOutAcceleratorTrainingRowsTheDefaultCalibrationMisses() throws IOException {
        List<String> misses = new ArrayList<>();
        System.out.println("Held-out training rows on Blackwell and Hopper (step seconds; points of the BF16 peak):");
        for (Map<String, String> row : TrainingRows.readCsv("training-heldout-accelerators.csv")) {
            RunResult result = TrainingSimulator.run(spec(row));
            double step = (Double) result.metrics().get("stepTimeSeconds");
            double published = Double.parseDouble(row.get("published_step_seconds"));
            double predictedTflops = (Double) result.metrics().get("tflopsPerAccelerator");
            double publishedTflops = predictedTflops * step / published;
            double peak = row.get("accelerator").equals("GB200") ? 2500 : 989;
            double errorPoints = 100 * (predictedTflops - publishedTflops) / peak;
            System.out.printf(Locale.ROOT, "%-26s published %6.2f s predicted %6.2f s  %7.1f against %7.1f TFLOP/s"
                    + "  %+6.1f points%n", row.get("case"), published, step, publishedTflops, predictedTflops,
                    errorPoints);
            if (Math.abs(errorPoints) > TOLERANCE_POINTS) {
                misses.add(row.get("case"));
            }
        }
        assertEquals(KNOWN_MISSES, misses, "held-out accelerator training rows outside +-3 points");
    }

    /** The row's job: FP8, micro-batch 1, interleaved pipeline, ring CP, ZeRO-1, no recompute, TP overlap. */
    private static TrainingSpec spec(Map<String, String> row) {
        var model = TrainingFixtures.dense("heldout." + row.get("case"), integer(row, "layers"),
                integer(row, "hidden"), integer(row, "ffn"), integer(row, "heads"), integer(row, "kv_heads"),
                integer(row, "vocab"), true);
        ParallelismSpec plan = new ParallelismSpec(integer(row, "tp"), integer(row, "pp"), integer(row, "dp"),
                integer(row, "cp"), 1, true, ParallelismSpec.ContextMode.RING);
        int gpus = integer(row, "gpus");
        ClusterSpec cluster = row.get("accelerator").equals("GB200")
                ? BlackwellFixtures.gb200Racks(gpus / GPUS_PER_RACK, GPUS_PER_RACK)
                : TrainingFixtures.superPod6k();
        return new TrainingSpec("heldout." + row.get("case"), model, cluster, gpus,
                integer(row, "seq"), Long.parseLong(row.get("gbs")), 1, Precision.FP8, plan,
                TrainingSpec.PipelineSchedule.INTERLEAVED, integer(row, "virtual_stages"), TrainingSpec.Sharding.ZERO_1,
                TrainingSpec.Recompute.NONE, 1, SoftwareSpec.MEGATRON_CORE, true);
    }

    private static int integer(Map<String, String> row, String column) {
        return Integer.parseInt(row.get(column));
    }
}
