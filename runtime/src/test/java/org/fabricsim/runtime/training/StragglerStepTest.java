package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ReliabilitySpec;
import org.junit.jupiter.api.Test;

/** Stragglers re-simulated in the engine, on the job of {@link DegradedFabricStepTest}. */
class StragglerStepTest {

    private static ReliabilitySpec straggler(double speed, boolean link) {
        return new ReliabilitySpec("t.R", List.of(), 1800, 60, 600, 0, 0, 0.1, speed, 0, link);
    }

    private static Map<String, Object> metrics(ReliabilitySpec reliability) {
        RunResult run = TrainingSimulator.run(DegradedFabricStepTest.job(reliability));
        return run.metrics();
    }

    private static double exposed(Map<String, Object> metrics, String axis) {
        return (Double) ((Map<?, ?>) metrics.get("exposedCommunicationSeconds")).get(axis);
    }

    private static double straggled(Map<String, Object> metrics) {
        return (Double) ((Map<?, ?>) metrics.get("straggler")).get("stepTimeSeconds");
    }

    @Test
    void shouldSlowEveryTransferThroughAHalfSpeedNicCable() {
        // Accelerator 0's NIC cable at half its rate. Its CP ring transfers (to the next node on its
        // leaf) and its DP ring transfer (across to the other leaf) now leave at L/2 while every
        // other one still gets L (its leaf's 4 uplinks carry 3.5 L of 4 L), and each ring step ends
        // with its slowest transfer: the transfer parts of the CP and DP times double, TP stays inside
        // the node, compute is untouched. The ring steps pay the scale-out step latency o each: CP 4
        // all-gathers K/V in 3 steps forward and, backward, gathers them again and reduce-scatters dK/dV
        // in 3 + 3, in each of 2 layers (18), DP 2 reduces in 2 (a reduce-scatter and an all-gather).
        // So Ts − T = cp + dp − 20 o.
        Map<String, Object> m = metrics(straggler(0.5, true));
        double step = (Double) m.get("stepTimeSeconds");
        double transfers = exposed(m, "cp") + exposed(m, "dp") - 20 * DegradedFabricStepTest.SCALE_OUT_STEP_SECONDS;
        assertEquals(transfers, straggled(m) - step, 0.005 * transfers);
        assertEquals("link", ((Map<?, ?>) m.get("straggler")).get("part"));
    }

    @Test
    void shouldStretchTheStepByTheComputeOfTheSlowAcceleratorOnly() {
        // With one pipeline stage the slow accelerator's TP group, and through the DP reduction every
        // replica, waits for its compute: Ts = T + (1/v − 1) W with W the step's compute, its
        // communication and optimizer unchanged. So the stretch at v = 1/2 (1/v − 1 = 1) is twice
        // that at v = 2/3 (1/v − 1 = 1/2), and W < T − exposed communication.
        Map<String, Object> half = metrics(straggler(0.5, false));
        Map<String, Object> twoThirds = metrics(straggler(2.0 / 3, false));
        double step = (Double) half.get("stepTimeSeconds");
        double stretch = straggled(half) - step;
        assertEquals(stretch, 2 * (straggled(twoThirds) - step), 1e-9 * step);
        double exposedCommunication = (Double) half.get("exposedCommunicationFraction") * step;
        assertTrue(stretch > 0 && stretch < step - exposedCommunication, stretch + " of " + step);
        assertEquals(1 - 0.1 * (1 - step / straggled(half)),
                (Double) ((Map<?, ?>) half.get("straggler")).get("throughputFactor"), 1e-12);
    }
}
