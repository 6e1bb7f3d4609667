package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A torus dimension's rate and wrap reach only the rings that run along it. On a 4 x 4 torus of single-H100
 * hosts ({@link Models#ringOfHosts}: every link 1 us, efficiency 100%), a ring all-reduce of S = 1 GiB over the
 * first four, the x line with its wrap link, is a bidirectional ring (TorusSchedules): in each of its 2 · 3 = 6
 * steps every host sends S/(2 · 4) = 134,217,728 B to each of its two x neighbours over one x link at 50 GB/s,
 * 2,684,354,560 ps, plus 1 us for the hop: 6 × 2,685,354,560 = 16,112,127,360 ps. The y links, at 50 or 10 GB/s,
 * wrapped or open, carry none of it.
 */
class TorusDimensionRingTest {
    private static final String FABRIC = "link 400 Gb/s latency 1 us";
    /** Each of the 6 ring steps ends on a whole picosecond. */
    private static final double STEP_ROUNDING_SECONDS = 6e-12;

    @Test
    void shouldLeaveARingAlongXWhateverTheRateAndWrapOfY(@TempDir Path dir) throws IOException {
        double even = seconds(dir, "torus 4 x 4 { link 50 GB/s, 50 GB/s }");
        assertEquals(6 * 2_685_354_560L * 1e-12, even, STEP_ROUNDING_SECONDS);
        assertEquals(even, seconds(dir, "torus 4 x 4 { link 50 GB/s, 10 GB/s }"));
        assertEquals(even, seconds(dir, "torus 4 x 4 wrap x { link 50 GB/s, 10 GB/s }"));
    }

    private static double seconds(Path dir, String topology) throws IOException {
        Path file = dir.resolve(("ring-" + topology).replaceAll("\\W", "") + ".fabric");
        return Models.firstRowSeconds(file, Models.ringOfHosts(FABRIC, topology, 16, "nodes 4"));
    }
}
