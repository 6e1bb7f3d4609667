package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.eclipse.xtext.testing.InjectWith;
import org.eclipse.xtext.testing.extensions.InjectionExtension;
import org.fabricsim.dsl.tests.FabricInjectorProvider;
import org.fabricsim.runtime.result.ExpectationResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.google.inject.Inject;

/**
 * examples/sglang-deepseek-v3-pd: SGLang's published per-node rates of its PD-disaggregated DeepSeek-V3
 * deployment on H100 (validation/reference/serving-pools.csv) are the studies' {@code expect} lines, each
 * stating the row's figure. The decode pool and the prefill pool under perfect EPLB (random expert selection,
 * the routing the model takes when no balance is stated) meet theirs within the serving tolerance, ±15%. The
 * prefill rows with SGLang's default expert distribution state its published balancedness with EPLB at 32 GPUs,
 * 0.80 ({@code expert-balance}), and all three hold since session 55 (+12.0, +13.2, +12.7%): the checkpoint served
 * as released (the shared model's compressed query, blockwise FP8 GEMMs), DeepEP's normal kernels beside the other
 * micro-batch's GEMMs at the clock the power cap leaves them ({@code TwoBatchOverlap}) and attention at the measured
 * power-capped rate; the 1K and 2K rows missed just above the tolerance before (+15.1, +15.4%; docs/accuracy.md,
 * "DeepSeek-V3's query compression", "The exchange beside the GEMMs").
 */
@ExtendWith(InjectionExtension.class)
@InjectWith(FabricInjectorProvider.class)
class SglangDeepSeekPdExampleTest {
    private static final List<Path> FOLDERS = List.of(Path.of("../examples/deepseek-v3"),
            Path.of("../examples/sglang-deepseek-v3-pd"));
    private static final Path REFERENCE = Path.of("../validation/reference/serving-pools.csv");
    private static final double SERVING_TOLERANCE = 0.15;

    @Inject
    private ModelChecks checks;

    @Test
    void shouldMeetThePublishedDecodeRatePerNodeWithinTheServingTolerance() throws IOException {
        ExpectationResult expectation = run("DecodePerNode", "sglang-dsv3-h100-decode-2k");
        assertTrue(Math.abs(expectation.error()) <= SERVING_TOLERANCE, "decode error " + expectation.error());
    }

    @Test
    void shouldMeetThePerfectEplbPrefillRatePerNodeWithinTheServingTolerance() throws IOException {
        ExpectationResult expectation = run("PrefillPerNode4KPerfectEplb", "sglang-dsv3-h100-prefill-4k-perfect-eplb");
        assertTrue(Math.abs(expectation.error()) <= SERVING_TOLERANCE, "prefill error " + expectation.error());
    }

    @Test
    void shouldMeetEveryDefaultDistributionPrefillRateWithSglangsPublishedBalancedness() throws IOException {
        Map<String, String> studies = Map.of("PrefillPerNode1K", "sglang-dsv3-h100-prefill-1k", "PrefillPerNode2K",
                "sglang-dsv3-h100-prefill-2k", "PrefillPerNode4K", "sglang-dsv3-h100-prefill-4k");
        for (Map.Entry<String, String> study : studies.entrySet()) {
            ExpectationResult expectation = run(study.getKey(), study.getValue());
            assertTrue(Math.abs(expectation.error()) <= SERVING_TOLERANCE,
                    study.getKey() + " prefill error " + expectation.error());
        }
    }

    /**
     * Runs study {@code name}, checks that its one expect line states {@code row}'s published figure, and prints the
     * comparison.
     */
    private ExpectationResult run(String name, String row) throws IOException {
        List<ExpectationResult> expectations = checks.inferenceRun(FOLDERS, name).expectations();
        assertEquals(1, expectations.size(), name + " states one expect line");
        ExpectationResult expectation = expectations.get(0);
        double published = published(row);
        System.out.printf("%s (%s): %.0f tokens/s per node against %.0f (%+.1f%%)%n", name, row,
                expectation.predicted(), published, 100 * expectation.error());
        assertEquals(published, expectation.spec().expected(), 0, "the expect line states the published figure");
        return expectation;
    }

    /** The tokens_per_second_per_node of {@code row} in serving-pools.csv (the figure is the row's last number before its notes). */
    private static double published(String row) throws IOException {
        for (String line : Files.readAllLines(REFERENCE, StandardCharsets.UTF_8)) {
            if (line.startsWith("\"") && line.contains("\"," + row + ",")) {
                String[] tail = line.substring(0, line.lastIndexOf(",\"")).split(",");
                return Double.parseDouble(tail[tail.length - 1]);
            }
        }
        throw new AssertionError("no row " + row + " in " + REFERENCE);
    }
}
