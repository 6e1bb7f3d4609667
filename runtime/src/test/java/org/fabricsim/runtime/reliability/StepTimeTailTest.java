package org.fabricsim.runtime.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.spec.ReliabilitySpec;
import org.fabricsim.runtime.spec.ReliabilitySpec.Component;
import org.fabricsim.runtime.spec.ReliabilitySpec.Rate;
import org.junit.jupiter.api.Test;

/**
 * The step-time percentiles against hand-derived step shares: an intact step T = 10 s, a step of 12 s with one of
 * 100 re-routable cables down (no other part, so nothing interrupts: λ = 0), each cable failing once per MTBF and
 * down for D = 24 h. The share of running time with one down is q = 1 − e<sup>−100 × 24 h ÷ MTBF</sup>, and of
 * steps w = (q ÷ 12) ÷ ((1 − q) ÷ 10 + q ÷ 12): a degraded step is longer, so fewer of them fit in its time.
 */
class StepTimeTailTest {
    private static final double HOUR = 3600;
    private static final double STEP = 10;
    private static final double DEGRADED_STEP = 12;
    /** One node of 8 accelerators, its fabric 100 cables, all re-routable. */
    private static final PartCounts CABLES = new PartCounts(8, 8, 1, 0, 100, 0, 100);

    private static ReliabilitySpec cables(double mtbfHours) {
        return new ReliabilitySpec("t.R", List.of(Rate.ofMtbf(Component.LINK, mtbfHours * HOUR)), 0, 0, 600,
                24 * HOUR, 0, 0, 1, 0);
    }

    private static StepTimeTail degraded(ReliabilitySpec spec, PartCounts parts) {
        return StepTimeTail.of(STEP, new DegradedFabric(STEP, DEGRADED_STEP, Double.NaN), null,
                FailureModel.of(spec, parts), spec);
    }

    @Test
    void shouldPutTheP99OnTheDegradedStepWhenMoreThanOnePercentOfStepsRunDegraded() {
        // MTBF 100,000 h: q = 1 − e^(−0.024) = 0.023714, w = 0.0019762 / 0.0996048 = 1.984% of steps, above 1%.
        StepTimeTail tail = degraded(cables(100_000), CABLES);
        assertEquals(STEP, tail.percentileSeconds(0.5));
        assertEquals(DEGRADED_STEP, tail.percentileSeconds(0.99));
        assertEquals(DEGRADED_STEP, tail.percentileSeconds(0.999));
        assertEquals(0.019840, tail.shareAbove(STEP), 1e-6);
        // The mean step is T ÷ s, s = 1 − q (1 − 10/12) the throughput factor goodput carries: 10.0397 s.
        assertEquals(10.03968, tail.meanSeconds(), 1e-5);
    }

    @Test
    void shouldKeepTheP99OnTheIntactStepWhenFewerThanOnePercentRunDegraded() {
        // MTBF 1,000,000 h: q = 1 − e^(−0.0024) = 0.0023971, w = 0.00019976 / 0.09996005 = 0.1998% of steps:
        // below 1%, above 0.1%, so the p99.9 is the degraded step.
        StepTimeTail tail = degraded(cables(1_000_000), CABLES);
        assertEquals(STEP, tail.percentileSeconds(0.99));
        assertEquals(DEGRADED_STEP, tail.percentileSeconds(0.999));
        assertEquals(0.0019984, tail.shareAbove(STEP), 1e-7);
    }

    @Test
    void shouldChargeACheckpointStallToOneStepInEveryInterval() {
        // No failure; a 1 s step, a 20 s checkpoint every 50 s of running: 1 step in 50 (2%) takes 21 s, the
        // mean 1 + 20/50 = 1.4 s. Every 200 s: 0.5% of steps, under the p99, over the p99.9.
        ReliabilitySpec often = new ReliabilitySpec("t.R", List.of(), 50, 20, 600, 0, 0, 0, 1, 0);
        StepTimeTail tail = StepTimeTail.of(1, null, null, FailureModel.of(often, CABLES), often);
        assertEquals(1, tail.percentileSeconds(0.5));
        assertEquals(21, tail.percentileSeconds(0.99));
        assertEquals(1.4, tail.meanSeconds(), 1e-12);
        ReliabilitySpec rarely = new ReliabilitySpec("t.R", List.of(), 200, 20, 600, 0, 0, 0, 1, 0);
        StepTimeTail rare = StepTimeTail.of(1, null, null, FailureModel.of(rarely, CABLES), rarely);
        assertEquals(1, rare.percentileSeconds(0.99));
        assertEquals(21, rare.percentileSeconds(0.999));
    }

    @Test
    void shouldChargeARestartAndTheRepairWithoutASpareToTheStepAnInterruptionLandsIn() {
        // 1,000 accelerators at MTBF 1,000 h: λ = 1 per hour. A 72 s step is interrupted with probability
        // 1 − e^(−72/3600) = 1.98% (over 1%): it takes 72 + 600 s restart + 4 h repair (an accelerator takes its
        // node out, and no spare replaces it) = 15,072 s; with a spare, no repair: 672 s.
        PartCounts parts = new PartCounts(1000, 1000, 125, 0, 0);
        List<Rate> accelerators = List.of(Rate.ofMtbf(Component.ACCELERATOR, 1000 * HOUR));
        ReliabilitySpec noSpare = new ReliabilitySpec("t.R", accelerators, 0, 0, 600, 4 * HOUR, 0, 0, 1, 0);
        StepTimeTail tail = StepTimeTail.of(72, null, null, FailureModel.of(noSpare, parts), noSpare);
        assertEquals(72, tail.percentileSeconds(0.5));
        assertEquals(15_072, tail.percentileSeconds(0.99));
        assertEquals(-Math.expm1(-0.02), tail.shareAbove(72), 1e-12);
        ReliabilitySpec spare = new ReliabilitySpec("t.R", accelerators, 0, 0, 600, 4 * HOUR, 1, 0, 1, 0);
        assertEquals(672, StepTimeTail.of(72, null, null, FailureModel.of(spare, parts), spare).percentileSeconds(0.99));
    }

    @Test
    void shouldAverageToTheStepGoodputCarriesUnderADegradedFabricAndAStraggler() {
        // Cables down q = 0.023714 of the time at 12 s, a straggler 5% of the time at 15 s (independent, the
        // slowdowns multiply: 18 s with both): the steps' mean running time is T ÷ (s_fabric × s_straggler).
        ReliabilitySpec spec = new ReliabilitySpec("t.R", List.of(Rate.ofMtbf(Component.LINK, 100_000 * HOUR)), 0, 0,
                600, 24 * HOUR, 0, 0.05, 0.5, 0);
        FailureModel failures = FailureModel.of(spec, CABLES);
        DegradedFabric fabric = new DegradedFabric(STEP, DEGRADED_STEP, Double.NaN);
        Straggler straggler = new Straggler(STEP, 15);
        StepTimeTail tail = StepTimeTail.of(STEP, fabric, straggler, failures, spec);
        assertEquals(STEP / (fabric.throughputFactor(failures, spec) * straggler.throughputFactor(spec)),
                tail.meanSeconds(), 1e-9);
        // Of steps: intact 0.976286 × 0.95 / 10, cable 0.023714 × 0.95 / 12, straggled 0.976286 × 0.05 / 15, both
        // 0.023714 × 0.05 / 18, i.e. 0.092747, 0.0018773, 0.0032543, 0.0000659 (sum 0.097944): 3.4% of steps take
        // 15 s or 18 s, so the p99 is the straggled step.
        assertEquals(15, tail.percentileSeconds(0.99));
        assertEquals(18, tail.percentileSeconds(0.99999));
        Map<String, Object> json = tail.toJson(STEP);
        assertEquals(List.of("p50Seconds", "p99Seconds", "p999Seconds", "meanSeconds", "slowStepShare"),
                List.copyOf(json.keySet()));
        assertEquals(1 - 0.092747 / 0.097944, (Double) json.get("slowStepShare"), 1e-5);
    }
}
