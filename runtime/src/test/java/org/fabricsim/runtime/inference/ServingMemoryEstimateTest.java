package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Locale;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.study.InfeasibleRunException;
import org.junit.jupiter.api.Test;

/**
 * A serving run's requests are estimated before it runs ({@link ServingMemoryEstimate}): the count matches the
 * per-request arrays counted by hand, a run whose requests cannot fit this JVM's heap is refused before anything is
 * drawn, and a normal run is not.
 */
class ServingMemoryEstimateTest {
    /**
     * Hand count, by element type, of the arrays of one request live when the metrics are gathered: longs and doubles
     * 1 (stream arrival) + 9 (table times) + 2 (clock join and finish) + 9 (metrics: 4 completed longs, 1 ITL double,
     * 3 sorted-seconds doubles, 1 spare long) = 21 × 8 B = 168 B; ints 2 (stream prompt and output) + 10 (table) + 1
     * (clock heap position) + 2 (running-list links) = 15 × 4 B = 60 B; 228 B.
     */
    private static final long HAND_COUNTED_BYTES_PER_REQUEST = 21 * 8 + 15 * 4;

    @Test
    void shouldEstimateASmallRunAsItsPerRequestArraysCountedByHand() {
        ServingMemoryEstimate poisson = ServingMemoryEstimate.of(deployment(new InferenceSpec.Poisson(4), 1000));
        assertEquals(1000, poisson.requests());
        assertEquals(HAND_COUNTED_BYTES_PER_REQUEST, poisson.bytesPerRequest());
        assertEquals(ServingMemoryEstimate.FIXED_BYTES + 1000 * HAND_COUNTED_BYTES_PER_REQUEST, poisson.bytes());
        // All at once: every request also waits in a slot's queue at time zero, an int more each.
        ServingMemoryEstimate queued = ServingMemoryEstimate.of(deployment(new InferenceSpec.AllAtOnce(), 1000));
        assertEquals(HAND_COUNTED_BYTES_PER_REQUEST + 4, queued.bytesPerRequest());
        // A trace's rows bound its requests: none are counted.
        assertEquals(0, ServingMemoryEstimate.of(deployment(new InferenceSpec.Trace("t.csv"), 1000)).requests());
    }

    @Test
    void shouldCountEveryPerRequestArrayOfTheRequestTable() {
        // 10 int and 9 long arrays, each one entry per request (RequestTable's constructor): 112 B of the 228.
        int ints = 0;
        int longs = 0;
        for (Field field : RequestTable.class.getDeclaredFields()) {
            if (!Modifier.isStatic(field.getModifiers())) {
                ints += field.getType() == int[].class ? 1 : 0;
                longs += field.getType() == long[].class ? 1 : 0;
            }
        }
        assertEquals(10, ints);
        assertEquals(9, longs);
    }

    @Test
    void shouldRefuseARunWhoseRequestsCannotFitTheHeapBeforeDrawingThem() {
        long heap = Runtime.getRuntime().maxMemory();
        int requests = (int) Math.min(Integer.MAX_VALUE, heap / HAND_COUNTED_BYTES_PER_REQUEST + 1);
        InferenceSpec huge = deployment(new InferenceSpec.Poisson(4), requests);
        long startNanos = System.nanoTime();
        InfeasibleRunException refused = assertThrows(InfeasibleRunException.class, () -> InferenceRunner.run(huge));
        assertTrue(System.nanoTime() - startNanos < 1_000_000_000L, "refused at once, not after drawing the requests");
        String expected = String.format(Locale.ROOT, "the largest factor is %,d requests, about %d B each. Fix: lower"
                + " `requests` in its traffic, or give the simulator more memory (JAVA_TOOL_OPTIONS=-Xmx", requests,
                HAND_COUNTED_BYTES_PER_REQUEST);
        assertTrue(refused.getMessage().startsWith("inference t.Small would hold the state of"), refused.getMessage());
        assertTrue(refused.getMessage().contains(expected), refused.getMessage());
        // In a study the run fails as infeasible and is reported, as the graph and flow-class refusals are.
        StudyResult study = new Simulator().run(new StudySpec("t", "t.fabric", List.of(huge)));
        assertFalse(study.runs().get(0).succeeded());
        assertTrue(study.runs().get(0).error().startsWith("infeasible: inference t.Small would hold"),
                study.runs().get(0).error());
    }

    @Test
    void shouldRunANormalServingRun() {
        InferenceSpec normal = deployment(new InferenceSpec.Poisson(4), 100);
        assertTrue(ServingMemoryEstimate.of(normal).fits(Runtime.getRuntime().maxMemory()));
        RunResult run = InferenceRunner.run(normal);
        assertEquals(100, run.metrics().get("completedRequests"));
    }

    /** Llama 3 8B on one H100 (BF16 weights, FP8 KV cache): 2,000-token prompts, 100-token answers. */
    private static InferenceSpec deployment(InferenceSpec.Arrival arrival, int requests) {
        return new InferenceSpec("t.Small", ServingFixtures.LLAMA3_8B, ServingFixtures.dgxH100(1, 0), Precision.BF16,
                Precision.FP8, List.of(ServingFixtures.pool(Role.SERVING, 1, ServingFixtures.tensor(1), 4096, 32, 0)),
                ServingFixtures.fixed(arrival, 2000, 100, requests), List.of(), false);
    }
}
