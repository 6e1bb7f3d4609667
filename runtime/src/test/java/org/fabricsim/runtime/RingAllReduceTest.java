package org.fabricsim.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.collective.RingAllReduce;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveAlgorithm;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.CollectiveOp;
import org.junit.jupiter.api.Test;

class RingAllReduceTest {

    @Test
    void shouldMatchTheTextbookClosedFormForEightRanks() {
        // S = 1 GiB = 1,073,741,824 B, n = 8, B = 50e9 B/s (400 Gb/s), alpha = 2 us.
        // T = 2(n-1)/n * S/B + 2(n-1) * alpha
        //   = 1.75 * 0.02147483648 s + 14 * 2e-6 s = 0.03758096384 s + 0.000028 s = 0.03760896384 s.
        long timePs = RingAllReduce.timePs(1L << 30, 8, 50e9, 2_000_000L);
        assertEquals(37_608_963_840L, timePs);
    }

    @Test
    void shouldTakeNoTimeForASingleRank() {
        assertEquals(0, RingAllReduce.timePs(1L << 20, 1, 50e9, 1_000_000L));
    }

    @Test
    void shouldReportBusBandwidthApproachingTheLinkRateForLargeMessages() {
        // 2 nodes x 4 accelerators, 100 GB/s links, 0.5 us per hop => alpha = 1 us per ring step.
        ClusterSpec cluster = new ClusterSpec("t.C", 2, 4, 100e9, 500_000L);
        CollectiveBenchmarkSpec bench = new CollectiveBenchmarkSpec("t.B", cluster, CollectiveOp.ALL_REDUCE,
                CollectiveAlgorithm.RING, List.of(8L << 30, 1024L));
        RunResult run = new Simulator().run(bench);
        List<?> rows = (List<?>) run.metrics().get("rows");
        Map<?, ?> large = (Map<?, ?>) rows.get(0);
        Map<?, ?> small = (Map<?, ?>) rows.get(1);
        // 8 GiB: T = 1.75 * 8*2^30/1e11 + 14e-6 = 0.150323855 + 0.000014 s;
        // busbw = S/T * 1.75 = 1.75 * 8589934592 / 0.150337855 / 1e9 = 99.9906 GB/s.
        assertEquals(99.9906, (Double) large.get("busbwGBps"), 1e-4);
        // 1 KiB: T = 1.75 * 1024/1e11 + 14e-6 = 14.01792e-6 s; busbw = 1.75 * 1024 / T / 1e9 = 0.12784 GB/s.
        assertEquals(0.12784, (Double) small.get("busbwGBps"), 1e-5);
        assertEquals(8, run.parameters().get("accelerators"));
    }
}
