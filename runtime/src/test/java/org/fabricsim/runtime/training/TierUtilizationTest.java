package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class TierUtilizationTest {
    @Test
    void shouldSummarizeAHundredLinksByMeanMaxNearestRankP99AndGroupMaxima() {
        // Link l carries l/100: mean = (0 + ... + 99)/100/100 = 4,950/10,000 = 0.495; max = 0.99;
        // p99 by nearest rank = the ceil(0.99 x 100) = 99th smallest = 0.98.
        double[] utilization = new double[100];
        for (int l = 0; l < 100; l++) {
            utilization[l] = l / 100.0;
        }
        TierUtilization tier = TierUtilization.of(utilization);
        assertEquals(100, tier.links());
        assertEquals(0.495, tier.mean(), 1e-12);
        assertEquals(0.99, tier.max(), 0);
        assertEquals(0.98, tier.p99(), 0);
        // 48 groups; group b ends before link floor(100(b + 1)/48): 2, 4, 6, ..., 22, 25, 27, ..., 47, 50,
        // 52, ..., 72, 75, 77, ..., 97, 100 (three links in the groups ending at 25, 50, 75 and 100,
        // two in the other 44: 4 x 3 + 44 x 2 = 100). Each group's busiest is its last link:
        List<Integer> lastLinks = List.of(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 24,
                26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 49,
                51, 53, 55, 57, 59, 61, 63, 65, 67, 69, 71, 74,
                76, 78, 80, 82, 84, 86, 88, 90, 92, 94, 96, 99);
        List<Double> expected = new ArrayList<>();
        lastLinks.forEach(l -> expected.add(l / 100.0));
        assertEquals(expected, tier.groups());
    }

    @Test
    void shouldKeepOneGroupPerLinkWhenATierHasFewerLinksThanGroups() {
        // mean = (0.3 + 0.9 + 0.1)/3; p99 = the ceil(2.97) = 3rd smallest = the max.
        TierUtilization tier = TierUtilization.of(new double[] {0.3, 0.9, 0.1});
        assertEquals(3, tier.links());
        assertEquals(1.3 / 3, tier.mean(), 1e-12);
        assertEquals(0.9, tier.max(), 0);
        assertEquals(0.9, tier.p99(), 0);
        assertEquals(List.of(0.3, 0.9, 0.1), tier.groups());
    }

    @Test
    void shouldShowASingleHotLinkInItsGroupAndMaxButNotInTheP99() {
        // 1,000 idle links but link 500 at 70%: group 24 starts at floor(1,000 x 24/48) = 500;
        // the 990th smallest (nearest-rank p99) is idle; mean = 0.7/1,000.
        double[] utilization = new double[1000];
        utilization[500] = 0.7;
        TierUtilization tier = TierUtilization.of(utilization);
        assertEquals(TierUtilization.MAX_GROUPS, tier.groups().size());
        for (int b = 0; b < tier.groups().size(); b++) {
            assertEquals(b == 24 ? 0.7 : 0.0, tier.groups().get(b), 0, "group " + b);
        }
        assertEquals(0.7, tier.max(), 0);
        assertEquals(0.0, tier.p99(), 0);
        assertEquals(0.0007, tier.mean(), 1e-15);
    }

    @Test
    void shouldWriteTheResultsJsonShape() {
        Map<String, Object> json = TierUtilization.of(new double[] {0.5, 0.25}).toJson();
        assertEquals(List.of("links", "mean", "max", "p99", "groups"), List.copyOf(json.keySet()));
        assertEquals(2, json.get("links"));
        assertEquals(0.375, json.get("mean"));
        assertEquals(List.of(0.5, 0.25), json.get("groups"));
    }

    @Test
    void shouldRefuseATierWithoutLinks() {
        assertThrows(IllegalArgumentException.class, () -> TierUtilization.of(new double[0]));
    }
}
