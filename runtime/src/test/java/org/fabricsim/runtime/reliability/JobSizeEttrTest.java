package org.fabricsim.runtime.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.spec.ReliabilitySpec;
import org.fabricsim.runtime.spec.ReliabilitySpec.Component;
import org.fabricsim.runtime.spec.ReliabilitySpec.Rate;
import org.junit.jupiter.api.Test;

class JobSizeEttrTest {
    private static final double HOUR = 3600;

    @Test
    void shouldGiveTheClosedFormAtEachSizeAndFallWithSize() {
        // 1,024 accelerators on 128 nodes; accelerators fail with MTBF 1,024 h, software at 3 per 1,000
        // node-days. At f times the job: λ = 1,024 f / 1,024 h + 128 f × 3 / 1,000 / 24 h = 1.016 f per h.
        // Checkpoints every τ = 1,800 s taking C = 60 s (s = 1,860 s), restarts R = 600 s:
        // ETTR = τ / ((e^(λ s) − 1)(1/λ + R)); for f = 1/8, 1/4, 1/2, 1, 2 that is 0.91693, 0.86885, 0.78023,
        // 0.62930, 0.40864, and interruptions per day 86,400 / (1/λ + R).
        ReliabilitySpec spec = new ReliabilitySpec("t.R", List.of(Rate.ofMtbf(Component.ACCELERATOR, 1024 * HOUR),
                Rate.perThousandNodeDays(Component.SOFTWARE, 3)), 1800, 60, 600, 0, 0, 0, 1, 0);
        List<Map<String, Object>> points = JobSizeEttr.points(spec, new PartCounts(1024, 1024, 128, 0, 0));
        double[] scales = {0.125, 0.25, 0.5, 1, 2};
        double[] handEttr = {0.91693, 0.86885, 0.78023, 0.62930, 0.40864};
        assertEquals(scales.length, points.size());
        double previous = 1;
        for (int i = 0; i < scales.length; i++) {
            Map<String, Object> point = points.get(i);
            double lambda = 1.016 * scales[i] / HOUR;
            double ettr = 1800 / (Math.expm1(lambda * 1860) * (1 / lambda + 600));
            assertEquals(scales[i], (Double) point.get("scale"), 0);
            assertEquals((int) (1024 * scales[i]), point.get("accelerators"));
            assertEquals(ettr, (Double) point.get("ettr"), 1e-12);
            assertEquals(handEttr[i], (Double) point.get("ettr"), 1e-5);
            assertEquals(86_400 / (1 / lambda + 600), (Double) point.get("interruptionsPerDay"), 1e-9);
            assertTrue((Double) point.get("ettr") < previous, "ETTR falls with job size");
            previous = (Double) point.get("ettr");
        }
    }

    @Test
    void shouldKeepAtLeastOneOfEachPartWhenTheJobShrinks() {
        // 8 accelerators on one node, an eighth of it: one accelerator, and still one node and one NIC.
        PartCounts eighth = new PartCounts(8, 8, 1, 3, 5, 1, 2).scaled(0.125);
        assertEquals(new PartCounts(1, 1, 1, 1, 1, 1, 1), eighth);
    }
}
