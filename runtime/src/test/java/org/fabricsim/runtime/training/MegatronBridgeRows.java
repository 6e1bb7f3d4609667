package org.fabricsim.runtime.training;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabricsim.runtime.calibration.CalibrationCase;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.Fp8Scaling;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TrainingSpec;

/**
 * The rows of validation/reference/training-megatron-bridge.csv (Megatron-Bridge 25.11's performance table, dense
 * Llama at FP8, per-tensor current scaling or MXFP8, on DGX-GB200, DGX-B200 and DGX-H100) as specs, by the CSV
 * header's rules: the model from its columns (gated SwiGLU MLP), the plan from tp, pp, dp, cp with sequence
 * parallelism, the row's micro-batch, FP8 with the row's scaling (per tensor for FP8-CS, blockwise for MXFP8), the
 * interleaved schedule where VP &gt; 1 (else 1F1B), ZeRO-1 with overlapped gradient reduction, no recompute,
 * Megatron-Core's stack with TP overlap; the systems of {@link BlackwellFixtures} and {@link
 * TrainingFixtures#superPod6k()}. Errors are in points of the part's dense BF16 peak, in the model's own FLOP count:
 * the published step is gbs × seq ÷ (tokens/s/GPU × GPUs), and the published TFLOP/s the model's FLOPs of the step
 * over it. The rows of role "fit" are those the default profile's Blackwell sustained fraction is fitted on ({@link
 * #fitCases}; docs/accuracy.md, "Blackwell sustained fraction, session 59"); "hopper" rows are a check of the same table on H100; "mxfp8"
 * rows the FP8-MX cells of the fit rows' recipes.
 */
public final class MegatronBridgeRows {
    static final String FILE = "training-megatron-bridge.csv";
    /** GPUs of one NVL72 rack a multi-rack GB200 row uses: 64 of 72 (the CSV header's assumption). */
    private static final int GPUS_PER_RACK = 64;

    private MegatronBridgeRows() {
    }

    static List<Map<String, String>> rows() throws IOException {
        return TrainingRows.readCsv(FILE);
    }

    /** Each row's part, by case: the CSV's accelerator column (GB200, B200, H100_SXM). */
    public static Map<String, String> accelerators() throws IOException {
        Map<String, String> accelerators = new LinkedHashMap<>();
        rows().forEach(row -> accelerators.put(row.get("case"), row.get("accelerator")));
        return accelerators;
    }

    /**
     * One calibration case per row of role "fit", named by the row's case, in points of the part's BF16 peak: measured
     * the model's FLOPs of the step over the published step, predicted the same over the step a profile gives. The
     * model's FLOPs of a step are the same under every profile, so one run under the default profile gives them. Each
     * case keeps its row's {@link TrainingRuns}, so a fit solves each row's network once.
     */
    public static List<CalibrationCase> fitCases() throws IOException {
        List<CalibrationCase> cases = new ArrayList<>();
        for (Map<String, String> row : rows()) {
            if (!"fit".equals(row.get("role"))) {
                continue;
            }
            TrainingRuns runs = new TrainingRuns(spec(row), TrainingSimulator.SEED);
            double flop = stepTflop(runs.run(CalibrationProfile.defaults()));
            double peak = peakTflops(row);
            cases.add(new CalibrationCase(row.get("case"), 100 * flop / publishedStepSeconds(row) / peak,
                    CalibrationCase.Kind.POINTS, "validation/reference/" + FILE, profile -> 100 * flop
                            / (Double) runs.run(profile).metrics().get("stepTimeSeconds") / peak));
        }
        return cases;
    }

    /** The spec of a row, by the rules of the class comment. */
    static TrainingSpec spec(Map<String, String> row) {
        var model = TrainingFixtures.dense("bridge." + row.get("case"), integer(row, "layers"), integer(row, "hidden"),
                integer(row, "ffn"), integer(row, "heads"), integer(row, "kv_heads"), integer(row, "vocab"), true);
        int tp = integer(row, "tp");
        ParallelismSpec plan = new ParallelismSpec(tp, integer(row, "pp"), integer(row, "dp"), integer(row, "cp"), 1,
                true, ParallelismSpec.ContextMode.RING);
        int gpus = integer(row, "gpus");
        int virtual = integer(row, "virtual_stages");
        return new TrainingSpec("bridge." + row.get("case"), model, cluster(row.get("accelerator"), gpus), gpus,
                integer(row, "seq"), Long.parseLong(row.get("gbs")), integer(row, "mbs"), Precision.FP8, plan,
                virtual > 1 ? TrainingSpec.PipelineSchedule.INTERLEAVED : TrainingSpec.PipelineSchedule.ONE_F_ONE_B,
                virtual, TrainingSpec.Sharding.ZERO_1, TrainingSpec.Recompute.NONE, 1, SoftwareSpec.MEGATRON_CORE,
                tp > 1).withFp8Scaling(Fp8Scaling.valueOf(row.get("fp8_scaling").toUpperCase(Locale.ROOT)));
    }

    private static ClusterSpec cluster(String accelerator, int gpus) {
        return switch (accelerator) {
            case "GB200" -> gpus <= GPUS_PER_RACK ? BlackwellFixtures.gb200Racks(1, gpus)
                    : BlackwellFixtures.gb200Racks(gpus / GPUS_PER_RACK, GPUS_PER_RACK);
            case "B200" -> BlackwellFixtures.dgxB200(gpus / 8);
            default -> TrainingFixtures.superPod6k();
        };
    }

    /** Dense BF16 peak of the row's part, TFLOP/s (catalog): GB200 2,500, B200 2,250, H100 SXM 989. */
    static double peakTflops(Map<String, String> row) {
        return switch (row.get("accelerator")) {
            case "GB200" -> 2500;
            case "B200" -> 2250;
            default -> 989;
        };
    }

    /** The published step, seconds: gbs × seq tokens at the published tokens/s/GPU on every GPU. */
    static double publishedStepSeconds(Map<String, String> row) {
        return Double.parseDouble(row.get("gbs")) * integer(row, "seq")
                / (Double.parseDouble(row.get("published_tokens_per_gpu")) * integer(row, "gpus"));
    }

    /** The model's FLOPs of one step per GPU, TFLOP: its TFLOP/s times its step (the same for every profile). */
    static double stepTflop(RunResult result) {
        return (Double) result.metrics().get("tflopsPerAccelerator") * (Double) result.metrics().get("stepTimeSeconds");
    }

    private static int integer(Map<String, String> row, String column) {
        return Integer.parseInt(row.get(column));
    }
}
