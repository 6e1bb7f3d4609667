package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.study.InfeasibleRunException;
import org.fabricsim.runtime.study.StudyRunner;
import org.fabricsim.runtime.study.Variations;
import org.junit.jupiter.api.Test;

/**
 * {@code vary rate}: the Poisson arrival rate of a deployment, and only of Poisson arrivals; {@code vary clients}: the
 * concurrency of a closed loop, and only of a closed loop.
 */
class ArrivalRateVariationTest {

    @Test
    void shouldSetThePoissonRateAndKeepEverythingElse() {
        InferenceSpec written = deployment(new InferenceSpec.Poisson(4), 100);
        InferenceSpec varied = (InferenceSpec) Variations.apply(written, Parameter.RATE, 0.5);
        assertEquals(new InferenceSpec.Poisson(0.5), varied.traffic().arrival());
        assertEquals(written.traffic().prompt(), varied.traffic().prompt());
        assertEquals(written.traffic().requests(), varied.traffic().requests());
        assertEquals(written.pools(), varied.pools());
        assertEquals(Precision.FP8, varied.kvCachePrecision());
    }

    @Test
    void shouldRefuseARateForRequestsThatArriveAllAtOnce() {
        InferenceSpec offline = deployment(new InferenceSpec.AllAtOnce(), 100);
        InfeasibleRunException e = assertThrows(InfeasibleRunException.class,
                () -> Variations.apply(offline, Parameter.RATE, 2.0));
        assertTrue(e.getMessage().contains("all at once"), e.getMessage());
    }

    @Test
    void shouldRefuseARateForATrace() {
        InferenceSpec replayed = deployment(new InferenceSpec.Trace("requests.csv"), 100);
        InfeasibleRunException e = assertThrows(InfeasibleRunException.class,
                () -> Variations.apply(replayed, Parameter.RATE, 2.0));
        assertTrue(e.getMessage().contains("requests.csv"), e.getMessage());
    }

    @Test
    void shouldRefuseARateThatIsNotPositive() {
        InferenceSpec written = deployment(new InferenceSpec.Poisson(4), 100);
        assertThrows(InfeasibleRunException.class, () -> Variations.apply(written, Parameter.RATE, 0L));
    }

    @Test
    void shouldKeepTheKvCachePrecisionWhenVaryingTheCapacityFactor() {
        InferenceSpec written = deployment(new InferenceSpec.Poisson(4), 100);
        InferenceSpec varied = (InferenceSpec) Variations.apply(written, Parameter.CAPACITY_FACTOR, 1.25);
        assertEquals(Precision.FP8, varied.kvCachePrecision());
    }

    @Test
    void shouldRaiseTtftP99AsTheRateApproachesSaturation() {
        StudySpec study = new StudySpec("t", "t.fabric", "t.Load", List.of(deployment(new InferenceSpec.Poisson(1), 300)),
                List.of(new VariationSpec(Parameter.RATE, List.of(10.0, 20.0, 40.0))), List.of(), List.of(), 1);
        StudyResult result = new StudyRunner(new Simulator()::run, 1, StudyRunner.Progress.NONE).run(study);
        double previous = 0;
        for (RunResult run : result.runs()) {
            assertTrue(run.succeeded(), run.name() + ": " + run.error());
            double ttftP99 = p99(run, "ttftSeconds");
            assertTrue(ttftP99 > previous, run.name() + ": TTFT p99 " + ttftP99 + " s, not above " + previous + " s");
            previous = ttftP99;
        }
    }

    @Test
    void shouldSetTheClosedLoopsClientsAndKeepEverythingElse() {
        InferenceSpec written = deployment(new InferenceSpec.ClosedLoop(16), 100);
        InferenceSpec varied = (InferenceSpec) Variations.apply(written, Parameter.CLIENTS, 64L);
        assertEquals(new InferenceSpec.ClosedLoop(64), varied.traffic().arrival());
        assertEquals(written.traffic().requests(), varied.traffic().requests());
        assertEquals(written.pools(), varied.pools());
    }

    @Test
    void shouldRefuseClientsForPoissonArrivals() {
        InferenceSpec open = deployment(new InferenceSpec.Poisson(4), 100);
        InfeasibleRunException e = assertThrows(InfeasibleRunException.class,
                () -> Variations.apply(open, Parameter.CLIENTS, 8L));
        assertTrue(e.getMessage().contains("as a Poisson process of 4 /s"), e.getMessage());
        assertThrows(InfeasibleRunException.class,
                () -> Variations.apply(deployment(new InferenceSpec.ClosedLoop(1), 100), Parameter.CLIENTS, 0L));
    }

    /**
     * One client sends its next request when its last completes, so its 40 requests run one after the other: the
     * makespan is the sum of their end-to-end times, 40 × the mean. Four clients overlap theirs: each sends 10, so the
     * makespan is at least 40 × their (longer, batched) mean ÷ 4 and below the one client's.
     */
    @Test
    void shouldRunOneClientsRequestsBackToBackAndOverlapFoursRequests() {
        StudySpec study = new StudySpec("t", "t.fabric", "t.Concurrency",
                List.of(deployment(new InferenceSpec.ClosedLoop(2), 40)),
                List.of(new VariationSpec(Parameter.CLIENTS, List.of(1L, 4L))), List.of(), List.of(), 1);
        List<RunResult> runs = new StudyRunner(new Simulator()::run, 1, StudyRunner.Progress.NONE).run(study).runs();
        for (RunResult run : runs) {
            assertTrue(run.succeeded(), run.name() + ": " + run.error());
        }
        double oneMakespan = (Double) runs.get(0).metrics().get("makespanSeconds");
        assertEquals(40 * mean(runs.get(0), "e2eSeconds"), oneMakespan, 1e-6 * oneMakespan);
        double fourMakespan = (Double) runs.get(1).metrics().get("makespanSeconds");
        assertTrue(fourMakespan >= 40 * mean(runs.get(1), "e2eSeconds") / 4 * (1 - 1e-6), fourMakespan + " s");
        assertTrue(fourMakespan < oneMakespan, fourMakespan + " s against " + oneMakespan + " s");
    }

    /** Llama 3 8B on one H100 (BF16 weights, FP8 KV cache): 2,000-token prompts, 100-token answers. */
    private static InferenceSpec deployment(InferenceSpec.Arrival arrival, int requests) {
        return new InferenceSpec("t.Small", ServingFixtures.LLAMA3_8B, ServingFixtures.dgxH100(1, 0), Precision.BF16,
                Precision.FP8, List.of(ServingFixtures.pool(Role.SERVING, 1, ServingFixtures.tensor(1), 4096, 32, 0)),
                ServingFixtures.fixed(arrival, 2000, 100, requests), List.of(), false);
    }

    @SuppressWarnings("unchecked")
    private static double p99(RunResult run, String key) {
        return ((Map<String, Double>) run.metrics().get(key)).get("p99");
    }

    @SuppressWarnings("unchecked")
    private static double mean(RunResult run, String key) {
        return ((Map<String, Double>) run.metrics().get(key)).get("mean");
    }
}
