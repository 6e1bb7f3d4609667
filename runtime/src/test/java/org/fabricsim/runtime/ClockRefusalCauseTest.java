package org.fabricsim.runtime;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabricsim.runtime.calibration.CalibrationParameter;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.Harness;
import org.fabricsim.runtime.collective.Protocol;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.NetworkPlacement;
import org.junit.jupiter.api.Test;

/**
 * A run past the engine's clock range is refused naming the quantity that took it there, not the link rates whatever
 * the cause: here a calibration time of the runtime API (the editor bounds each at 1 s) times a count.
 */
class ClockRefusalCauseTest {
    private static final double MEGASECOND = 1e6;

    /**
     * A ring all-reduce over 16 nodes of one GPU pays NCCL's network step latency on each of its 2 × 15 = 30 steps:
     * at 10^6 s a step that is 3·10^7 s, past the clock's 9,223,372 s; its 1 MiB over 50 GB/s links takes microseconds.
     */
    @Test
    void shouldNameTheStepLatencyWhenANetworkStepOverheadOverrunsTheClock() {
        CollectiveBenchmarkSpec ring = new CollectiveBenchmarkSpec("t.Ring", TestClusters.singleSwitch(16, 1, 50e9,
                1_000_000L), 16, CollectiveOperation.ALL_REDUCE, Algorithm.RING, 1, List.of(1L << 20));
        IllegalStateException beyond = assertThrows(IllegalStateException.class, () -> new Simulator().run(ring,
                measured(Calibration.NET_STEP_OVERHEAD, MEGASECOND), 1));
        String message = beyond.getMessage();
        assertTrue(message.startsWith("the simulated time would pass the engine's clock range of 2^63 ps"), message);
        // 10^6 s and a microsecond in flight per step, 30 steps.
        assertTrue(message.contains("after 0.000 s: the collective's step latencies (the calibration profile's"
                + " collective.nvlink-step-overhead, collective.net-step-overhead or collective.nvls-step-overhead,"
                + " and the links' latencies) (1000000.000 s, 30 times (30000000.000 s)) take longer than that."
                + " Fix: state those step latencies as measured"), message);
        assertFalse(message.contains("link rates"), message);
    }

    /**
     * Under nccl-tests one thread launching 8 GPUs' kernels takes 8 launches a call: at 2·10^6 s a launch that is
     * 1.6·10^7 s, past the clock's 9,223,372 s.
     */
    @Test
    void shouldNameTheKernelLaunchWhenAThreadsLaunchesOverrunTheClock() {
        CollectiveBenchmarkSpec eightPerThread = new CollectiveBenchmarkSpec("t.Launch",
                TestClusters.singleSwitch(1, 8, 50e9, 1_000_000L), 1, 0, CollectiveOperation.ALL_REDUCE,
                Algorithm.RING, Protocol.AUTO, 0, List.of(1L << 20), List.of(), Harness.NCCL_TESTS,
                NetworkKind.MAX_MIN, NetworkPlacement.SCALE_OUT, 8);
        IllegalStateException beyond = assertThrows(IllegalStateException.class, () -> new Simulator().run(
                eightPerThread, measured(Calibration.KERNEL_LAUNCH, 2 * MEGASECOND), 1));
        assertTrue(beyond.getMessage().contains("after 0.000 s: the host's kernel launches of a call (the calibration"
                + " profile's collective.kernel-launch, once per GPU a thread drives) (2000000.000 s, 8 times"
                + " (16000000.000 s)) take longer than that. Fix: state collective.kernel-launch as measured"),
                beyond.getMessage());
    }

    /**
     * A call timed from a framework pays the host's cost once on top of its device time: 9,223,372 s of it leaves
     * the clock (2^63 − 1 ps = 9,223,372.036854775807 s) 36.85 µs, less than a 1 GiB all-reduce over 8 GPUs takes
     * (at least 2 × 7/8 GiB ÷ (50 GB/s × 0.96, the NIC efficiency) = 39.1 ms).
     */
    @Test
    void shouldNameTheFrameworkCallWhenItsHostCostOverrunsTheClock() {
        CollectiveBenchmarkSpec timedByTorch = new CollectiveBenchmarkSpec("t.Torch",
                TestClusters.singleSwitch(1, 8, 50e9, 1_000_000L), 1, 0, CollectiveOperation.ALL_REDUCE,
                Algorithm.RING, Protocol.AUTO, 0, List.of(1L << 30), List.of(), Harness.FRAMEWORK_CALL);
        IllegalStateException beyond = assertThrows(IllegalStateException.class, () -> new Simulator().run(
                timedByTorch, measured(Calibration.FRAMEWORK_CALL_OVERHEAD, 9_223_372), 1));
        assertTrue(beyond.getMessage().contains(": the host's framework calls (the calibration profile's"
                + " collective.framework-call-overhead, once per call) (9223372.000 s) take longer than that. Fix:"
                + " state collective.framework-call-overhead as measured"), beyond.getMessage());
    }

    /** The default profile with {@code name} measured at {@code seconds} (lower = value = upper, beyond its bounds). */
    private static CalibrationProfile measured(String name, double seconds) {
        List<CalibrationParameter> parameters = CalibrationProfile.defaults().parameters().stream()
                .map(p -> p.name().equals(name) ? new CalibrationParameter(p.name(), seconds, seconds, seconds,
                        p.meaning(), p.source(), p.unit()) : p)
                .toList();
        return new CalibrationProfile("t.Slow", parameters, List.of(), "2026-12-07", List.of());
    }
}
