package org.fabricsim.dsl.mapping;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.Metric;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.fabric.Workload;
import org.fabricsim.dsl.units.Dimension;
import org.fabricsim.runtime.spec.ExpectationSpec.Unit;

/**
 * What a metric named by {@code expect} is: the dimension its figure is written in, the unit people
 * read it in, the factor from the figure's base unit to the result key's unit, and the result key
 * per kind of workload ({@code null} where that kind does not report it; {@code %s} stands for the
 * percentile or the message size). Keys are those of docs/results-schema.md.
 *
 * @param dimension  the figure's dimension
 * @param unit       how the figure is read
 * @param keyPerBase result-key units per base unit (10⁻⁹ for bus bandwidth in GB/s)
 * @param training   the key in a training run
 * @param inference  the key in a serving run
 * @param benchmark  the key in a collective benchmark (an expert-kernel benchmark reports none of these)
 */
public record ExpectedMetric(Dimension dimension, Unit unit, double keyPerBase, String training, String inference,
        String benchmark) {

    private static final Map<Metric, ExpectedMetric> METRICS = metrics();

    private static Map<Metric, ExpectedMetric> metrics() {
        Map<Metric, ExpectedMetric> metrics = new EnumMap<>(Metric.class);
        metrics.put(Metric.MFU, percentage("mfu", "modelFlopsUtilization"));
        metrics.put(Metric.EXPOSED_COMMUNICATION, percentage("exposedCommunicationFraction", null));
        metrics.put(Metric.BUBBLE, percentage("bubbleFraction", null));
        metrics.put(Metric.GOODPUT, percentage(null, "goodput"));
        metrics.put(Metric.STEP_TIME, new ExpectedMetric(Dimension.TIME, Unit.SECONDS, 1, "stepTimeSeconds", null, null));
        metrics.put(Metric.MEMORY, new ExpectedMetric(Dimension.DATA_SIZE, Unit.GIGABYTES, 1,
                "memoryPerAcceleratorBytes", null, null));
        metrics.put(Metric.THROUGHPUT, new ExpectedMetric(Dimension.TOKEN_RATE, Unit.TOKENS_PER_SECOND, 1,
                "tokensPerSecond", "outputTokensPerSecond", null));
        metrics.put(Metric.PREFILL_THROUGHPUT, new ExpectedMetric(Dimension.TOKEN_RATE, Unit.TOKENS_PER_SECOND, 1,
                null, "prefillTokensPerSecondPerNode", null));
        metrics.put(Metric.DECODE_THROUGHPUT, new ExpectedMetric(Dimension.TOKEN_RATE, Unit.TOKENS_PER_SECOND, 1,
                null, "decodeTokensPerSecondPerNode", null));
        metrics.put(Metric.TTFT, new ExpectedMetric(Dimension.TIME, Unit.MILLISECONDS, 1, null, "ttftSeconds.%s", null));
        metrics.put(Metric.ITL, new ExpectedMetric(Dimension.TIME, Unit.MILLISECONDS, 1, null, "itlSeconds.%s", null));
        metrics.put(Metric.BUSBW, new ExpectedMetric(Dimension.DATA_RATE, Unit.GB_PER_SECOND, 1e-9, null, null,
                "rows[%s].busbwGBps"));
        return metrics;
    }

    private static ExpectedMetric percentage(String training, String inference) {
        return new ExpectedMetric(Dimension.FRACTION, Unit.PERCENT, 1, training, inference, null);
    }

    /** The metric as {@code expect} reads it; empty for a metric no single figure states ({@code cost}). */
    public static Optional<ExpectedMetric> of(Metric metric) {
        return Optional.ofNullable(METRICS.get(metric));
    }

    /** The metrics {@code expect} takes, as written, for messages. */
    public static List<String> names() {
        return METRICS.keySet().stream().map(Metric::getLiteral).toList();
    }

    /** The metrics a workload of this kind reports, as written, for messages. */
    public static List<String> namesFor(Workload workload) {
        return METRICS.entrySet().stream().filter(e -> e.getValue().key(workload) != null)
                .map(e -> e.getKey().getLiteral()).toList();
    }

    /** Whether its tolerance and error are in percentage points by default. */
    public boolean percentage() {
        return unit == Unit.PERCENT;
    }

    /** The result key pattern in a run of {@code workload}, or {@code null} when its kind does not report it. */
    public String key(Workload workload) {
        if (workload instanceof Training) {
            return training;
        }
        if (workload instanceof Inference) {
            return inference;
        }
        return workload instanceof Benchmark b && b.getExpertParallel() == null ? benchmark : null;
    }
}
