package org.fabricsim.runtime.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.ExpectationSpec;
import org.fabricsim.runtime.spec.ExpectationSpec.ToleranceKind;
import org.fabricsim.runtime.spec.ExpectationSpec.Unit;

/**
 * Results for report tests, shaped like the engines' (keys from docs/results-schema.md): the
 * renderers are tested on what they are given, independently of which engines exist yet.
 */
final class ReportFixtures {
    private ReportFixtures() {
    }

    /**
     * A two-run benchmark sweep, a two-run training study (one infeasible run; the other held against
     * 43 % MFU, within, and a 6 s step, missed) and an inference run.
     */
    static StudyResult mixed() {
        RunResult ringA = benchmark("q.Sweep[cluster=A]", "q.Sweep", "A", 25.0);
        RunResult ringB = benchmark("q.Sweep[cluster=B]", "q.Sweep", "B", 50.0);
        Map<String, Object> breakdown = new LinkedHashMap<>();
        breakdown.put("compute", 6.0);
        breakdown.put("exposed-tp", 0.5);
        breakdown.put("exposed-dp", 0.8);
        breakdown.put("bubble", 0.7);
        Map<String, Object> utilization = new LinkedHashMap<>();
        utilization.put("scale-up", tier(4, 0.875, 0.95, 0.95, List.of(0.9, 0.85, 0.8, 0.95)));
        utilization.put("nic", tier(6, 2.35 / 6, 0.75, 0.75, List.of(0.3, 0.6, 0.2, 0.1, 0.75, 0.4)));
        utilization.put("fabric", tier(2, 0.525, 0.55, 0.55, List.of(0.5, 0.55)));
        Map<String, Object> training = new LinkedHashMap<>();
        training.put("mfu", 0.41);
        training.put("hfu", 0.55);
        training.put("tflopsPerAccelerator", 405.6);
        training.put("tokensPerSecond", 1_048_576.0);
        training.put("memoryPerAcceleratorBytes", 60e9);
        training.put("memoryCapacityBytes", 141e9);
        training.put("costPerHour", 2560.0);
        training.put("costPerStep", 5.69);
        training.put("costPerMillionTokens", 0.68);
        training.put("stepTimeSeconds", 8.0);
        training.put("stepBreakdownSeconds", breakdown);
        Map<String, Object> exposed = new LinkedHashMap<>();
        exposed.put("tp", 0.5);
        exposed.put("pp", 0.0);
        exposed.put("dp", 0.8);
        training.put("exposedCommunicationSeconds", exposed);
        training.put("exposedCommunicationFraction", (0.5 + 0.8) / 8.0);
        training.put("bubbleFraction", 0.7 / 8.0);
        training.put("stageImbalanceFraction", 0.05);
        training.put("linkUtilization", utilization);
        training.put("costDollarsPerYear", 3.5e8);
        Map<String, Object> used = new LinkedHashMap<>();
        used.put("cluster", "t.C");
        used.put("scaleUpFabric", "NVLink4");
        used.put("scaleOutFabric", "NDR");
        RunResult train = new RunResult("t.Scale[data=64]", "training", "t.Scale", Map.of("data", 64L), 5,
                used, training, 0.2, 1200, 300, null).withExpectations(List.of(
                        new ExpectationSpec("mfu", "mfu", 0.43, Unit.PERCENT, 3, ToleranceKind.POINTS, "Table 4"),
                        new ExpectationSpec("step-time", "stepTimeSeconds", 6.0, Unit.SECONDS, 0.1,
                                ToleranceKind.RELATIVE, "Table 5")));
        RunResult infeasible = RunResult.failed("t.Scale[data=256]", "training", "t.Scale", Map.of("data", 256L), 6,
                "infeasible: needs 2048 accelerators but t.C has 1024", 0.0);
        Map<String, Object> serving = new LinkedHashMap<>();
        serving.put("ttftSeconds", Map.of("p50", 0.12, "p90", 0.3, "p99", 0.55));
        serving.put("itlSeconds", Map.of("p50", 0.02, "p90", 0.03, "p99", 0.05));
        serving.put("e2eSeconds", Map.of("p50", 2.5, "p90", 4.0, "p99", 6.5));
        serving.put("kvTransferSeconds", Map.of("p50", 0.004, "p90", 0.006, "p99", 0.011));
        serving.put("outputTokensPerSecond", 28000.0);
        serving.put("inputTokensPerSecond", 31000.0);
        serving.put("outputTokensPerSecondPerAccelerator", 3500.0);
        serving.put("goodput", 0.975);
        serving.put("slos", List.of(
                Map.of("metric", "ttft", "percentile", 99, "limitSeconds", 0.5, "achievedSeconds", 0.55, "met", false),
                Map.of("metric", "itl", "percentile", 99, "limitSeconds", 0.05, "achievedSeconds", 0.05, "met", true)));
        serving.put("completedRequests", 9990.0);
        serving.put("rejectedRequests", 10.0);
        serving.put("preemptions", 1234.0);
        serving.put("makespanSeconds", 370.0);
        serving.put("costPerMillionOutputTokens", 0.8);
        serving.put("acceleratorBusyFraction", 0.9);
        serving.put("modelFlopsUtilization", 0.42);
        RunResult infer = new RunResult("s.Serve", "inference", "s.Serve", Map.of(), 7, Map.of(), serving, 0.3, 5000, 40,
                null);
        return new StudyResult("FabricSim test", "q", List.of(
                new StudyResult.StudyInfo("q.Sweep", "q.fabric", 1, List.of("cluster"), List.of("busbw")),
                new StudyResult.StudyInfo("t.Scale", "q.fabric", 1, List.of("data"), List.of("mfu", "step-time")),
                new StudyResult.StudyInfo("s.Serve", "q.fabric", 1, List.of(), List.of()),
                new StudyResult.StudyInfo("s.Load", "q.fabric", 1, List.of("rate"), List.of())),
                List.of(ringA, ringB, train, infeasible, infer, load(1, 0.1), load(2, 0.2), load(4, 0.8)));
    }

    /**
     * A run of the serving study s.Load at {@code rate} requests/s whose time to first token is
     * {@code ttft} seconds at the median and 3 times that at p99, end to end 10 times that, and whose
     * CDFs go through those points.
     */
    static RunResult load(double rate, double ttft) {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("ttftSeconds", Map.of("p50", ttft, "p90", 2 * ttft, "p99", 3 * ttft));
        metrics.put("e2eSeconds", Map.of("p50", 10 * ttft, "p90", 20 * ttft, "p99", 30 * ttft));
        Map<String, Object> cdf = new LinkedHashMap<>();
        cdf.put("ttft", List.of(List.of(ttft / 2, 0.1), List.of(ttft, 0.5), List.of(3 * ttft, 0.99)));
        cdf.put("e2e", List.of(List.of(5 * ttft, 0.1), List.of(10 * ttft, 0.5), List.of(30 * ttft, 0.99)));
        metrics.put("latencyCdf", cdf);
        metrics.put("outputTokensPerSecond", 1000 * rate);
        return new RunResult("s.Load[rate=" + rate + "]", "inference", "s.Load", Map.of("rate", rate), 8, Map.of(),
                metrics, 0.1, 100, 0, null);
    }

    /** A benchmark run whose bus bandwidth at 1 MiB and 1 GiB is {@code busbw} GB/s. */
    static RunResult benchmark(String name, String study, String cluster, double busbw) {
        Map<String, Object> small = new LinkedHashMap<>();
        small.put("bytes", 1L << 20);
        small.put("timeSeconds", 1e-4);
        small.put("algbwGBps", busbw / 2);
        small.put("busbwGBps", busbw * 0.5);
        Map<String, Object> large = new LinkedHashMap<>();
        large.put("bytes", 1L << 30);
        large.put("timeSeconds", 0.05);
        large.put("algbwGBps", busbw / 1.75);
        large.put("busbwGBps", busbw);
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("operation", "all-reduce");
        parameters.put("accelerators", 4);
        return new RunResult(name, "collective-benchmark", study, Map.of("cluster", cluster), 3, parameters,
                Map.of("rows", List.of(small, large)), 0.01, 0, 0, null);
    }

    /** One tier of {@code linkUtilization} as the training engine writes it (docs/results-schema.md). */
    private static Map<String, Object> tier(int links, double mean, double max, double p99, List<Double> groups) {
        Map<String, Object> tier = new LinkedHashMap<>();
        tier.put("links", links);
        tier.put("mean", mean);
        tier.put("max", max);
        tier.put("p99", p99);
        tier.put("groups", groups);
        return tier;
    }
}
