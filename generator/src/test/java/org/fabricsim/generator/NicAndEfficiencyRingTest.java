package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scale-out fabric's {@code efficiency}, a NIC's {@code latency} and its {@code pcie} host link reach a collective
 * over the network and leave one inside the scale-up domain alone. A ring all-reduce of S over N hosts on one switch
 * takes 2(N − 1) steps of S/N each, every step up the sender's NIC cable and down the receiver's: its bandwidth term
 * scales with 1/e and with 1/min(NIC rate, PCIe rate), and a NIC latency L adds 2·2(N − 1)·L.
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

    @Test
    void shouldRunANicAtItsPcieHostLinkWhenThatIsNarrower(@TempDir Path dir) throws IOException {
        // PCIe gen4 x16 carries 16 GT/s × 128/130 × 16 lanes / 8 = 31.508 GB/s per direction, under the 400 Gb/s
        // NIC's 50 GB/s: the ring's bandwidth term takes 50 / 31.508 = 1.5869 times as long. Gen5 x16 (63.0 GB/s)
        // carries the NIC: as if no PCIe were stated.
        double gen4 = seconds(dir, "efficiency 100 %", "pcie gen4 x16", "Hosts");
        double gen5 = seconds(dir, "efficiency 100 %", "pcie gen5 x16", "Hosts");
        assertEquals(50e9 / (16e9 * 128 / 130 * 16 / 8), gen4 / gen5, RATIO_TOLERANCE);
        assertEquals(seconds(dir, "efficiency 100 %", "", "Hosts"), gen5);
    }

    @Test
    void shouldLeaveARingInsideTheScaleUpDomainWhateverTheNicsPcie(@TempDir Path dir) throws IOException {
        assertEquals(seconds(dir, "", "", "Box8"), seconds(dir, "", "pcie gen3 x4", "Box8"));
    }

    private static double seconds(Path dir, String fabric, String nic, String cluster) throws IOException {
        Path file = dir.resolve(("ring-" + fabric + nic + cluster).replaceAll("\\W", "") + ".fabric");
        return Models.firstRowSeconds(file, MODEL.formatted(fabric, nic, cluster));
    }
}
