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
     * <li>deepseek-v3-serving/prefill.fabric, PrefillPerNode, prefill-throughput: +34.7% against DeepSeek's day-6
     * production average (tolerance 15%; +26.4% before session 55 ran serving's attention at the measured power-capped
     * rate): the unit run saturated computes more than a production day's average (docs/accuracy.md, "SGLang's PD
     * deployment").</li>
     * <li>sglang-deepseek-v3-pd/prefill.fabric, PrefillPerNode1K, 2K and 4K, prefill-throughput: +16.0, +17.0 and
     * +16.2% (tolerance 15%), SGLang's default expert distribution with its published balancedness stated ({@code
     * expert-balance 0.80}; +26.9, +26.5 and +23.1% before session 54; +15.1, +15.4 and +13.2% before session 55's
     * attention rate): SGLang's communication stream grows faster than the busiest rank's share and binds its layer,
     * the model's does not (docs/accuracy.md, "The balance EPLB leaves, stated").</li>
     * </ul>
     * The 4K line held from session 54 (balance stated) to session 55 (attention at the power-capped rate).
     * The DeepSeek-V3 training step-time line, a miss from session 37 to 50 (22.2 s against 19.9 s, +11.5%), holds
     * since session 51 (18.1 s, -8.9%) with the plan DeepSeek ran: DeepEP's deduplicated dispatch, blockwise FP8 and
     * 20 communication SMs; 18.6 s (-6.7%) since session 52 states its MTP module and node-limited routing, -6.3%
     * since session 53 states its recompute policy (RMSNorm and the MLA up-projections).
     * Megatron-Core's WeakScaling16B line, a miss in session 51 (45.1% against 49.5%), holds since session 52 (47.5%,
     * -2.0 points, as its calibration row) with the calibration rows' micro-batch assumption stated in the example:
     * each replica's four sequences as one micro-batch; both PaLM lines (-6.6 and
     * -7.3 points) hold since session 52 (-1.7 and -2.6) with PaLM's parallel layers stated ({@code block parallel}).
     */
    private static final List<String> KNOWN_MISSES = List.of(
            "deepseek-v3-serving/prefill.fabric | deepseek.v3_serving.PrefillPerNode | prefill-throughput",
            "sglang-deepseek-v3-pd/prefill.fabric | sglang.deepseek_v3_pd.PrefillPerNode1K | prefill-throughput",
            "sglang-deepseek-v3-pd/prefill.fabric | sglang.deepseek_v3_pd.PrefillPerNode2K | prefill-throughput",
            "sglang-deepseek-v3-pd/prefill.fabric | sglang.deepseek_v3_pd.PrefillPerNode4K | prefill-throughput");

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
