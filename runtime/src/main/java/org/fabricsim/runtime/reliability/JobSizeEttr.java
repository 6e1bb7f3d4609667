package org.fabricsim.runtime.reliability;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.spec.ReliabilitySpec;

/**
 * ETTR of the same job at other sizes (docs/metrics.md, "ETTR against job size"): the job's parts
 * scaled by f ∈ {1/8, 1/4, 1/2, 1, 2} ({@link PartCounts#scaled}), the same failure rates,
 * checkpoints and restarts, and at each size the {@link Goodput} closed form. λ grows linearly with
 * the parts, so ETTR falls with f. O(sizes × rates).
 */
public final class JobSizeEttr {
    /** The sizes, as multiples of the job's accelerators. */
    private static final double[] SCALES = {0.125, 0.25, 0.5, 1, 2};
    private static final double SECONDS_PER_DAY = 86_400;

    private JobSizeEttr() {
    }

    /**
     * One point per size of a checkpointing job on {@code parts} under {@code spec}: its
     * {@code scale}, {@code accelerators}, {@code interruptionsPerDay} and closed-form {@code ettr}.
     */
    public static List<Map<String, Object>> points(ReliabilitySpec spec, PartCounts parts) {
        List<Map<String, Object>> points = new ArrayList<>(SCALES.length);
        for (double scale : SCALES) {
            PartCounts scaled = parts.scaled(scale);
            Goodput expected = Goodput.expect(Scenario.of(spec, FailureModel.of(spec, scaled)));
            Map<String, Object> point = new LinkedHashMap<>();
            point.put("scale", scale);
            point.put("accelerators", scaled.accelerators());
            point.put("interruptionsPerDay", expected.interruptionsPerSecond() * SECONDS_PER_DAY);
            point.put("ettr", expected.ettr());
            points.add(point);
        }
        return points;
    }
}
