package org.fabricsim.runtime.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A run that exhausts the heap is told what multiplies the memory of its own kind of run: a serving run its requests,
 * a training run its micro-batches and flows, a benchmark its flows.
 */
class OutOfMemoryReasonTest {
    private static final long FOUR_GIB = 4L << 30;

    @Test
    void shouldNameTheRequestsOfAServingRunAndNotTheFlowFactors() {
        String reason = OutOfMemoryReason.of("inference", FOUR_GIB);
        // 4 GiB = 4.29 GB; the suggested heap is twice the whole GiB: 8g.
        assertEquals("out of memory: the run needed more than the simulator's 4.3 GB of heap; reduce its requests"
                + " (the traffic's `requests`: every request's state is held for the whole run; a closed loop's clients"
                + " and the arrival rate set how many are in flight at once) or give it more memory"
                + " (JAVA_TOOL_OPTIONS=-Xmx8g)", reason);
        assertFalse(reason.contains("sprayed paths"), reason);
    }

    @Test
    void shouldNameTheMicroBatchesOfATrainingRun() {
        String reason = OutOfMemoryReason.of("training", FOUR_GIB);
        assertTrue(reason.contains("reduce what multiplies its schedule and its flows (micro-batches per step"), reason);
    }

    @Test
    void shouldNameTheFlowFactorsOfABenchmark() {
        assertTrue(OutOfMemoryReason.of("collective-benchmark", FOUR_GIB).contains("reduce what multiplies its flows"
                + " (nodes, channels, flows-per-peer, sprayed paths) or give it more memory"));
    }
}
