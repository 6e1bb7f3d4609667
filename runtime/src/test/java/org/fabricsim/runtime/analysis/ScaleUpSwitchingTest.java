package org.fabricsim.runtime.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * min(b, s·k·r / n) against hand-worked domains: NVSwitch3 has 64 NVLink4 ports at 25 GB/s per direction, an
 * H100 18 links at 25 GB/s (450 GB/s); NVLink Switch 5 has 72 ports at 50 GB/s, a B200 18 at 50 GB/s (900 GB/s).
 */
class ScaleUpSwitchingTest {
    private static final double NVLINK4_PORT = 25e9;
    private static final double H100 = 18 * NVLINK4_PORT;
    private static final double NVLINK5_PORT = 50e9;
    private static final double B200 = 18 * NVLINK5_PORT;

    @Test
    void shouldRunTheDgxH100sEightGpusAtTheirOwnRate() {
        // 4 x 64 x 25 GB/s = 6.4 TB/s >= 8 x 450 GB/s = 3.6 TB/s.
        assertFalse(ScaleUpSwitching.blocking(8, H100, 4, 64, NVLINK4_PORT));
        assertEquals(450e9, ScaleUpSwitching.bytesPerSecondPerAccelerator(8, H100, 4, 64, NVLINK4_PORT));
    }

    @Test
    void shouldShareTwoNvSwitchesPortsAmongEightH100s() {
        // 2 x 64 x 25 GB/s = 3.2 TB/s < 3.6 TB/s: 128 ports for 144 links, 16 links each, 400 GB/s.
        assertTrue(ScaleUpSwitching.blocking(8, H100, 2, 64, NVLINK4_PORT));
        assertEquals(400e9, ScaleUpSwitching.bytesPerSecondPerAccelerator(8, H100, 2, 64, NVLINK4_PORT), 1);
        // One switch: 1.6 TB/s / 8 = 200 GB/s.
        assertEquals(200e9, ScaleUpSwitching.bytesPerSecondPerAccelerator(8, H100, 1, 64, NVLINK4_PORT), 1);
        // ceil(3.6 / 1.6) = ceil(2.25) = 3.
        assertEquals(3, ScaleUpSwitching.switchesNeeded(8, H100, 64, NVLINK4_PORT));
    }

    @Test
    void shouldCountExactlyNonBlockingDomainsAsCarried() {
        // HGX B200: 2 x 72 x 50 GB/s = 7.2 TB/s = 8 x 900 GB/s; NVL72: 18 x 72 x 50 GB/s = 64.8 TB/s = 72 x 900 GB/s.
        assertFalse(ScaleUpSwitching.blocking(8, B200, 2, 72, NVLINK5_PORT));
        assertEquals(2, ScaleUpSwitching.switchesNeeded(8, B200, 72, NVLINK5_PORT));
        assertFalse(ScaleUpSwitching.blocking(72, B200, 18, 72, NVLINK5_PORT));
        assertEquals(18, ScaleUpSwitching.switchesNeeded(72, B200, 72, NVLINK5_PORT));
        assertEquals(900e9, ScaleUpSwitching.bytesPerSecondPerAccelerator(72, B200, 18, 72, NVLINK5_PORT));
        // 17 chips, one short of the rack's 18: 17 / 18 of 900 GB/s = 850 GB/s.
        assertEquals(850e9, ScaleUpSwitching.bytesPerSecondPerAccelerator(72, B200, 17, 72, NVLINK5_PORT), 1);
    }
}
