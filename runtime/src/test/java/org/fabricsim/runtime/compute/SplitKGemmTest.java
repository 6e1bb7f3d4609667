package org.fabricsim.runtime.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.Fp8Scaling;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

class SplitKGemmTest {
    /** H100 SXM: 132 tile slots (989e12 / (4096 · 1.83e9)), MAMF 0.803. */
    private static final Device H100 = Device.of(new AcceleratorSpec("h", "NVIDIA", 989e12, 1979e12, 80_000_000_000L,
            3.35e12, 0.803, 450e9), Precision.FP8, CalibrationProfile.defaults());
    /** B200 (catalog): BF16 2,250, FP8 4,500, FP4 9,000 TFLOPS; MAMF 77.6%, FP8 76.3%; 148 SMs. */
    private static final AcceleratorSpec B200 = new AcceleratorSpec("nvidia.B200", "NVIDIA", 2250e12, 4500e12,
            180_000_000_000L, 8.0e12, 0.776, 0.763, 900e9, 0).withArchitecture("blackwell", 148).withFp4(9000e12);

    @Test
    void shouldSplitTheReductionOfASkinnyGemmOverIdleSlots() {
        // m = 1, n = 6144, k = 4096: one 64-row tile pads less than one of 128, 24 tiles 256 wide;
        // s = min(⌊132/24⌋, 4096/64) = 5; 120 units in 132 slots; depth 819.2 → 819.2/883.2; q_tile = 1/64.
        // (128 wide: 48 tiles, s = 2, 96 units, depth 2048/2112: 0.705 against 0.843, so 256 wide.)
        double expected = 0.803 * (1.0 / 64) * (120.0 / 132) * (819.2 / 883.2);
        assertEquals(expected, SplitKGemm.efficiency(H100, 1, 6144, 4096), 1e-12);
    }

    @Test
    void shouldRunRowsJustPastOneTileOnShortTiles() {
        // m = 139 (70B's decode batch on one H200 at 1000/2000), n = 14336, k = 8192: three 64-row tiles
        // (192 rows) pad less than two of 128 (256); 128 wide: 3 · 112 = 336 tiles ≥ 132, no split,
        // q_wave = (336/132)/3; q_tile = 139/192. (256 wide: 168 tiles, q_wave (168/132)/2, less.)
        double expected = 0.803 * (139.0 / 192) * (336.0 / 132 / 3) * (8192.0 / 8256);
        assertEquals(expected, SplitKGemm.efficiency(H100, 139, 14336, 8192), 1e-12);
    }

    @Test
    void shouldKeepTheTallTileWhereTheShortOnePadsNoLessOrTheBatchIsTwoTallTiles() {
        // ⌈m/64⌉·64 against ⌈m/128⌉·128: 139 → 192 < 256; 200 → 256 = 256; 1 → 64 < 128; from 256 rows
        // the tall tile whatever it pads (3,000 → 3,008 against 3,072)
        assertEquals(64, SplitKGemm.tileRows(139, ComputeCalibration.SHORT_TILE_ROWS));
        assertEquals(128, SplitKGemm.tileRows(200, ComputeCalibration.SHORT_TILE_ROWS));
        assertEquals(64, SplitKGemm.tileRows(1, ComputeCalibration.SHORT_TILE_ROWS));
        assertEquals(128, SplitKGemm.tileRows(3000, ComputeCalibration.SHORT_TILE_ROWS));
    }

    @Test
    void shouldRunABlackwellFp4DecodeBatchOnTallTilesWhereItsPerTensorFp8GemmTakesShortOnes() {
        // B200 (148 SMs), m = 183 (70B's decode batch on one B200 at 128/4096), gate+up n = 57,344, k = 8,192.
        // FP4 (block-scaled MMA, no tile under 128 rows): two 128-row tiles, q_tile = 183/256; 128 wide: 2 · 448 =
        // 896 tiles ≥ 148, no split, q_wave = (896/148)/7 (256 wide: 448 tiles, (448/148)/4, less).
        // FP8 per tensor: three 64-row tiles, q_tile = 183/192; 3 · 224 = 672 tiles 256 wide, q_wave = (672/148)/5
        // (128 wide: 1,344 tiles, (1344/148)/10, the same). Depth 8192/8256 either way.
        Device fp4 = Device.of(B200, Precision.FP4, CalibrationProfile.defaults());
        Device fp8 = Device.of(B200, Precision.FP8, CalibrationProfile.defaults());
        double depth = 8192.0 / 8256;
        assertEquals(fp4.matmulEfficiency() * (183.0 / 256) * (896.0 / 148 / 7) * depth,
                SplitKGemm.efficiency(fp4, 183, 57344, 8192), 1e-12);
        assertEquals(fp8.matmulEfficiency() * (183.0 / 192) * (672.0 / 148 / 5) * depth,
                SplitKGemm.efficiency(fp8, 183, 57344, 8192), 1e-12);
    }

    @Test
    void shouldGiveBlackwellsBlockScaledGemmsNoTileShorterThan128Rows() {
        // FP4, and MXFP8 (blockwise FP8 on Blackwell: block scales applied by the tensor cores); per-tensor FP8 and
        // BF16 keep Hopper's 64-row tile
        assertEquals(128, Device.of(B200, Precision.FP4, CalibrationProfile.defaults()).shortTileRows());
        assertEquals(128, Device.of(B200, Precision.FP8, Fp8Scaling.BLOCKWISE, CalibrationProfile.defaults())
                .shortTileRows());
        assertEquals(64, Device.of(B200, Precision.FP8, CalibrationProfile.defaults()).shortTileRows());
        assertEquals(64, Device.of(B200, Precision.BF16, CalibrationProfile.defaults()).shortTileRows());
    }

    @Test
    void shouldEqualTheTiledEfficiencyWhenTilesFillTheSlots() {
        // m = 8192, n = 28672: 64 × 112 tiles ≥ 132 slots, no split
        assertEquals(Gemm.efficiency(H100, 8192, 28672, 4096), SplitKGemm.efficiency(H100, 8192, 28672, 4096), 1e-15);
    }

    @Test
    void shouldRunTheTensorParallelDecodeGemmsOfA405bLayerAtFifteenHundredRowsNearTheLargeShapeRate() {
        // Llama 3.1 405B at TP8 (hidden 16,384, FFN 53,248, 8 KV heads of 128) at 1,536 rows, 12 row tiles of 128;
        // per GEMM (n × k), tiles 256 wide (128 wide doubles tiles and slots alike), q_wave × k/(k + 64):
        // QKV 2,304 × 16,384: 12·9 = 108 tiles, 108/132 · 16384/16448; output 16,384 × 2,048: 768 tiles, 5.82 of
        // 6 waves, · 2048/2112; gate+up 13,312 × 16,384: 624, 4.73 of 5; down 16,384 × 6,656: 768, · 6656/6720.
        double[][] gemms = {{2304, 16384}, {16384, 2048}, {13312, 16384}, {16384, 6656}};
        double[] expected = {108.0 / 132 * 16384 / 16448, 768.0 / 132 / 6 * 2048 / 2112,
            624.0 / 132 / 5 * 16384 / 16448, 768.0 / 132 / 6 * 6656 / 6720};
        double flops = 0;
        double modelTime = 0;
        double expectedTime = 0;
        for (int i = 0; i < gemms.length; i++) {
            double nk = gemms[i][0] * gemms[i][1];
            flops += nk;
            modelTime += nk / (SplitKGemm.efficiency(H100, 1536, gemms[i][0], gemms[i][1]) / 0.803);
            expectedTime += nk / expected[i];
        }
        // FLOP-weighted: 0.9328 of the MAMF times the sustained fraction (0.770 × 0.730 × 0.9328 = 0.524 of the
        // FP8 peak on a Hopper part, where docs/calibration.md had written 0.478, the 256-row figure)
        assertEquals(flops / expectedTime, flops / modelTime, 1e-12);
        assertEquals(0.9328, flops / modelTime, 1e-4);
    }
}
