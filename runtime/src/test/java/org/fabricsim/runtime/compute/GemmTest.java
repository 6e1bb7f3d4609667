package org.fabricsim.runtime.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.junit.jupiter.api.Test;

class GemmTest {
    /** 989 TFLOP/s BF16, MAMF 80%: 989e12 / (4096 x 1.83e9) = 131.94 → 132 tile slots, as H100's 132 SMs. */
    private static final Device H100_LIKE = new Device(989e12, 989e12, 3.35e12, 0.8, 132, 2);

    @Test
    void shouldDeriveOneTileSlotPerSmFromThePeak() {
        Device device = Device.of(new org.fabricsim.runtime.spec.AcceleratorSpec("t.H100", "t", 989e12, 1979e12,
                80_000_000_000L, 3.35e12, 0.803, 450e9), org.fabricsim.runtime.spec.Precision.BF16,
                CalibrationProfile.defaults());
        assertEquals(132, device.tileSlots());
        assertEquals(989e12, device.gemmFlopsPerSecond());
    }

    @Test
    void shouldRunAnAlignedSingleWaveGemmAtTheMeasuredEfficiencyLessTheTileEpilogue() {
        // m = 12 x 128, n = 11 x 256: 132 full tiles = one full wave; k = 4096 → depth factor 4096/4160.
        double m = 1536;
        double n = 2816;
        double k = 4096;
        double efficiency = 0.8 * 4096.0 / 4160.0;
        assertEquals(efficiency, Gemm.efficiency(H100_LIKE, m, n, k), 1e-12);
        assertEquals(2 * m * n * k / (989e12 * efficiency), Gemm.seconds(H100_LIKE, m, n, k, 1), 1e-15);
    }

    @Test
    void shouldChooseTheNarrowerTileWhenItFillsTheLastWaveBetter() {
        // 256 wide: 133 full tiles (7 x 19) on 132 slots run in 2 waves, q_wave = (133/132)/2 = 0.504;
        // 128 wide: 266 tiles (7 x 38) run in 3 waves, q_wave = (266/132)/3 = 0.672, the better of the two.
        double expected = 0.8 * (266.0 / 132.0 / 3) * 4096.0 / 4160.0;
        assertEquals(expected, Gemm.efficiency(H100_LIKE, 7 * 128, 19 * 256, 4096), 1e-12);
    }

    @Test
    void shouldPadEdgeTiles() {
        // m = 129 rows need 2 row tiles of 128: q_tile = 129 / 256; 2 x 66 = 132 tiles, one wave.
        double expected = 0.8 * (129.0 / 256.0) * 4096.0 / 4160.0;
        assertEquals(expected, Gemm.efficiency(H100_LIKE, 129, 66 * 256, 4096), 1e-12);
    }

    @Test
    void shouldBeBoundByMemoryForAThinGemm() {
        // 128 x 33,792 x 8,192 (one row of 132 tiles, one wave): 70.9 GFLOP at 0.8 x 8192/8256 of
        // 989 TFLOP/s = 90 µs, but 564 MB of operands at 0.8 x 3.35 TB/s = 210 µs: the memory roof wins.
        double bytes = 2.0 * (128 * 8192 + 8192.0 * 33792 + 128 * 33792);
        assertEquals(bytes / (3.35e12 * ComputeCalibration.MEMORY_EFFICIENCY),
                Gemm.seconds(H100_LIKE, 128, 33792, 8192, 1), 1e-15);
    }
}
