package org.fabricsim.runtime.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.TestClusters;
import org.fabricsim.runtime.collective.ExpertKernels;
import org.fabricsim.runtime.result.ConsoleTable;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ExpertKernelBenchmarkSpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.WorkloadSpec;
import org.fabricsim.runtime.study.InfeasibleRunException;
import org.fabricsim.runtime.study.Variations;
import org.junit.jupiter.api.Test;

class ExpertKernelBenchmarksTest {
    private static final ClusterSpec CLUSTER = TestClusters.singleSwitch(4, 4, 50e9, 0);
    private static final ExpertKernels LOW_LATENCY = new ExpertKernels(true, 128, 7168, 8, 64, true);

    private static Map<?, ?> row(RunResult run, int index) {
        return (Map<?, ?>) ((List<?>) run.metrics().get("rows")).get(index);
    }

    @Test
    void shouldReportDispatchThenCombineWithDeepEpsLowLatencyFigure() {
        RunResult run = new Simulator().run(new ExpertKernelBenchmarkSpec("t.E", CLUSTER, 2, 0, LOW_LATENCY));
        assertEquals("expert-kernel-benchmark", run.kind());
        assertEquals(8, run.parameters().get("accelerators"));
        // FP8 dispatch: h + 4·h/128 = 7168 + 224 bytes a copy; combine in BF16: 2h.
        assertEquals(List.of("dispatch", 7392.0), List.of(row(run, 0).get("direction"), row(run, 0).get("bytesPerCopy")));
        assertEquals(List.of("combine", 14336.0), List.of(row(run, 1).get("direction"), row(run, 1).get("bytesPerCopy")));
        for (int i = 0; i < 2; i++) {
            double seconds = (Double) row(run, i).get("timeSeconds");
            double bytes = 128.0 * 8 * (Double) row(run, i).get("bytesPerCopy");
            assertEquals(bytes / seconds / 1e9, (Double) row(run, i).get("gigabytesPerSecond"), 1e-9);
        }
        assertTrue((Double) row(run, 1).get("timeSeconds") > (Double) row(run, 0).get("timeSeconds"),
                "combine returns BF16, twice dispatch's FP8 bytes");
        assertTrue(ConsoleTable.render(run).contains("low-latency expert-parallel kernels over 8 accelerators"));
    }

    @Test
    void shouldRejectExpertsThatDoNotDivideOverTheAccelerators() {
        assertThrows(IllegalArgumentException.class,
                () -> new ExpertKernelBenchmarkSpec("t.E", CLUSTER, 2, 6, LOW_LATENCY));
        assertThrows(IllegalArgumentException.class,
                () -> new ExpertKernelBenchmarkSpec("t.E", CLUSTER, 5, 0, LOW_LATENCY));
    }

    @Test
    void shouldVaryOnlyTheCluster() {
        ExpertKernelBenchmarkSpec spec = new ExpertKernelBenchmarkSpec("t.E", CLUSTER, 2, 0, LOW_LATENCY);
        ClusterSpec larger = TestClusters.singleSwitch(8, 4, 100e9, 0);
        WorkloadSpec varied = Variations.apply(spec, VariationSpec.Parameter.CLUSTER, larger);
        assertEquals(larger, varied.cluster());
        assertThrows(InfeasibleRunException.class,
                () -> Variations.apply(spec, VariationSpec.Parameter.CLUSTER, TestClusters.singleSwitch(1, 4, 50e9, 0)));
        assertThrows(InfeasibleRunException.class, () -> Variations.apply(spec, VariationSpec.Parameter.DATA, 2));
    }
}
