package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A NIC's cable is a link of its scale-out fabric, so it carries the fabric's {@code latency} (plus the NIC's own,
 * none here): on one switch, where every route is a NIC cable up and another down, the fabric's latency reaches the
 * ring as it reaches a sketch's. A ring inside the scale-up domain crosses no NIC cable and keeps its time.
 */
class NicCableLatencyRingTest {
    private static final String ONE_SWITCH = """
            package niccablelatency
            import fabric.catalog.nvidia.*
            vendor Acme
            fabric Eth { vendor Acme scope scale-out open-standard link 400 Gb/s latency %s efficiency 100 %% }
            switch Box { vendor Acme ports 8 x 400 Gb/s speaks Eth }
            nic One { vendor Acme ports 1 x 400 Gb/s speaks Eth }
            node Single { accelerators 1 x H100_SXM nics 1 x One }
            cluster C {
                nodes 8 x Single
                scale-out Eth single-switch { switch Box }
            }
            benchmark Ring { all-reduce ring on C channels 1 harness ideal sizes 64 MiB }
            """;
    /** Each of the 14 ring steps ends on a whole picosecond. */
    private static final double STEP_ROUNDING_SECONDS = 14e-12;

    @Test
    void shouldPayTheFabricsLatencyOnBothNicCablesOfEveryStepOnOneSwitch(@TempDir Path dir) throws IOException {
        // 8 hosts, one switch: 2(N − 1) = 14 steps of S/N = 64 MiB / 8 = 8,388,608 B at 50 GB/s (167.77216 us), each
        // up the sender's NIC cable and down the receiver's: 14 × (167.77216 us + 2·L).
        // L = 0: 2,348.81024 us. L = 500 ns: 2,362.81024 us, the sketch's closed form (IdealRingTest) at the same
        // latency. L = 10.5 us: + 14 × 21 us = 2,642.81024 us.
        assertEquals(2_348_810_240e-12, ringSeconds(dir, "0 ns"), STEP_ROUNDING_SECONDS);
        assertEquals(2_362_810_240e-12, ringSeconds(dir, "500 ns"), STEP_ROUNDING_SECONDS);
        assertEquals(2_642_810_240e-12, ringSeconds(dir, "10.5 us"), STEP_ROUNDING_SECONDS);
    }

    @Test
    void shouldLeaveARingInsideTheScaleUpDomainWhateverTheFabricsLatency(@TempDir Path dir) throws IOException {
        // One node of 8 H100s in one domain (Models.ringInOneNode): 14 steps of 1 GiB / 8 at 18 × 25 GB/s plus
        // 2 × 1 us of scale-up links, 4,203,662,652 ps, with the scale-out fabric's latency at 0 or 10 us.
        String nic = "ports 1 x 400 Gb/s";
        double none = Models.firstRowSeconds(dir.resolve("domain-0.fabric"), Models.ringInOneNode(
                "vendor Acme open-standard link 400 Gb/s latency 0 ns efficiency 100 %", nic, "Link switched domain 8", ""));
        assertEquals(4_203_662_652e-12, none, STEP_ROUNDING_SECONDS);
        assertEquals(none, Models.firstRowSeconds(dir.resolve("domain-10.fabric"), Models.ringInOneNode(
                "vendor Acme open-standard link 400 Gb/s latency 10 us efficiency 100 %", nic, "Link switched domain 8",
                "")));
    }

    private static double ringSeconds(Path dir, String latency) throws IOException {
        return Models.firstRowSeconds(dir.resolve(("one-switch-" + latency).replaceAll("\\W", "") + ".fabric"),
                ONE_SWITCH.formatted(latency));
    }
}
