package org.fabricsim.runtime.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * A verdict in MFU points and dollars says why each run is behind and what a point is priced at (session 71: the
 * network architect defending a fabric to finance found the split only in the side-by-side table, against the first
 * run, and the price of a point only in each run's block).
 */
class VerdictReasonsTest {

    /** A training run on {@code accelerators} at {@code perHour} dollars an hour, with its MFU split. */
    private static RunResult run(String name, double mfu, double lostToBehaviour, double lostToRouting,
            double accelerators, double perHour) {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("mfu", mfu);
        metrics.put("mfuLostToBehaviour", lostToBehaviour);
        metrics.put("mfuLostToRouting", lostToRouting);
        metrics.put("costPerHour", perHour);
        metrics.put("costPerMfuPointPerYear", perHour * 8_760 / 100);
        return new RunResult(name, "training", "s.Fabrics", Map.of(), 1, Map.of("accelerators", accelerators), metrics,
                0, 0, 0, null);
    }

    @Test
    void shouldSplitEachGapIntoBehaviourRoutingAndTheRestAndStateThePriceOfAPoint() {
        // [f=ib] wins at 33.9 % and loses 0.2 points to behaviour itself, none to routing. [f=roce] at 30.6 % is 3.3
        // points behind: behaviour (0.013 − 0.002) × 100 = 1.1, routing 0.019 × 100 = 1.9, the rest 3.3 − 1.1 − 1.9 =
        // 0.3 points. A point on 256 accelerators at $4/h ($1,024/h): $1,024 × 8,760 ÷ 100 = $89,702.40 a year;
        // 3.3 points: $296,017.92.
        StudyResult result = new StudyResult("t", "m", List.of(run("s.Fabrics[f=ib]", 0.339, 0.002, 0, 256, 1_024),
                run("s.Fabrics[f=roce]", 0.306, 0.013, 0.019, 256, 1_024)));
        StudyVerdict verdict = StudyVerdict.of(result).get(0);
        assertEquals("""
                # s.Fabrics: [f=ib] wins on MFU, 33.9%; behind it:
                    [f=roce]  3.3 points, $296,018/year on its cluster; behaviour 1.1, routing 1.9, switches and links \
                0.3 points
                    an MFU point a year: $89,702 on each cluster (256 accelerators at $4/h, × 8,760 h ÷ 100)
                """, verdict.text());
        Map<?, ?> why = (Map<?, ?>) ((Map<?, ?>) ((List<?>) verdict.toJsonMap().get("behind")).get(0)).get("why");
        assertEquals(1.1, (Double) why.get("behaviourPoints"), 1e-9);
        assertEquals(1.9, (Double) why.get("routingPoints"), 1e-9);
        assertEquals(0.3, (Double) why.get("restPoints"), 1e-9);
    }

    @Test
    void shouldPriceEachClusterApartWhenTheirPricesDiffer() {
        // The same 256 accelerators at $2/h: $512 × 8,760 ÷ 100 = $44,851.20 a point, beside $89,702.40 at $4/h.
        StudyResult result = new StudyResult("t", "m", List.of(run("s.Fabrics[f=ib]", 0.339, 0, 0, 256, 1_024),
                run("s.Fabrics[f=cheap]", 0.306, 0, 0, 256, 512)));
        assertEquals("an MFU point a year: $89,702 on [f=ib] (256 accelerators at $4/h, × 8,760 h ÷ 100); $44,851 on"
                + " [f=cheap] (256 accelerators at $2/h, × 8,760 h ÷ 100)", StudyVerdict.of(result).get(0).pricing());
        assertEquals(null, StudyVerdict.of(new StudyResult("t", "m", List.of(StudyVerdictTest.training("s.F[a]", 0.3, 1),
                StudyVerdictTest.training("s.F[b]", 0.2, 1)))).get(0).pricing(), "no accelerators stated: no price");
    }
}
