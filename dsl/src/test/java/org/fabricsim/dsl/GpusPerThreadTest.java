package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.junit.jupiter.api.Test;

/** {@code harness nccl-tests gpus-per-thread G}: nccl-tests' {@code -g}, its checks, its mapping and its run. */
class GpusPerThreadTest extends FabricModelTest {
    private static final String MODEL = """
            import fabric.catalog.nvidia.*
            cluster Node { nodes 2 x DGX_H100 scale-out InfiniBand_NDR single-switch }
            benchmark Bench {
                all-reduce ring
                %s
                sizes 32 KiB, 16 MiB
                %s
            }
            """;

    private List<Issue> issues(String on, String harness, String code) throws Exception {
        return validation.validate(parser.parse(MODEL.formatted(on, harness))).stream()
                .filter(i -> code.equals(i.getCode())).toList();
    }

    private void assertOne(String on, String harness, String code, String message) throws Exception {
        List<Issue> found = issues(on, harness, code);
        assertEquals(1, found.size(), found::toString);
        assertTrue(found.get(0).getMessage().contains(message), found.get(0).getMessage());
    }

    @Test
    void shouldRequireACountThatDividesTheRanksOnEachNode() throws Exception {
        // A DGX H100 holds 8 GPUs: across 2 nodes each runs 8 ranks (1, 2, 4 or 8 per thread); a sub-node benchmark on
        // 4 accelerators runs 4 on its node, which 8 per thread does not divide.
        assertOne("on Node", "harness nccl-tests gpus-per-thread 3", IssueCodes.GPUS_PER_THREAD, "divide the 8 ranks");
        assertOne("on Node", "harness nccl-tests gpus-per-thread 0", IssueCodes.GPUS_PER_THREAD, "at least one GPU");
        assertOne("on Node accelerators 4", "harness nccl-tests gpus-per-thread 8", IssueCodes.GPUS_PER_THREAD,
                "divide the 4 ranks");
        for (String fits : List.of("gpus-per-thread 8", "gpus-per-thread 2", "gpus-per-thread 1", "")) {
            assertEquals(List.of(), issues("on Node", "harness nccl-tests " + fits, IssueCodes.GPUS_PER_THREAD));
        }
        assertEquals(List.of(), issues("on Node accelerators 4", "harness nccl-tests gpus-per-thread 4",
                IssueCodes.GPUS_PER_THREAD));
    }

    @Test
    void shouldAllowGpusPerThreadOnlyUnderNcclTests() throws Exception {
        assertOne("on Node", "harness framework-call gpus-per-thread 8", IssueCodes.GPUS_PER_THREAD_HARNESS,
                "one process per GPU");
        assertOne("on Node", "harness ideal gpus-per-thread 2", IssueCodes.GPUS_PER_THREAD_HARNESS, "no host");
        assertEquals(List.of(), issues("on Node", "harness nccl-tests gpus-per-thread 8",
                IssueCodes.GPUS_PER_THREAD_HARNESS));
        assertEquals(List.of(), issues("on Node", "harness framework-call", IssueCodes.GPUS_PER_THREAD_HARNESS));
    }

    @Test
    void shouldTimeASmallCallFromOneThreadDrivingANodeAsEightLaunches() throws Exception {
        // One DGX H100, one thread driving its 8 GPUs (all_reduce_perf -g 8): 32 KiB's LL ring on the node's NCCL
        // channels takes NCCL's 6.6 + 2 x 7 x 0.6 = 15.0 us of latency and well under a microsecond of bytes, under 8
        // launches of the default profile's 4.2 us, so it takes 33.6 us; 16 MiB moves 2 x 7/8 x 16 MiB through each
        // GPU's NVLink at under 450 GB/s, over 65 us on the device, and is timed as with one process per GPU.
        CollectiveBenchmarkSpec driven = spec("on Node nodes 1", "harness nccl-tests gpus-per-thread 8");
        CollectiveBenchmarkSpec perGpu = spec("on Node nodes 1", "");
        assertEquals(8, driven.gpusPerThread());
        assertEquals(1, perGpu.gpusPerThread(), "one process per GPU unless written");
        RunResult threaded = new Simulator().run(driven);
        RunResult processes = new Simulator().run(perGpu);
        assertEquals(33.6e-6, seconds(threaded, 0), 1e-12);
        assertTrue(seconds(processes, 0) < 33.6e-6, () -> seconds(processes, 0) + " s");
        assertEquals(seconds(processes, 1), seconds(threaded, 1));
        assertEquals(8, threaded.parameters().get("gpusPerThread"));
    }

    private CollectiveBenchmarkSpec spec(String on, String harness) throws Exception {
        Model model = parser.parse(MODEL.formatted(on, harness));
        validation.assertNoErrors(model);
        return (CollectiveBenchmarkSpec) mapper.toStudy(model, "b.fabric").workloads().get(0);
    }

    private static double seconds(RunResult run, int row) {
        return ((Number) ((Map<?, ?>) ((List<?>) run.metrics().get("rows")).get(row)).get("timeSeconds"))
                .doubleValue();
    }
}
