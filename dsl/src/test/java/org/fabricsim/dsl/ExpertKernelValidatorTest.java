package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.ExpertKernelBenchmarkSpec;
import org.junit.jupiter.api.Test;

/** Expert-parallel (DeepEP-style) kernel benchmarks: what they take and what they map to (issue 14). */
class ExpertKernelValidatorTest extends FabricModelTest {
    private static final String MODEL = """
            import fabric.catalog.nvidia.*
            cluster Ib { nodes 4 x HGX_H800 scale-out InfiniBand_NDR rail-optimized { rails 8 } }
            benchmark Bench {
                %s
            }
            """;
    private static final String KERNELS = "expert-parallel low-latency tokens 128 hidden 7168 top-k 8 experts 256";

    private List<Issue> issues(String benchmark) throws Exception {
        return validation.validate(parser.parse(MODEL.formatted(benchmark)));
    }

    private void assertOne(String benchmark, String code, String message) throws Exception {
        List<Issue> all = issues(benchmark);
        List<Issue> found = all.stream().filter(i -> code.equals(i.getCode())).toList();
        assertEquals(1, found.size(), all::toString);
        assertTrue(found.get(0).getMessage().contains(message), found.get(0).getMessage());
    }

    private void assertNone(String benchmark, String code) throws Exception {
        assertEquals(List.of(), issues(benchmark).stream().filter(i -> code.equals(i.getCode())).toList());
    }

    @Test
    void shouldMapTheKernelsAndValidateWithoutIssues() throws Exception {
        Model model = parser.parse(MODEL.formatted(KERNELS + " dispatch bf16\non Ib nodes 2"));
        validation.assertNoErrors(model);
        ExpertKernelBenchmarkSpec spec = (ExpertKernelBenchmarkSpec) mapper.toStudy(model, "b.fabric").workloads()
                .get(0);
        assertEquals(16, spec.ranks());
        assertEquals(List.of(true, 128, 7168, 8, 256, false), List.of(spec.kernels().lowLatency(),
                spec.kernels().tokensPerRank(), spec.kernels().hidden(), spec.kernels().topK(),
                spec.kernels().experts(), spec.kernels().fp8Dispatch()));
        assertTrue(((ExpertKernelBenchmarkSpec) mapper.toStudy(parser.parse(MODEL.formatted(KERNELS + "\non Ib")),
                "b.fabric").workloads().get(0)).kernels().fp8Dispatch(), "dispatch is FP8 unless written");
    }

    @Test
    void shouldRejectSizesProtocolChannelsAndHarnessOnKernelsButNotOnACollective() throws Exception {
        assertOne(KERNELS + "\non Ib\nsizes 1 MiB", IssueCodes.EXPERT_KERNEL_SETTING, "remove 'sizes'");
        assertOne(KERNELS + "\non Ib\nprotocol LL", IssueCodes.EXPERT_KERNEL_SETTING, "remove 'protocol'");
        assertOne(KERNELS + "\non Ib\nchannels 8", IssueCodes.EXPERT_KERNEL_SETTING, "remove 'channels'");
        assertOne(KERNELS + "\non Ib\nharness framework-call", IssueCodes.EXPERT_KERNEL_SETTING, "remove 'harness'");
        assertNone("all-to-all\non Ib\nsizes 1 MiB\nprotocol Simple\nchannels 8\nharness framework-call",
                IssueCodes.EXPERT_KERNEL_SETTING);
    }

    @Test
    void shouldRequireSizesOnACollectiveButNotOnKernels() throws Exception {
        assertOne("all-to-all\non Ib", IssueCodes.BENCHMARK_SIZES_MISSING, "write 'sizes 1 MiB to 1 GiB'");
        assertNone(KERNELS + "\non Ib", IssueCodes.BENCHMARK_SIZES_MISSING);
    }

    @Test
    void shouldRejectExpertsThatDoNotSpreadEvenly() throws Exception {
        assertOne(KERNELS + "\non Ib nodes 3", IssueCodes.EXPERT_KERNEL_EXPERTS,
                "256 experts do not spread evenly over the benchmark's 24 accelerators");
        assertOne(KERNELS + "\non Ib accelerators 6", IssueCodes.EXPERT_KERNEL_EXPERTS, "a multiple of 6 experts");
        assertNone(KERNELS + "\non Ib accelerators 8", IssueCodes.EXPERT_KERNEL_EXPERTS);
    }

    @Test
    void shouldLeaveMoreNodesThanTheClusterHasToTheClusterCheckWithoutCrashing() throws Exception {
        // 2147483647 nodes x 8 accelerators overflows an int: the expert check must skip the benchmark that the
        // node check refuses, not throw (issue 21, found by the fuzz run).
        List<Issue> all = issues(KERNELS + "\non Ib nodes 2147483647");
        assertEquals(List.of(IssueCodes.EXCEEDS_CLUSTER), all.stream().filter(i -> i.getSeverity() == Severity.ERROR)
                .map(Issue::getCode).toList(), all::toString);
        assertOne(KERNELS + "\non Ib nodes 3", IssueCodes.EXPERT_KERNEL_EXPERTS, "24 accelerators");
    }

    @Test
    void shouldRejectTopKOutsideOneToTheExperts() throws Exception {
        String kernels = "expert-parallel normal tokens 4096 hidden 7168 top-k %d experts 32\non Ib";
        assertOne(kernels.formatted(0), IssueCodes.EXPERT_KERNEL_TOP_K, "between 1 and 32, not 0");
        assertOne(kernels.formatted(33), IssueCodes.EXPERT_KERNEL_TOP_K, "between 1 and 32, not 33");
        assertNone(kernels.formatted(32), IssueCodes.EXPERT_KERNEL_TOP_K);
    }

    @Test
    void shouldRejectZeroTokensOrHidden() throws Exception {
        assertOne("expert-parallel low-latency tokens 0 hidden 7168 top-k 8 experts 256\non Ib",
                IssueCodes.NOT_POSITIVE, "'tokens' must be at least 1");
        assertOne("expert-parallel low-latency tokens 128 hidden 0 top-k 8 experts 256\non Ib",
                IssueCodes.NOT_POSITIVE, "'hidden' must be at least 1");
        assertNone(KERNELS + "\non Ib", IssueCodes.NOT_POSITIVE);
    }

    @Test
    void shouldSayThatNoMetricOfTheKernelsCanBeExpectedYet() throws Exception {
        Model model = parser.parse(MODEL.formatted(KERNELS + "\non Ib") + """
                study Held {
                    simulate Bench
                    expect busbw 40 GB/s at 1 MiB source "DeepEP README"
                }
                """);
        List<Issue> found = validation.validate(model).stream()
                .filter(i -> IssueCodes.EXPECTATION.equals(i.getCode())).toList();
        assertEquals(1, found.size(), found::toString);
        assertTrue(found.get(0).getMessage().startsWith("Expert-parallel benchmark runs do not report busbw; no metric"
                + " of theirs can be expected yet: state the published figure in a comment."), found.get(0).getMessage());
    }
}
