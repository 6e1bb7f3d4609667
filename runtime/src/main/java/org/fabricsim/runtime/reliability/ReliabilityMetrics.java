package org.fabricsim.runtime.reliability;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.fabricsim.runtime.spec.ReliabilitySpec;
import org.fabricsim.runtime.spec.ReliabilitySpec.Component;

/**
 * The reliability metrics of a training run (docs/metrics.md, "Reliability and goodput"), under
 * the keys of docs/results-schema.md: interruptions per day of wall time, in all and by component
 * class, the mean time to an interruption 1 ÷ λ, and for a checkpointing job the {@link Goodput}
 * expectations, goodput tokens/s = tokens/s × ETTR × s × s<sub>straggler</sub> for the throughput
 * factor s of the failures the fabric routes around ({@link DegradedFabric}; 1 when none does)
 * and that of a straggler, re-simulated in the engine ({@link Straggler}; 1 without one), the
 * effective MFU = MFU × the same factors, Young's interval next to the configured one, ETTR at
 * other job sizes ({@link JobSizeEttr}), the {@link MonteCarlo} distribution and the percentiles of
 * the step time over the job's steps ({@link StepTimeTail}).
 */
public final class ReliabilityMetrics {
    /** Replications of the Monte Carlo: the half-width of its confidence interval falls as 1 ÷ √n. */
    public static final int REPLICATIONS = 1000;
    /** Wall time of one Monte Carlo replication when the model states no {@code window}: 30 days. */
    public static final double DEFAULT_WINDOW_SECONDS = 30 * 86_400.0;
    private static final double SECONDS_PER_DAY = 86_400;
    private static final double SECONDS_PER_HOUR = 3600;

    private ReliabilityMetrics() {
    }

    /**
     * Adds to {@code metrics} the reliability metrics of a job on {@code parts} under {@code spec},
     * delivering {@code tokensPerSecond} at {@code mfu} in steps of {@code stepSeconds} while it runs on
     * the intact fabric and with the step times of {@code degraded} (null when no failure degrades it)
     * and {@code straggler} (null without one), and the distribution of its step times ({@link
     * StepTimeTail}); {@code seed} seeds the Monte Carlo. Returns the tokens per second of wall
     * time: the goodput for a checkpointing job, else {@code tokensPerSecond}.
     */
    public static double put(ReliabilitySpec spec, PartCounts parts, double stepSeconds, DegradedFabric degraded,
            Straggler straggler, double tokensPerSecond, double mfu, long seed, Map<String, Object> metrics) {
        FailureModel failures = FailureModel.of(spec, parts);
        double lambda = failures.ratePerSecond();
        double perDay = failures.interruptionsPerWallSecond(spec) * SECONDS_PER_DAY;
        metrics.put("interruptionsPerDay", perDay);
        if (lambda > 0) {
            metrics.put("meanTimeToInterruptionHours", 1 / lambda / SECONDS_PER_HOUR);
        }
        Map<String, Object> byComponent = new LinkedHashMap<>();
        for (Component component : Component.values()) {
            double rate = failures.ratePerSecond(component);
            if (rate > 0) {
                byComponent.put(component.name().toLowerCase(Locale.ROOT), perDay * rate / lambda);
            }
        }
        metrics.put("interruptionsPerDayByComponent", byComponent);
        double throughput = 1;
        if (degraded != null) {
            metrics.put("degradedFabric", degraded.toJson(failures, spec));
            throughput = degraded.throughputFactor(failures, spec);
        }
        if (straggler != null) {
            metrics.put("straggler", straggler.toJson(spec));
            throughput *= straggler.throughputFactor(spec);
        }
        StepTimeTail tail = StepTimeTail.of(stepSeconds, degraded, straggler, failures, spec);
        metrics.put("stepTimeTail", tail.toJson(stepSeconds));
        if (!spec.checkpoints()) {
            return tokensPerSecond;
        }
        Scenario scenario = Scenario.of(spec, failures);
        Goodput expected = Goodput.expect(scenario);
        metrics.put("ettr", expected.ettr());
        double goodput = tokensPerSecond * expected.ettr() * throughput;
        metrics.put("goodputTokensPerSecond", goodput);
        metrics.put("effectiveMfu", mfu * expected.ettr() * throughput);
        Map<String, Object> shares = new LinkedHashMap<>();
        shares.put("productive", expected.ettr());
        shares.put("checkpoint", expected.checkpointShare());
        shares.put("lostWork", expected.lostWorkShare());
        shares.put("restart", expected.restartShare());
        metrics.put("wallTimeShares", shares);
        metrics.put("checkpointIntervalSeconds", spec.checkpointIntervalSeconds());
        if (lambda > 0) {
            metrics.put("optimalCheckpointIntervalSeconds", expected.youngIntervalSeconds());
        }
        metrics.put("ettrByJobSize", JobSizeEttr.points(spec, parts));
        double window = spec.windowSeconds() > 0 ? spec.windowSeconds() : DEFAULT_WINDOW_SECONDS;
        MonteCarlo.Result simulated = MonteCarlo.run(scenario, window, REPLICATIONS, seed);
        Map<String, Object> monteCarlo = new LinkedHashMap<>();
        monteCarlo.put("replications", simulated.replications());
        monteCarlo.put("windowDays", window / SECONDS_PER_DAY);
        monteCarlo.put("ettrMean", simulated.ettrMean());
        monteCarlo.put("ettrLow95", simulated.ettrMean() - simulated.ettrHalfWidth95());
        monteCarlo.put("ettrHigh95", simulated.ettrMean() + simulated.ettrHalfWidth95());
        monteCarlo.put("ettrP5", simulated.ettrP5());
        monteCarlo.put("ettrP95", simulated.ettrP95());
        monteCarlo.put("interruptionsPerDayMean", simulated.interruptionsPerDayMean());
        monteCarlo.put("interruptionsPerDayHalfWidth95", simulated.interruptionsHalfWidth95());
        monteCarlo.put("checkpointShare", simulated.checkpointShare());
        monteCarlo.put("lostWorkShare", simulated.lostWorkShare());
        monteCarlo.put("restartShare", simulated.restartShare());
        metrics.put("monteCarlo", monteCarlo);
        return goodput;
    }
}
