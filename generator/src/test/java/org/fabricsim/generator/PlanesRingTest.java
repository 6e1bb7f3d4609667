package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code planes 2} gives each port of a 2 x 200 Gb/s NIC its own plane, and the NIC spreads each flow evenly over both.
 * Eight single-H100 hosts under one 32-port leaf (no switch-to-switch link crossed: one plane states 'leaf 1 x Box',
 * 8 x 2 ports down and ceil(8 x 50 / 25) = 16 up, 32 of 32, as a leaf derived from the radix would take R/2 = 16 such
 * hosts, 64 ports; two planes derive R/2 = 16 hosts per leaf of each plane), efficiency 100%, NIC cables at the
 * fabric's 1 us; a ring all-reduce of S = 1 GiB runs 14 steps of S/8 = 134,217,728 B per host, NCCL's 2 channels
 * (2 × 1 NIC) half each. One plane: the NIC's 50 GB/s, 2,684,354,560 ps a step, plus 2 × 1 us of NIC cables,
 * 2,686,354,560 ps, 37,608,963,840 ps. Two planes: each channel's flow sends half its bytes through each 25 GB/s
 * port, the same 50 GB/s and the same time, under ECMP, adaptive routing and spraying alike (a NIC balances its planes
 * itself, {@code MultiPlane}). Until session 67 ECMP hashed each flow onto one plane: some ring edge sent both channels
 * through one port and every step waited for it, 14 × (S/8 / 25 GB/s + 2 us) = 75,189,927,680 ps, twice the time.
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
    void shouldGiveARingTheWholeNicOverTwoPlanesInEveryRoutingMode(@TempDir Path dir) throws IOException {
        double onePlane = seconds(dir, "leaf 1 x Box");
        assertEquals(14 * 2_686_354_560L * 1e-12, onePlane, STEP_ROUNDING_SECONDS);
        assertEquals(onePlane, seconds(dir, "planes 2"), STEP_ROUNDING_SECONDS);
        assertEquals(onePlane, seconds(dir, "planes 2 routing adaptive"), STEP_ROUNDING_SECONDS);
        assertEquals(onePlane, seconds(dir, "planes 2 routing packet-spraying"), STEP_ROUNDING_SECONDS);
    }

    private static double seconds(Path dir, String planes) throws IOException {
        Path file = dir.resolve(("ring-" + planes).replaceAll("\\W", "") + ".fabric");
        return Models.firstRowSeconds(file, MODEL.formatted(planes));
    }
}
