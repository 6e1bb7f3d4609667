package org.fabricsim.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.fabricsim.examples.ExamplePrograms.Program;
import org.fabricsim.examples.ExamplePrograms.Run;
import org.fabricsim.runtime.result.ExpectationResult;
import org.fabricsim.runtime.spec.ExpectationSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.junit.jupiter.api.Test;

/**
 * Every {@code expect} line of the examples, held by the runs of {@link GeneratedProgramsTest} (the same runs: each
 * program is simulated once): a line holds when every run of its study is within the line's own tolerance. A run
 * that fails holds none of its study's lines.
 */
class ExampleExpectationsTest {
    /** An {@code expect} line in a model file; comment lines start with {@code //}. */
    private static final Pattern EXPECT_LINE = Pattern.compile("(?m)^\\s*expect\\s");

    /**
     * The lines some run misses, as {@code file | run | metric}, each a finding (docs/accuracy.md, "The examples'
     * expect lines"); the test fails when one joins or leaves.
     * <ul>
     * <li>deepseek-v3-serving/prefill.fabric, PrefillPerNode, prefill-throughput: about +27% against DeepSeek's day-6
     * production average (tolerance 15%; +31.0% since session 55 on 2,000 prompts, +26.8% on the 100,000 the example
     * samples since session 56): the unit run saturated computes more than a production day's average
     * (docs/accuracy.md, "SGLang's PD deployment").</li>
     * </ul>
     * SGLang's 1K and 2K prefill lines (default expert distribution, {@code expert-balance 0.80}) missed until session
     * 55 (+15.1 and +15.4%; +26.9 and +26.5% before session 54); they hold since the shared model states MLA's query
     * compression and the deployments the checkpoint's blockwise FP8, with the exchange beside the GEMMs at the
     * power-capped clock and attention at the power-capped rate (+12.0 and +13.2%). The 4K line of the same pool
     * holds since session 54 (+23.1% before, +12.7% since session 55).
     * The DeepSeek-V3 training step-time line, a miss from session 37 to 50 (22.2 s against 19.9 s, +11.5%), holds
     * since session 51 (18.1 s, -8.9%) with the plan DeepSeek ran: DeepEP's deduplicated dispatch, blockwise FP8 and
     * 20 communication SMs; 18.6 s (-6.7%) since session 52 states its MTP module and node-limited routing, -6.3%
     * since session 53 states its recompute policy (RMSNorm and the MLA up-projections); since session 55 DualPipe
     * exposes the all-to-all of its unpaired chunks and the model states the compressed query: 18.4 s (-7.7%), and
     * its paired exchange runs at the capped clock: 18.5 s (-7.3%). It misses again since session 67 (17.6 s, -11.7%):
     * DeepEP's network copies stay on their rail (DeepSeek-V3 §3.2.2), so the dispatch runs at the NIC bound (2.15 ms
     * a layer, DeepEP's 51 GB/s) instead of 3.40 ms behind spine collisions, which had covered the model's F&B pair
     * being 7.4% short of DeepSeek's profile (docs/accuracy.md, "Exposed EP against routing skew"). It holds again
     * since session 69 (17.9 s, -9.9%): the 20 communication SMs are dedicated for the whole F&B pair, so its MoE
     * layers compute on the 112 left, as the profile's GEMM grids show (docs/accuracy.md, "DeepSeek-V3 training,
     * session 69").
     * Megatron-Core's WeakScaling16B line, a miss in session 51 (45.1% against 49.5%), holds since session 52 (47.5%,
     * -2.0 points, as its calibration row) with the calibration rows' micro-batch assumption stated in the example:
     * each replica's four sequences as one micro-batch; both PaLM lines (-6.6 and
     * -7.3 points) hold since session 52 (-1.7 and -2.6) with PaLM's parallel layers stated ({@code block parallel}).
     */
    private static final List<String> KNOWN_MISSES = List.of(
            "deepseek-v3-serving/prefill.fabric | deepseek.v3_serving.PrefillPerNode | prefill-throughput");

    @Test
    void shouldHoldEveryExampleExpectationOutsideTheKnownMisses() throws IOException {
        List<String> misses = new ArrayList<>();
        Set<String> filesHeld = new TreeSet<>();
        System.out.println("Example expectations, predicted against the published figure:");
        for (Path source : ExamplePrograms.sources()) {
            Program program = ExamplePrograms.run(source);
            StudySpec study = program.study();
            if (study.expectations().isEmpty()) {
                continue;
            }
            filesHeld.add(study.source());
            for (Run run : program.runs()) {
                if (run.error() != null) {
                    for (ExpectationSpec spec : study.expectations()) {
                        System.out.printf(Locale.ROOT, "MISSES %s | %s | %s: the run failed: %s%n", study.source(),
                                run.name(), spec.metric(), run.error());
                        misses.add(label(study, run, spec));
                    }
                }
                for (ExpectationResult expectation : run.expectations()) {
                    System.out.printf(Locale.ROOT, "%-6s %s | %s | %s: expected %s, predicted %s, error %s, tolerance %s%n",
                            expectation.within() ? "holds" : "MISSES", study.source(), run.name(),
                            expectation.spec().metric(), expectation.spec().expected(), expectation.predicted(),
                            expectation.error(), expectation.spec().tolerance());
                    if (!expectation.within()) {
                        misses.add(label(study, run, expectation.spec()));
                    }
                }
            }
        }
        assertEquals(filesWithExpectLines(), filesHeld, "model files whose expect lines the generated programs hold");
        assertEquals(new TreeSet<>(KNOWN_MISSES), new TreeSet<>(misses), "example expect lines that some run misses");
    }

    private static String label(StudySpec study, Run run, ExpectationSpec spec) {
        return study.source() + " | " + run.name() + " | " + spec.metric();
    }

    /** The model files under the examples (this module's folder) that state an {@code expect} line. */
    private static Set<String> filesWithExpectLines() throws IOException {
        Path examples = Path.of("");
        Set<String> files = new TreeSet<>();
        try (Stream<Path> walk = Files.walk(examples)) {
            for (Path file : walk.filter(p -> p.toString().endsWith(".fabric")).toList()) {
                if (EXPECT_LINE.matcher(Files.readString(file)).find()) {
                    files.add(examples.relativize(file).toString());
                }
            }
        }
        return files;
    }
}
