package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.testing.InjectWith;
import org.eclipse.xtext.testing.extensions.InjectionExtension;
import org.fabricsim.dsl.tests.FabricInjectorProvider;
import org.fabricsim.runtime.inference.InferenceRunner;
import org.fabricsim.runtime.result.ExpectationResult;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.PoolFeatures;
import org.fabricsim.runtime.spec.StudySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.google.inject.Inject;

/**
 * examples/deepseek-v3-serving/prefill.fabric: DeepSeek's profiled prefill rate per H800 node (62,713 input
 * tokens/s at 16K tokens per GPU and 4K prompts, as the LMSYS blog of 2025-05-05 derives it from
 * github.com/deepseek-ai/profile-data) is an {@code expect} line that holds within ±15%; the published
 * production rate, 73.7k with 56.3% prefix-cache hits, is a known miss above it (the unit run saturated
 * computes more than a production day's average), outside the line's 15% (ExampleExpectationsTest lists it) and
 * below 36% (+26.4% at the start of session 55; +31.0% with its attention at the measured power-capped rate and the
 * checkpoint served as released, on 2,000 prompts; +25.5% on the 100,000 the example samples since session 56), and
 * without the
 * cache hits the same unit computes every token and falls far short of it. decode.fabric: the published
 * 14.8k output tokens/s per decode node, a decode unit run saturated at the batch the published per-user
 * speed implies, is an {@code expect} line that holds.
 */
@ExtendWith(InjectionExtension.class)
@InjectWith(FabricInjectorProvider.class)
class DeepSeekPrefillExampleTest {
    private static final List<Path> FOLDERS = List.of(Path.of("../examples/deepseek-v3"),
            Path.of("../examples/deepseek-v3-serving"));

    @Inject
    private ModelChecks checks;

    @Test
    void shouldMeetTheProfiledPrefillRatePerNodeWithinTheServingTolerance() throws IOException {
        ExpectationResult expectation = run("ProfiledPrefillPerNode").expectation();
        System.out.printf("DeepSeek-V3 profiled prefill per node: %.0f tokens/s against 62,713 (%+.1f%%)%n",
                expectation.predicted(), 100 * expectation.error());
        assertEquals(62_713, expectation.predicted(), 0.15 * 62_713, "profiled prefill per node");
    }

    @Test
    void shouldComeOutAboveTheProductionPrefillRateWithItsCacheHits() throws IOException {
        StudyRun run = run("PrefillPerNode");
        StudySpec study = run.study();
        InferenceSpec unit = run.unit();
        ExpectationResult expectation = run.expectation();
        System.out.printf("DeepSeek-V3 prefill per node: %.0f tokens/s against 73,700 (%+.1f%%)%n",
                expectation.predicted(), 100 * expectation.error());
        assertTrue(expectation.error() > 0.15 && expectation.error() < 0.36,
                "a known miss above the production day's average, predicted " + expectation.predicted());
        InferenceSpec.Traffic traffic = unit.traffic();
        InferenceSpec cold = with(unit, unit.pools(), new InferenceSpec.Traffic(traffic.arrival(), traffic.prompt(),
                traffic.output(), traffic.requests()));
        double coldRate = prefillPerNode(cold, study.seed());
        List<InferenceSpec.Pool> sequential = unit.pools().stream().map(pool -> new InferenceSpec.Pool(pool.role(),
                pool.replicas(), pool.parallel(), pool.maxBatchTokens(), pool.maxSequences(), pool.chunkedPrefill(),
                new PoolFeatures(false, pool.features().redundantExperts(), null))).toList();
        double sequentialRate = prefillPerNode(with(unit, sequential, traffic), study.seed());
        System.out.printf("  computing every token: %.0f; without two-batch overlap: %.0f tokens/s per node%n",
                coldRate, sequentialRate);
        // computing every token, the saturated unit exceeds the published computed-only rate, 73.7k × 0.437 = 32.2k
        // (48,289 in session 49; 34,733, +7.9%, in session 48 with every expert copy crossing the fabric), and stays
        // below the profiled 62,713 at fixed 4K prompts: the lognormal's long prompts pay more attention per token
        assertTrue(coldRate > 32_200 && coldRate < 62_713, "computed-only rate per node " + coldRate);
        assertTrue(sequentialRate < expectation.predicted(), "two-batch overlap hides part of dispatch and combine");
    }

    @Test
    void shouldMeetThePublishedDecodeRatePerNodeWithTheUnitSaturated() throws IOException {
        StudyRun run = run("DecodePerNode");
        RunResult result = run.result();
        ExpectationResult expectation = run.expectation();
        @SuppressWarnings("unchecked")
        Map<String, Object> itl = (Map<String, Object>) result.metrics().get("itlSeconds");
        System.out.printf("DeepSeek-V3 decode per node: %.0f tokens/s against 14,800 (%+.1f%%), ITL p50 %.1f ms%n",
                expectation.predicted(), 100 * expectation.error(), 1e3 * ((Number) itl.get("p50")).doubleValue());
        assertEquals("decode-only", result.parameters().get("mode"));
        assertTrue(expectation.within(), "predicted " + expectation.predicted() + " tokens/s per node");
    }

    /** A study of the examples, its inference and the run of it with the study's expectations. */
    private record StudyRun(StudySpec study, InferenceSpec unit, RunResult result) {
        ExpectationResult expectation() {
            return result.expectations().get(0);
        }
    }

    /** Loads the examples (no errors), finds study {@code name} and runs its inference. */
    private StudyRun run(String name) throws IOException {
        List<XtextResource> resources = checks.loadFolders(FOLDERS);
        assertEquals(List.of(), checks.errors(resources));
        StudySpec study = checks.study(resources, name);
        InferenceSpec unit = (InferenceSpec) study.workloads().get(0);
        return new StudyRun(study, unit,
                InferenceRunner.run(unit, study.seed(), null).withExpectations(study.expectations()));
    }

    private static InferenceSpec with(InferenceSpec unit, List<InferenceSpec.Pool> pools, InferenceSpec.Traffic traffic) {
        return new InferenceSpec(unit.name(), unit.model(), unit.cluster(), unit.precision(), unit.kvCachePrecision(),
                pools, traffic, unit.slos(), unit.layerByLayerKvTransfer(), unit.kvOver(), unit.fp8Scaling());
    }

    private static double prefillPerNode(InferenceSpec spec, long seed) {
        return ((Number) InferenceRunner.run(spec, seed, null).metrics().get("prefillTokensPerSecondPerNode"))
                .doubleValue();
    }
}
