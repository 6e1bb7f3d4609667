package org.fabricsim.runtime.search;

import java.util.Map;

import org.fabricsim.runtime.compute.ModelFlops;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.SearchSpec.Objective;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.WorkloadSpec;

/**
 * A configuration's objective values, by the formulas of the results (docs/metrics.md), so that the
 * screen and the refinement rank alike. Training, from the step time: MFU = model FLOPs per step ÷
 * (step × accelerators × dense BF16 peak); tokens per second = batch × sequence ÷ step; cost per step
 * = cost per hour × step ÷ 3600 s, per million tokens = cost per step ÷ tokens × 10⁶. Serving, from a
 * run: tokens per second = output tokens ÷ makespan; $ per million tokens = cost per hour ÷ (output
 * tokens per second × 3600 s) × 10⁶, every pool's accelerators counted (idle ones too: the
 * deployment pays for them); TTFT p99 the run's. Cost per hour = $/accelerator-hour × the
 * accelerators the configuration uses. O(layers) for MFU, O(1) otherwise.
 */
final class Objectives {
    private static final double SECONDS_PER_HOUR = 3600;

    private Objectives() {
    }

    /** The value of {@code objective} for {@code spec} stepping in {@code stepSeconds}; NaN when it has no cost. */
    static double value(Objective objective, TrainingSpec spec, double stepSeconds) {
        double tokens = (double) spec.globalBatchSequences() * spec.sequence();
        return switch (objective) {
            case MFU -> ModelFlops.perToken(spec.model(), spec.sequence()) * tokens
                    / (stepSeconds * spec.accelerators() * spec.cluster().meanBf16FlopsPerSecond(spec.accelerators()));
            case TOKENS_PER_SECOND -> tokens / stepSeconds;
            case COST_PER_STEP -> costPerHour(spec) * stepSeconds / SECONDS_PER_HOUR;
            case COST_PER_MTOK -> costPerHour(spec) * stepSeconds / SECONDS_PER_HOUR / tokens * 1e6;
            case TTFT_P99 -> throw new IllegalArgumentException("TTFT is an inference deployment's objective");
        };
    }

    /** The value of {@code objective} for the deployment {@code spec} by its completed run {@code run}. */
    static double value(Objective objective, InferenceSpec spec, RunResult run) {
        double outputPerSecond = ((Number) run.metrics().get("outputTokensPerSecond")).doubleValue();
        return switch (objective) {
            case TOKENS_PER_SECOND -> outputPerSecond;
            case COST_PER_MTOK -> costPerHour(spec) / (outputPerSecond * SECONDS_PER_HOUR) * 1e6;
            case TTFT_P99 -> ((Number) ((Map<?, ?>) run.metrics().get("ttftSeconds")).get("p99")).doubleValue();
            case MFU, COST_PER_STEP -> throw new IllegalArgumentException("a deployment has no training step");
        };
    }

    /** $/accelerator-hour × accelerators used; NaN without a cost. */
    static double costPerHour(WorkloadSpec spec) {
        ClusterSpec cluster = spec instanceof TrainingSpec t ? t.cluster() : ((InferenceSpec) spec).cluster();
        return cluster.cost() == null ? Double.NaN : cluster.cost().dollarsPerHour() * accelerators(spec);
    }

    /** The accelerators a job runs on, or a deployment's pools together. */
    static int accelerators(WorkloadSpec spec) {
        if (spec instanceof TrainingSpec training) {
            return training.accelerators();
        }
        int used = 0;
        for (InferenceSpec.Pool pool : ((InferenceSpec) spec).pools()) {
            used += pool.replicas() * pool.parallel().accelerators();
        }
        return used;
    }

    /** A qualified name's last part, as a definition refers to it. */
    static String simple(String qualified) {
        return qualified.substring(qualified.lastIndexOf('.') + 1);
    }
}
