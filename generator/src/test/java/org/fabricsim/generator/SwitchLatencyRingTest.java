package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A switch's port-to-port {@code latency} L reaches a collective's result: a ring all-reduce of N ranks on
 * one switch takes 2(N − 1) latency-paying steps, each crossing the switch once (up the sender's cable,
 * through the switch, down the receiver's), so it lasts exactly 2(N − 1)·L longer than on the same switch
 * stating none; with an ideal harness (no NCCL step latencies) nothing else moves.
 */
class SwitchLatencyRingTest {
    private static final String MODEL = """
            package switchlatency
            import fabric.catalog.nvidia.*
            import fabric.catalog.broadcom.*
            import fabric.catalog.standards.*
            switch Flat { vendor Broadcom ports 64 x 400 Gb/s speaks RoCEv2 %s }
            nic One { vendor NVIDIA ports 1 x 400 Gb/s speaks RoCEv2 }
            node Single { accelerators 1 x H100_SXM nics 1 x One }
            cluster C {
                nodes %d x Single
                scale-out RoCEv2 single-switch { switch Flat }
            }
            benchmark Ring {
                all-reduce ring
                on C
                channels 1
                harness ideal
                sizes 64 MiB
            }
            """;

    @Test
    void shouldLengthenARingOfEightBy14SwitchCrossings(@TempDir Path dir) throws IOException {
        // N = 8, L = 600 ns: 2·7 = 14 crossings, 8.4 us.
        assertAdded(dir, 8, 8.4e-6);
    }

    @Test
    void shouldLengthenARingOf64By126SwitchCrossings(@TempDir Path dir) throws IOException {
        // N = 64, L = 600 ns: 2·63 = 126 crossings, 75.6 us.
        assertAdded(dir, 64, 75.6e-6);
    }

    private static void assertAdded(Path dir, int n, double handDerivedSeconds) throws IOException {
        double added = ringSeconds(dir, n, "latency 600 ns") - ringSeconds(dir, n, "");
        // Each of the 2(N − 1) steps rounds its end to the picosecond, in either run.
        assertEquals(handDerivedSeconds, added, 4.0 * (n - 1) * 1e-12);
    }

    private static double ringSeconds(Path dir, int n, String latency) throws IOException {
        Path file = dir.resolve("ring-" + n + (latency.isEmpty() ? "" : "-latency") + ".fabric");
        return Models.firstRowSeconds(file, MODEL.formatted(latency, n));
    }
}
