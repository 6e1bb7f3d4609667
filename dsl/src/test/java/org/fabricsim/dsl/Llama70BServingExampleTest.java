package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.xtext.testing.InjectWith;
import org.eclipse.xtext.testing.extensions.InjectionExtension;
import org.fabricsim.dsl.tests.FabricInjectorProvider;
import org.fabricsim.runtime.result.ExpectationResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.google.inject.Inject;

/**
 * examples/llama3-70b-serving/serving.fabric: the calibration deployments {@code Trt70B_128} and
 * {@code Trt70B_1000} (inference.csv trt-llama33-70b-h100-128-128 and -1000-1000, TensorRT-LLM's
 * published offline throughput) meet their studies' {@code expect throughput} lines, as written.
 */
@ExtendWith(InjectionExtension.class)
@InjectWith(FabricInjectorProvider.class)
class Llama70BServingExampleTest {
    private static final Path FOLDER = Path.of("../examples/llama3-70b-serving");

    @Inject
    private ModelChecks checks;

    @Test
    void shouldMeetThePublishedThroughputAt128InputAnd128OutputTokens() throws IOException {
        assertMeetsItsExpectLine("Trt70B_128Measured", 6378);
    }

    @Test
    void shouldMeetThePublishedThroughputAt1000InputAnd1000OutputTokens() throws IOException {
        assertMeetsItsExpectLine("Trt70B_1000Measured", 4205);
    }

    /** Runs study {@code name} and checks its one expect line: the published figure, met within its tolerance. */
    private void assertMeetsItsExpectLine(String name, double published) throws IOException {
        List<ExpectationResult> expectations = checks.inferenceRun(List.of(FOLDER), name).expectations();
        assertEquals(1, expectations.size(), name + " states one expect line");
        ExpectationResult expectation = expectations.get(0);
        System.out.printf("%s: %.0f tokens/s against %.0f (%+.1f%%)%n", name, expectation.predicted(), published,
                100 * expectation.error());
        assertEquals(published, expectation.spec().expected(), 0, "the expect line states the published figure");
        assertTrue(expectation.within(), name + " predicted " + expectation.predicted() + " tokens/s");
    }
}
