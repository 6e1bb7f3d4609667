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
    private static final String MODEL = """
            package scheduledswitch
            import fabric.catalog.nvidia.*
            vendor Acme
            fabric Eth { vendor Acme scope scale-out open-standard link 400 Gb/s latency 1 us %s routing ecmp }
            switch Box { vendor Acme ports 12 x 400 Gb/s speaks Eth %s }
            nic One { vendor Acme ports 1 x 400 Gb/s speaks Eth }
            node Single { accelerators 1 x H100_SXM nics 1 x One }
            cluster C {
                nodes 16 x Single
                scale-out Eth fat-tree { switch Box tiers 2 oversubscription 2:1 }
            }
            benchmark AllToAll { all-to-all on C harness ideal sizes 64 MiB }
            """;

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
        return Models.firstRowSeconds(file, MODEL.formatted(fabric, switchExtra));
    }
}
