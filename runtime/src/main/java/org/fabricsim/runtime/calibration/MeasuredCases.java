package org.fabricsim.runtime.calibration;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.fabricsim.runtime.benchmark.CollectiveBenchmarks;
import org.fabricsim.runtime.inference.InferenceRunner;
import org.fabricsim.runtime.result.Metrics;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.WorkloadSpec;
import org.fabricsim.runtime.training.TrainingRuns;
import org.fabricsim.runtime.training.TrainingSimulator;

/**
 * Calibration cases from a user's measurements, each predicted by a workload of their model.
 * Building them is O(rows); each case costs one simulation when evaluated.
 */
public final class MeasuredCases {
    private static final double BYTES_PER_GB = 1e9;
    private static final long SEED = 1;

    private MeasuredCases() {
    }

    /**
     * One case per row of {@code log}, predicted by {@code benchmark} at the row's size: measured
     * busbw = S ÷ t̄ · f(n) GB/s, with t̄ the mean of the out-of-place and in-place times and f the
     * nccl-tests bus factor of the benchmark's operation over its n ranks (so the 2-decimal busbw
     * column's rounding does not matter); predicted busbw is the benchmark's at that size alone.
     * Relative error.
     *
     * @throws MeasurementException when the log ran another test or another GPU count than the benchmark
     */
    public static List<CalibrationCase> collective(NcclTestsLog log, CollectiveBenchmarkSpec benchmark, long seed) {
        String expected = benchmark.operation().label().replace("all-to-all", "alltoall").replace("-", "_")
                + "_perf";
        if (!log.test().isEmpty() && !log.test().endsWith(expected)) {
            throw new MeasurementException(log.file(), 0, "the log is from " + log.test() + " but benchmark "
                    + simpleName(benchmark.name()) + " runs " + benchmark.operation().label() + "; give the "
                    + expected + " log, or name a benchmark of that collective with --benchmark");
        }
        if (log.gpus() > 0 && log.gpus() != benchmark.ranks()) {
            throw new MeasurementException(log.file(), 0, "the log ran on " + log.gpus() + " GPUs but benchmark "
                    + simpleName(benchmark.name()) + " runs on " + benchmark.ranks() + "; name a benchmark over "
                    + log.gpus() + " accelerators with --benchmark");
        }
        double factor = benchmark.operation().busBandwidthFactor(benchmark.ranks());
        List<CalibrationCase> cases = new ArrayList<>();
        for (NcclTestsLog.Row row : log.rows()) {
            CollectiveBenchmarkSpec sized = benchmark.withSizes(List.of(row.sizeBytes()));
            double measured = row.sizeBytes() / row.seconds() * factor / BYTES_PER_GB;
            cases.add(new CalibrationCase(simpleName(benchmark.name()) + "@" + row.sizeBytes(), measured,
                    CalibrationCase.Kind.RELATIVE, log.file() + ":" + row.line(), profile -> busbw(sized, profile, seed)));
        }
        return cases;
    }

    /**
     * One case per row of {@code csv}, predicted by the training or inference workload of {@code
     * workloads} the row names (simple or qualified name): a training job through one {@link
     * TrainingRuns} per row (the job's network is solved once for the whole fit), a deployment through {@link
     * InferenceRunner#run(InferenceSpec, CalibrationProfile, long, Path)} with seed 1 and its files
     * resolved against {@code baseDirectory}. Step time and tokens per second count by relative
     * error, MFU in points.
     *
     * @throws MeasurementException on a row naming no training or inference workload of {@code
     *                              workloads}, a metric its kind does not report, or a training job's MFU below
     *                              1 %, a fraction written where the file takes percent (a deployment's MFU at
     *                              low load may be that low)
     */
    public static List<CalibrationCase> measured(MeasuredCsv csv, List<WorkloadSpec> workloads, Path baseDirectory) {
        List<WorkloadSpec> candidates = workloads.stream()
                .filter(w -> w instanceof TrainingSpec || w instanceof InferenceSpec).toList();
        List<CalibrationCase> cases = new ArrayList<>();
        for (MeasuredCsv.Row row : csv.rows()) {
            WorkloadSpec spec = candidates.stream().filter(w -> w.name().equals(row.workload())
                    || simpleName(w.name()).equals(row.workload())).findFirst()
                    .orElseThrow(() -> new MeasurementException(csv.file(), row.line(), "unknown workload '"
                            + row.workload() + "'; name a training or inference workload of the model: "
                            + candidates.stream().map(w -> simpleName(w.name())).toList()));
            MeasuredCsv.Metric metric = row.metric();
            String key = spec instanceof TrainingSpec ? metric.trainingMetric() : metric.inferenceMetric();
            if (key == null) {
                throw new MeasurementException(csv.file(), row.line(), metric.keyword() + " is a training metric but "
                        + row.workload() + " is an inference deployment; measure its tokens-per-second or mfu");
            }
            if (metric == MeasuredCsv.Metric.MFU && spec instanceof TrainingSpec && row.value() < 1) {
                String written = Metrics.format(row.value());
                throw new MeasurementException(csv.file(), row.line(), "mfu " + written + " reads as " + written
                        + " %, below any training step's; mfu is in percent: write " + Metrics.format(row.value() * 100)
                        + " for a fraction of " + written);
            }
            Function<CalibrationProfile, RunResult> run = spec instanceof TrainingSpec training
                    ? new TrainingRuns(training, TrainingSimulator.SEED)::run
                    : profile -> InferenceRunner.run((InferenceSpec) spec, profile, SEED, baseDirectory);
            cases.add(new CalibrationCase(simpleName(spec.name()) + ":" + metric.keyword(), row.value(), metric.kind(),
                    csv.file() + ":" + row.line(), profile -> metric.scale()
                            * ((Number) run.apply(profile).metrics().get(key)).doubleValue()));
        }
        return cases;
    }

    private static double busbw(CollectiveBenchmarkSpec sized, CalibrationProfile profile, long seed) {
        Object rows = CollectiveBenchmarks.run(sized, profile, seed).metrics().get("rows");
        return ((Number) ((Map<?, ?>) ((List<?>) rows).get(0)).get("busbwGBps")).doubleValue();
    }

    private static String simpleName(String qualified) {
        return qualified.substring(qualified.lastIndexOf('.') + 1);
    }
}
