package org.fabricsim.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.result.ConsoleTable;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.junit.jupiter.api.Test;

class SimulatorTest {
    private static final CollectiveBenchmarkSpec BENCH = new CollectiveBenchmarkSpec("t.B",
            TestClusters.singleSwitch(2, 4, 50e9, 1_000_000L), 2, CollectiveOperation.ALL_REDUCE, Algorithm.RING, 1,
            List.of(1L << 20));

    @Test
    void shouldAttachTheLockInAnalysisOfTheClusterToEveryRun() {
        RunResult run = new Simulator().run(BENCH);
        Map<?, ?> lockIn = (Map<?, ?>) run.parameters().get("lockIn");
        // The test cluster has one open-standard scale-out fabric and no scale-up: no seam, no lock.
        assertEquals("t.C", lockIn.get("cluster"));
        assertEquals(false, lockIn.get("seam"));
        List<?> fabrics = (List<?>) lockIn.get("fabrics");
        assertEquals(1, fabrics.size());
        assertEquals(true, ((Map<?, ?>) fabrics.get(0)).get("openStandard"));
    }

    @Test
    void shouldPrintTheLockInSummaryInTheConsoleReport() {
        StudyResult result = new Simulator().run(new StudySpec("t", "t.fabric", List.of(BENCH)));
        String console = ConsoleTable.render(result);
        assertTrue(console.contains("Lock-in of C:"), console);
    }

    /**
     * A ring all-reduce over 16 ranks on links of 10 kb/s (1,250 B/s): each rank sends 2 × 15/16 of the message,
     * so 1 GiB takes at least 2 × 15/16 × 2^30 B ÷ 1,250 B/s = 1,610,612.7 s (18.6 days) and runs; 8 GiB takes at
     * least 12,884,901.9 s, past the clock's 9,223,372 s, and fails with the clock's range (it returned 5.49 ms,
     * the phases' total wrapped).
     */
    @Test
    void shouldFailARunLongerThanTheClocksRangeInsteadOfWrappingIt() {
        CollectiveBenchmarkSpec gib = new CollectiveBenchmarkSpec("t.Slow", TestClusters.singleSwitch(2, 8, 1250,
                1_000_000L), 2, CollectiveOperation.ALL_REDUCE, Algorithm.RING, 2, List.of(1L << 30));
        Map<?, ?> row = (Map<?, ?>) ((List<?>) new Simulator().run(gib).metrics().get("rows")).get(0);
        assertTrue((Double) row.get("timeSeconds") > 1_610_612.7, row.toString());
        CollectiveBenchmarkSpec eightGib = new CollectiveBenchmarkSpec("t.Slow", gib.cluster(), 2,
                CollectiveOperation.ALL_REDUCE, Algorithm.RING, 2, List.of(8L << 30));
        IllegalStateException beyond = assertThrows(IllegalStateException.class,
                () -> new Simulator().run(eightGib));
        assertTrue(beyond.getMessage().startsWith("the simulated time would pass the engine's clock range of 2^63 ps"),
                beyond.getMessage());
        // The transfers overran, not a latency: each of the ring's 2 × 15 steps moves 8 GiB ÷ 16 = 2^29 B over
        // 1,250 B/s × 0.96 (the NIC efficiency) = 1,200 B/s, 447,392.427 s, 13,421,772.8 s in all.
        assertTrue(beyond.getMessage().contains(": transfers over the model's links (447392.427 s, 30 times"
                + " (13421772.800 s)) take longer than that.")
                && beyond.getMessage().endsWith("Fix: raise the model's link rates (a rate such as 0.00001 Gb/s moves"
                        + " 1 GiB in 10 days) or lower its sizes."), beyond.getMessage());
    }
}
