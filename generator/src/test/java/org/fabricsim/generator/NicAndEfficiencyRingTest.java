package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scale-out fabric's {@code efficiency} and a NIC's {@code latency} reach a collective over the network and
 * leave one inside the scale-up domain alone. A ring all-reduce of S over N hosts on one switch takes 2(N − 1)
 * steps of S/N each, every step up the sender's NIC cable and down the receiver's: its bandwidth term scales with
 * 1/e, and a NIC latency L adds 2·2(N − 1)·L.
 */
class NicAndEfficiencyRingTest {
    private static final String MODEL = """
            package nicefficiency
            import fabric.catalog.nvidia.*
            vendor Acme
            fabric Eth { vendor Acme scope scale-out open-standard link 400 Gb/s latency 1 us %s }
            switch Box { vendor Acme ports 64 x 400 Gb/s speaks Eth }
            nic One { vendor Acme ports 1 x 400 Gb/s speaks Eth %s }
            node Single { accelerators 1 x H100_SXM nics 1 x One }
            node Eight { accelerators 8 x H100_SXM scale-up NVLink4 switched domain 8 nics 8 x One rail-aligned }
            cluster Hosts {
                nodes 8 x Single
                scale-out Eth single-switch { switch Box }
            }
            cluster Box8 {
                nodes 1 x Eight
                scale-out Eth single-switch { switch Box }
            }
            benchmark Ring { all-reduce ring on %s harness ideal sizes 1 GiB }
            """;
    /** The latency share of a 1 GiB ring (tens of microseconds in about 40 ms) moves a ratio by under 0.2%. */
    private static final double RATIO_TOLERANCE = 2e-3;

    @Test
    void shouldTakeTwiceAsLongAtHalfTheFabricsEfficiency(@TempDir Path dir) throws IOException {
        double half = seconds(dir, "efficiency 50 %", "", "Hosts");
        assertEquals(2.0, half / seconds(dir, "efficiency 100 %", "", "Hosts"), RATIO_TOLERANCE);
    }

    @Test
    void shouldLeaveARingInsideTheScaleUpDomainWhateverTheScaleOutEfficiency(@TempDir Path dir) throws IOException {
        assertEquals(seconds(dir, "efficiency 100 %", "", "Box8"), seconds(dir, "efficiency 50 %", "", "Box8"));
    }

    @Test
    void shouldPayTheNicLatencyOnBothCablesOfEveryStep(@TempDir Path dir) throws IOException {
        // N = 8: 2·7 = 14 steps, two NIC cables each: 28 × 5 us = 140 us.
        double added = seconds(dir, "", "latency 5 us", "Hosts") - seconds(dir, "", "", "Hosts");
        // Each of the 14 steps rounds its end to the picosecond, in either run.
        assertEquals(140e-6, added, 4 * 14 * 1e-12);
    }

    private static double seconds(Path dir, String fabric, String nic, String cluster) throws IOException {
        Path file = dir.resolve(("ring-" + fabric + nic + cluster).replaceAll("\\W", "") + ".fabric");
        return Models.firstRowSeconds(file, MODEL.formatted(fabric, nic, cluster));
    }
}
