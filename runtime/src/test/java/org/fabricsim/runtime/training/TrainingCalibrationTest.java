package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabricsim.runtime.ReferencePrediction;
import org.fabricsim.runtime.calibration.CalibrationCase;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.result.RunResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Predictions against every row of validation/reference/training.csv (copied verbatim to
 * src/test/resources/reference/training.csv), with the one catalog and the one set of constants.
 * Each row becomes a spec by {@link TrainingRows}' fixed rules.
 *
 * <p>Comparison: both sources count model FLOPs as 6N + 12·L·h·s, attention over the full s×s
 * matrix (Llama 3: MFU after Chowdhery et al., PaLM's 6N + 12·L·H·Q·T; Megatron: {@code
 * num_floating_point_operations} of {@code megatron/training/training.py} as of the README table's
 * commit 937571c, July 2024, equal for these dense MHA/GQA models, see {@code ModelFlops}; Megatron-LM
 * counts causal attention as half only since 2026), so predicted TFLOPS per GPU is compared with the
 * reported column and the error is given in MFU points of the 989 TFLOPS peak.
 */
public class TrainingCalibrationTest {
    private static final double TOLERANCE_POINTS = 3;
    private static final List<String> COLUMNS = List.of("source", "case", "accelerator", "gpus", "layers", "hidden",
            "ffn", "heads", "kv_heads", "vocab", "seq", "gbs", "tp", "pp", "dp", "cp", "reported_tflops_per_gpu",
            "reported_mfu", "notes");
    private static final Map<String, RunResult> PREDICTED = new LinkedHashMap<>();
    private static List<Map<String, String>> rows;

    @BeforeAll
    static void simulateEveryRow() throws IOException {
        rows = TrainingRows.readCsv();
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT,
                "%-18s %7s %9s %9s %7s %7s %7s %6s %6s %7s %6s %6s %6s%n", "case", "gpus", "pub TF", "pred TF", "pub%",
                "pred%", "err pt", "bubble", "comm", "step s", "tp s", "pp s", "dp s"));
        for (Map<String, String> row : rows) {
            RunResult result = TrainingSimulator.run(TrainingRows.spec(row));
            PREDICTED.put(row.get("case"), result);
            double published = Double.parseDouble(row.get("reported_tflops_per_gpu"));
            double predicted = TrainingRows.predictedTflops(row, result);
            double peak = TrainingRows.peakTflops(row);
            @SuppressWarnings("unchecked")
            Map<String, Double> exposed = (Map<String, Double>) result.metrics().get("exposedCommunicationSeconds");
            table.append(String.format(Locale.ROOT,
                    "%-18s %7s %9.1f %9.1f %7.1f %7.1f %+7.1f %6.3f %6.3f %7.3f %6.3f %6.3f %6.3f%n", row.get("case"),
                    row.get("gpus"), published, predicted, 100 * published / peak, 100 * predicted / peak,
                    100 * (predicted - published) / peak, (Double) result.metrics().get("bubbleFraction"),
                    (Double) result.metrics().get("exposedCommunicationFraction"),
                    (Double) result.metrics().get("stepTimeSeconds"), exposed.get("tp"), exposed.get("pp"),
                    exposed.get("dp")));
        }
        System.out.println("Training calibration, predicted against published (MFU of 989 TFLOPS):");
        System.out.print(table);
    }

    /**
     * Rows the model does not reach within ±3 points with the default profile (docs/accuracy.md has
     * every row), each a finding; none at present. The global compute constants are fitted on every
     * row ({@code DefaultProfileFit}). mcore-gpt-16b (−3.8) left the list when the Megatron-Core rows
     * without pipeline parallelism became one micro-batch ({@link TrainingRows#singleMicroBatch}) and the profile
     * gained its fixed per-step cost ({@code compute.step-overhead}): the first let the gradient
     * reduce-scatter hide behind the whole backward, the second slowed the 1.7B model's 0.45 s steps
     * more than the 16B model's 0.85 s ones (docs/calibration.md).
     * The test fails when a row leaves or joins this list, so any change of the model shows here.
     */
    private static final List<String> KNOWN_MISSES = List.of();

    @Test
    void shouldReproduceEveryPublishedRowWithinThreeMfuPointsExceptTheReportedMisses() {
        List<String> misses = new ArrayList<>();
        for (Map<String, String> row : rows) {
            double published = Double.parseDouble(row.get("reported_tflops_per_gpu"));
            double errorPoints = 100 * (TrainingRows.predictedTflops(row, PREDICTED.get(row.get("case"))) - published)
                    / TrainingRows.peakTflops(row);
            if (Math.abs(errorPoints) > TOLERANCE_POINTS) {
                misses.add(row.get("case"));
            }
        }
        assertEquals(KNOWN_MISSES, misses, "rows outside +-3 MFU points");
    }

    @Test
    void shouldDropFromEightToSixteenThousandGpusBecauseEachReplicaGetsFewerMicroBatches() {
        RunResult at8k = PREDICTED.get("llama3-405b-8k");
        RunResult at16k = PREDICTED.get("llama3-405b-16k");
        // Same model, plan and global batch; only DP doubles: 2048 / 64 = 32 micro-batches per
        // replica at 8K, 2048 / 128 = 16 at 16K, so the pipeline bubble's share grows.
        assertEquals(32, at8k.parameters().get("microBatches"));
        assertEquals(16, at16k.parameters().get("microBatches"));
        assertTrue((Double) at16k.metrics().get("mfu") < (Double) at8k.metrics().get("mfu"));
        assertTrue((Double) at16k.metrics().get("bubbleFraction") > (Double) at8k.metrics().get("bubbleFraction"));
    }

    @Test
    void shouldTakeNoInputsButTheCsvColumnsAndTheCatalog() throws IOException {
        // The header is exactly the published columns: no per-row constant can hide in the table.
        try (BufferedReader reader = TrainingRows.open()) {
            String header = reader.lines().filter(line -> !line.startsWith("#")).findFirst().orElseThrow();
            assertEquals(COLUMNS, List.of(header.split(",")));
        }
        // Two rows with equal columns (other than the case name) give equal predictions: the
        // mapping reads nothing else.
        Map<String, String> row = new LinkedHashMap<>(rows.get(2));
        Map<String, String> renamed = new LinkedHashMap<>(row);
        renamed.put("case", "renamed");
        assertEquals(TrainingSimulator.run(TrainingRows.spec(row)).metrics().get("stepTimeSeconds"),
                TrainingSimulator.run(TrainingRows.spec(renamed)).metrics().get("stepTimeSeconds"));
    }

    /**
     * Every row of training.csv against its prediction with {@code profile}: TFLOP/s per GPU as the row
     * counts them, the error in points of the row's peak.
     */
    public static List<ReferencePrediction> predictions(CalibrationProfile profile) throws IOException {
        List<ReferencePrediction> predictions = new ArrayList<>();
        for (Map<String, String> row : TrainingRows.readCsv()) {
            RunResult result = TrainingSimulator.run(TrainingRows.spec(row), profile, TrainingSimulator.SEED);
            double published = Double.parseDouble(row.get("reported_tflops_per_gpu"));
            double predicted = TrainingRows.predictedTflops(row, result);
            predictions.add(new ReferencePrediction(row.get("case"), "training " + row.get("accelerator"), published,
                    predicted, "TFLOP/s", 100 * (predicted - published) / TrainingRows.peakTflops(row), true));
        }
        return predictions;
    }

    /**
     * One calibration case per row of training.csv, named by the row's case: measured is the published
     * TFLOP/s per GPU in points of the row's peak, predicted the same from the row's spec. Each case
     * keeps its row's {@link TrainingRuns}, so a fit solves each row's network once.
     */
    public static List<CalibrationCase> cases() throws IOException {
        List<CalibrationCase> cases = new ArrayList<>();
        for (Map<String, String> row : TrainingRows.readCsv()) {
            TrainingRuns runs = new TrainingRuns(TrainingRows.spec(row), TrainingSimulator.SEED);
            double peak = TrainingRows.peakTflops(row);
            cases.add(new CalibrationCase(row.get("case"), 100 * Double.parseDouble(row.get("reported_tflops_per_gpu"))
                    / peak, CalibrationCase.Kind.POINTS, "validation/reference/training.csv",
                    profile -> 100 * TrainingRows.predictedTflops(row, runs.run(profile)) / peak));
        }
        return cases;
    }
}
