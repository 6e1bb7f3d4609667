package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scale-up domain's switch count reaches a collective's result: a ring all-reduce of S over the eight H100s of
 * one node takes 2·7/8·S / (b·e) plus latencies, with b the rate each accelerator gets, min(450 GB/s,
 * s·64·25 GB/s / 8). Two NVSwitch3 give 400 GB/s, so the 1 GiB ring takes 450/400 = 1.125 times as long as with
 * the DGX H100's four; one gives 200 GB/s, 2.25 times; three (4.8 TB/s for 3.6 TB/s) change nothing.
 */
class ScaleUpSwitchesRingTest {
    private static final String MODEL = """
            package scaleupswitches
            import fabric.catalog.nvidia.*
            node Box { accelerators 8 x H100_SXM scale-up NVLink4 switched domain 8 %s }
            cluster OneNode { nodes 1 x Box }
            benchmark Ring { all-reduce ring on OneNode harness ideal sizes 1 GiB }
            """;
    /** The latency share of a 1 GiB ring (microseconds in about 4.8 ms) moves a ratio by under 0.2%. */
    private static final double RATIO_TOLERANCE = 2e-3;

    @Test
    void shouldSlowTheRingByTheSwitchesShare(@TempDir Path dir) throws IOException {
        double carried = ringSeconds(dir, "switches 4 x NVSwitch3");
        assertEquals(1.125, ringSeconds(dir, "switches 2 x NVSwitch3") / carried, RATIO_TOLERANCE);
        assertEquals(2.25, ringSeconds(dir, "switches 1 x NVSwitch3") / carried, RATIO_TOLERANCE);
    }

    @Test
    void shouldLeaveACarriedDomainAsIfNoCountWereWritten(@TempDir Path dir) throws IOException {
        double unstated = ringSeconds(dir, "");
        assertEquals(unstated, ringSeconds(dir, "switches 3 x NVSwitch3"));
        assertEquals(unstated, ringSeconds(dir, "switches 4 x NVSwitch3"));
    }

    private static double ringSeconds(Path dir, String switches) throws IOException {
        Path file = dir.resolve("ring-" + switches.replaceAll("\\W", "") + ".fabric");
        return Models.firstRowSeconds(file, MODEL.formatted(switches));
    }
}
