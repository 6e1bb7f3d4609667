package org.fabricsim.runtime.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

class SplitKGemmTest {
    /** H100 SXM: 132 tile slots (989e12 / (4096 · 1.83e9)), MAMF 0.803. */
    private static final Device H100 = Device.of(new AcceleratorSpec("h", "NVIDIA", 989e12, 1979e12, 80_000_000_000L,
            3.35e12, 0.803, 450e9), Precision.FP8, CalibrationProfile.defaults());

    @Test
    void shouldSplitTheReductionOfASkinnyGemmOverIdleSlots() {
        // m = 1, n = 6144, k = 4096: 24 tiles; s = min(⌊132/24⌋, 4096/64) = 5; 120 units in 132 slots;
        // depth 819.2 → 819.2/883.2; q_tile = 1/128.
        double expected = 0.803 * (1.0 / 128) * (120.0 / 132) * (819.2 / 883.2);
        assertEquals(expected, SplitKGemm.efficiency(H100, 1, 6144, 4096), 1e-12);
    }

    @Test
    void shouldEqualTheTiledEfficiencyWhenTilesFillTheSlots() {
        // m = 8192, n = 28672: 64 × 112 tiles ≥ 132 slots, no split
        assertEquals(Gemm.efficiency(H100, 8192, 28672, 4096), SplitKGemm.efficiency(H100, 8192, 28672, 4096), 1e-15);
    }
}
