package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code planes 2} gives each port of a 2 x 200 Gb/s NIC its own plane, and each flow one plane. Eight single-H100
 * hosts under one 32-port leaf (no switch-to-switch link crossed: one plane states 'leaf 1 x Box', 8 x 2 ports down
 * and ceil(8 x 50 / 25) = 16 up, 32 of 32, as a leaf derived from the radix would take R/2 = 16 such hosts, 64 ports;
 * two planes derive R/2 = 16 hosts per leaf of each plane), efficiency 100%, NIC cables at the
 * fabric's 1 us; a ring all-reduce of S = 1 GiB runs 14 steps of S/8 = 134,217,728 B per host, NCCL's 2 channels
 * (2 × 1 NIC) half each. One plane: the NIC's 50 GB/s, 2,684,354,560 ps a step, plus 2 × 1 us of NIC cables,
 * 2,686,354,560 ps, 37,608,963,840 ps. Two planes under adaptive routing or spraying: the two channels take both 25
 * GB/s ports, the same 50 GB/s and the same time. Under ECMP each flow's plane is hashed: the 8 ring edges split
 * their two channels over both planes together with probability 2^−8, so some edge sends both through one 25 GB/s
 * port and every step waits for it: 14 × (S/8 / 25 GB/s + 2 us) = 14 × 5,370,709,120 ps = 75,189,927,680 ps.
 */
class PlanesRingTest {
    private static final String MODEL = """
            package planering
            import fabric.catalog.nvidia.*
            vendor Acme
            fabric Eth { vendor Acme scope scale-out open-standard link 200 Gb/s latency 1 us efficiency 100 %% }
            switch Box { vendor Acme ports 32 x 200 Gb/s speaks Eth }
            nic Two { vendor Acme ports 2 x 200 Gb/s speaks Eth }
            node Single { accelerators 1 x H100_SXM nics 1 x Two }
            cluster C {
                nodes 8 x Single
                scale-out Eth fat-tree { switch Box tiers 2 %s }
            }
            benchmark Ring { all-reduce ring on C harness ideal sizes 1 GiB }
            """;
    /** Each of the 14 ring steps ends on a whole picosecond. */
    private static final double STEP_ROUNDING_SECONDS = 14e-12;

    @Test
    void shouldGiveARingTheWholeNicOverTwoPlanesUnderAdaptiveRoutingOrSpraying(@TempDir Path dir)
            throws IOException {
        double onePlane = seconds(dir, "leaf 1 x Box");
        assertEquals(14 * 2_686_354_560L * 1e-12, onePlane, STEP_ROUNDING_SECONDS);
        assertEquals(onePlane, seconds(dir, "planes 2 routing adaptive"));
        assertEquals(onePlane, seconds(dir, "planes 2 routing packet-spraying"));
    }

    @Test
    void shouldSlowARingTwofoldWhereEcmpHashesBothChannelsOfAnEdgeOntoOnePlane(@TempDir Path dir) throws IOException {
        assertEquals(14 * 5_370_709_120L * 1e-12, seconds(dir, "planes 2"), STEP_ROUNDING_SECONDS);
    }

    private static double seconds(Path dir, String planes) throws IOException {
        Path file = dir.resolve(("ring-" + planes).replaceAll("\\W", "") + ".fabric");
        return Models.firstRowSeconds(file, MODEL.formatted(planes));
    }
}
