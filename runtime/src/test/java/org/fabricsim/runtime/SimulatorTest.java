package org.fabricsim.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
}
