package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With ideal links ({@code efficiency 100 %}) and an ideal harness (no NCCL step latencies), a
 * sketched one-switch ring all-reduce takes the closed form T = 2(N − 1)/N · S/B + 2(N − 1)·α, where
 * α is a step's time in flight: two hops (up the sender's cable, down the receiver's) of the
 * sketch's latency (issue 20).
 */
class IdealRingTest {
    private static final String MODEL = """
            package closedform
            cluster Flat {
                nodes %s accelerators
                link 400 Gb/s latency 500 ns efficiency 100 %%
            }
            benchmark Ring {
                all-reduce ring
                on Flat
                channels 1
                harness ideal
                sizes 64 MiB
            }
            """;
    private static final double BYTES = 64 * 1024 * 1024;
    private static final double BYTES_PER_SECOND = 400e9 / 8;
    private static final double ALPHA_SECONDS = 2 * 500e-9;

    @Test
    void shouldMatchTheClosedFormOnEightAccelerators(@TempDir Path dir) throws IOException {
        // N = 8: 2·7/8 · 67,108,864 B / 50 GB/s + 14 · 1 us = 2,348.81024 us + 14 us = 2,362.81024 us.
        assertClosedForm(dir, 8, 2362.81024e-6);
    }

    @Test
    void shouldMatchTheClosedFormOnAThousandAccelerators(@TempDir Path dir) throws IOException {
        // N = 1,024: 2·1,023/1,024 · 67,108,864 B / 50 GB/s + 2,046 · 1 us = 2,681.733 12 us + 2,046 us.
        assertClosedForm(dir, 1024, 4727.73312e-6);
    }

    private static void assertClosedForm(Path dir, int n, double handDerivedSeconds) throws IOException {
        double closedForm = 2.0 * (n - 1) / n * BYTES / BYTES_PER_SECOND + 2.0 * (n - 1) * ALPHA_SECONDS;
        assertEquals(handDerivedSeconds, closedForm, 1e-15);
        // Each of the 2(N − 1) steps rounds its end up to the next picosecond at most.
        assertEquals(closedForm, ringSeconds(dir, n), 2.0 * (n - 1) * 1e-12);
    }

    /**
     * A sketch has no scale-up domain: every accelerator sends through its own NIC port on the one switch, so
     * grouping the eight into one node or two changes nothing: 2,362.81024 us, as above.
     */
    @Test
    void shouldRunTheSameRingHoweverTheSketchGroupsItsAcceleratorsIntoNodes(@TempDir Path dir) throws IOException {
        double eightNodes = ringSeconds(dir, 8);
        assertEquals(2362.81024e-6, eightNodes, 14e-12);
        assertEquals(eightNodes, ringSeconds(dir, "2 x 4"));
        assertEquals(eightNodes, ringSeconds(dir, "1 x 8"));
    }

    private static double ringSeconds(Path dir, int n) throws IOException {
        return ringSeconds(dir, n + " x 1");
    }

    private static double ringSeconds(Path dir, String nodes) throws IOException {
        return Models.firstRowSeconds(dir.resolve(("ideal-" + nodes).replaceAll("\\W", "") + ".fabric"),
                MODEL.formatted(nodes));
    }
}
