package org.fabricsim.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.study.InfeasibleRunException;
import org.fabricsim.runtime.study.StudyRunner;
import org.fabricsim.runtime.study.StudySize;
import org.junit.jupiter.api.Test;

class StudySizeTest {
    private static final ClusterSpec TWO_NODES = TestClusters.singleSwitch(2, 4, 50e9, 500_000L);
    private static final CollectiveBenchmarkSpec BENCH = new CollectiveBenchmarkSpec("t.Bench", TWO_NODES, 2,
            CollectiveOperation.ALL_REDUCE, Algorithm.RING, 1, List.of(1L << 20));

    /** A study of {@code BENCH} with {@code axes} axes of {@code values} channel counts each. */
    private static StudySpec study(int axes, int values) {
        List<Object> counts = new ArrayList<>();
        for (long v = 1; v <= values; v++) {
            counts.add(v);
        }
        List<VariationSpec> variations = new ArrayList<>(Collections.nCopies(axes,
                new VariationSpec(Parameter.CHANNELS, counts)));
        return new StudySpec("t", "t.fabric", "t.Wide", List.of(BENCH), variations, List.of(), List.of(), 1);
    }

    @Test
    void shouldCountRunsAsTheProductOfTheAxesValueCountsSaturatingOnOverflow() {
        // 40^5 = 102,400,000; 40^6 = 4,096,000,000 (above Integer.MAX_VALUE, the overflow the runner hit);
        // 40^12 = 1.68e19 is above Long.MAX_VALUE (9.2e18), so the count saturates there.
        assertEquals(102_400_000L, StudySize.runs(study(5, 40)));
        assertEquals(4_096_000_000L, StudySize.runs(study(6, 40)));
        assertEquals(Long.MAX_VALUE, StudySize.runs(study(12, 40)));
    }

    @Test
    void shouldPlanAStudyAtTheBoundAndRefuseOneRunMore() {
        // 10^5 = 100,000 runs: exactly the bound, not refused; 10^3 runs are planned, all of them.
        assertNull(StudySize.refusal(study(5, 10)));
        assertEquals(1_000, StudyRunner.expand(study(3, 10)).size());
        // One axis of 100,001 values: one run above it.
        assertTrue(StudySize.refusal(study(1, 100_001)).contains("plans 100,001 runs"));
    }

    @Test
    void shouldRefuseToPlanAStudyAboveTheBoundNamingTheProductTheLargestAxisAndTheFix() {
        InfeasibleRunException refused = assertThrows(InfeasibleRunException.class,
                () -> StudyRunner.expand(study(6, 40)));
        String reason = refused.getMessage();
        assertTrue(reason.startsWith("study t.Wide plans 4,096,000,000 runs"), reason);
        assertTrue(reason.contains("more than the 100,000 a study may run"), reason);
        assertTrue(reason.contains("'vary channels' with 40 values"), reason);
        assertTrue(reason.contains("Fix: vary fewer values"), reason);
    }

    @Test
    void shouldFailTheStudyInWordsInsteadOfRunningItWhenItPlansTooManyRuns() {
        // 40^5 runs used to be planned up front (no output for over 90 s in 1 GB); now none is run and the one
        // failed run carries the infeasible reason, so that `fabric simulate` exits 3 like the other refusals.
        List<String> calls = new ArrayList<>();
        StudyResult result = new StudyRunner((workload, profile, seed) -> {
            calls.add(workload.name());
            throw new AssertionError("no run should start");
        }, 1, StudyRunner.Progress.NONE).run(study(5, 40));
        assertEquals(List.of(), calls);
        assertEquals(1, result.runs().size());
        assertFalse(result.runs().get(0).succeeded());
        assertTrue(result.runs().get(0).error().startsWith("infeasible: study t.Wide plans 102,400,000 runs"),
                result.runs().get(0).error());
    }

    @Test
    void shouldRefuseAStudyOfMoreWorkloadsThanTheBoundWithoutAxes() {
        // 100,001 workloads, one run each and no axis to name.
        StudySpec study = new StudySpec("t", "t.fabric", "t.Many", Collections.nCopies(100_001, BENCH), List.of(),
                List.of(), List.of(), 1);
        assertEquals("study t.Many has 100,001 workloads, more than the 100,000 runs a study may run. Fix: split it.",
                StudySize.refusal(study));
    }
}
