package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fabric's {@code bit-error-rate} reaches the flow model as the goodput its resends leave, the closed forms
 * PacketLossRecoveryTest holds the packet backend to. Two hosts on one switch, links of 100 Gb/s (12.5 GB/s) and
 * 1 µs, BER 1.5e-7: a 4,158 B packet (33,264 bits) is corrupted on a link with p₁ = 1 − e^(−0.0049896) = 0.0049772
 * and lost on the two-link route with p = 1 − (1 − p₁)² = 0.0099296. Selective repeat keeps 1 − p = 0.990070, so
 * a 1 GiB ring takes 1.010029 times as long; go-back-N rewinds M = ⌈(3T + 4 µs + 2·64 B / 12.5 GB/s) / T⌉ =
 * ⌈15.056⌉ = 16 slots of T = 332,640 ps per loss, keeping 0.990070 / (1 + 15p) = 0.861723: 1.160466 times as long.
 */
class BitErrorRingTest {
    /** The latency share of a 1 GiB ring (microseconds in about 86 ms) moves a ratio by under 0.2%. */
    private static final double RATIO_TOLERANCE = 2e-3;

    @Test
    void shouldCostGoBackNASixthOfTheGoodputAtOnePercentPathLoss(@TempDir Path dir) throws IOException {
        assertEquals(1.160466, ringSeconds(dir, "bit-error-rate 1.5e-7") / ringSeconds(dir, ""), RATIO_TOLERANCE);
    }

    @Test
    void shouldCostSelectiveRepeatOnlyTheLostPackets(@TempDir Path dir) throws IOException {
        assertEquals(1.010029, ringSeconds(dir, "bit-error-rate 1.5e-7 recovery selective-repeat")
                / ringSeconds(dir, "recovery selective-repeat"), RATIO_TOLERANCE);
    }

    @Test
    void shouldCostNothingAtAZeroBitErrorRate(@TempDir Path dir) throws IOException {
        assertEquals(ringSeconds(dir, ""), ringSeconds(dir, "bit-error-rate 0"));
    }

    private static double ringSeconds(Path dir, String extra) throws IOException {
        Path file = dir.resolve(("ring-" + extra).replaceAll("\\W", "") + ".fabric");
        return Models.firstRowSeconds(file, Models.ringOnOneSwitch("100 Gb/s", "efficiency 100 % lossy " + extra, 2));
    }
}
