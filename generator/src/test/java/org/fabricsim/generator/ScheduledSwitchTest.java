package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scheduled switch (Jericho3-AI class: request/grant virtual output queues) reaches a collective's result: plain
 * lossy Ethernet without congestion control on it runs exactly as the same fabric stating {@code
 * congestion-control scheduled} on an unscheduled switch, so an all-to-all's incasts pay the request-grant round
 * trip instead of tail drops and their timeouts, and a fabric that states no flow control stays the ideal. The
 * exchange runs on a 2:1 tree (12-port switches: 8 down, 4 up), whose uplinks the all-to-all overloads.
 */
class ScheduledSwitchTest {
    @Test
    void shouldRunAScheduledSwitchAsTheScheduledRowAndFasterThanTailDrop(@TempDir Path dir) throws IOException {
        double onScheduledSwitch = seconds(dir, "lossy congestion-control none", "scheduled");
        double statedScheduled = seconds(dir, "lossy congestion-control scheduled", "");
        double tailDrop = seconds(dir, "lossy congestion-control none", "");
        double ideal = seconds(dir, "", "");
        assertEquals(statedScheduled, onScheduledSwitch);
        assertTrue(onScheduledSwitch < tailDrop, onScheduledSwitch + " s scheduled, " + tailDrop + " s tail drop");
        // The scheduled rows run an incast at u >= 0.975 of its capacity (docs/fabric-behaviour.md: 2:1 is the
        // lowest, u(k) = kNT / ((kN + 1)T + 2F)), so the exchange lasts at most 1/0.975 of the ideal.
        assertTrue(onScheduledSwitch >= ideal && onScheduledSwitch <= ideal / 0.975,
                onScheduledSwitch + " s scheduled, " + ideal + " s ideal");
    }

    @Test
    void shouldLeaveAFabricThatStatesNoFlowControlIdealOnAScheduledSwitch(@TempDir Path dir) throws IOException {
        assertEquals(seconds(dir, "", ""), seconds(dir, "", "scheduled"));
    }

    private static double seconds(Path dir, String fabric, String switchExtra) throws IOException {
        Path file = dir.resolve(("a2a-" + fabric + "-" + switchExtra).replaceAll("[^\\w-]", "") + ".fabric");
        return Models.firstRowSeconds(file, Models.allToAllOnTwoToOneTree(fabric, switchExtra));
    }
}
