package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fabric's {@code mtu} reaches the flow model as its header share: with 62 B of headers per packet, the
 * profile's NIC efficiency (measured at 4096 B) scales by (m / (m + 62)) / (4096 / 4158), 0.957182 at 1024 B, so a
 * 1 GiB ring all-reduce over eight hosts on one switch takes 1 / 0.957182 = 1.044733 times as long. A fabric that
 * states its own efficiency keeps it.
 */
class MtuRingTest {
    /** The latency share of a 1 GiB ring (tens of microseconds in about 40 ms) moves a ratio by under 0.2%. */
    private static final double RATIO_TOLERANCE = 2e-3;

    @Test
    void shouldSlowARingByTheHeaderShareOfASmallMtu(@TempDir Path dir) throws IOException {
        assertEquals(1.044733, ringSeconds(dir, "mtu 1024 B") / ringSeconds(dir, ""), RATIO_TOLERANCE);
        assertEquals(ringSeconds(dir, ""), ringSeconds(dir, "mtu 4096 B"));
    }

    @Test
    void shouldKeepAStatedEfficiencyWhateverTheMtu(@TempDir Path dir) throws IOException {
        assertEquals(ringSeconds(dir, "efficiency 100 %"), ringSeconds(dir, "efficiency 100 % mtu 1024 B"));
    }

    private static double ringSeconds(Path dir, String extra) throws IOException {
        Path file = dir.resolve(("ring-" + extra).replaceAll("\\W", "") + ".fabric");
        return Models.firstRowSeconds(file, Models.ringOnOneSwitch("400 Gb/s", extra, 8));
    }
}
