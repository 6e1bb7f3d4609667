package org.fabricsim.runtime.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/** Device.of picks the peak and the measured GEMM efficiency of the precision the GEMMs run at. */
class DeviceTest {
    /** H100 SXM as the catalog has it: BF16 989, FP8 1979 TFLOP/s, BF16 MAMF 80.3%, FP8 77.0%. */
    private static final AcceleratorSpec H100 = new AcceleratorSpec("nvidia.H100_SXM", "NVIDIA", 989e12, 1979e12,
            80_000_000_000L, 3.35e12, 0.803, 0.770, 450e9, 0);

    /**
     * Expected by hand: the H200 duty rows (validation/measured/h200-compute.csv) give 669.67 TFLOP/s back to back
     * against 798.86 with idle, so a Hopper part's attention runs at 989 × 0.8383 = 829.0 TFLOP/s before the kernel's
     * own efficiency, in training and in serving (FP8 GEMMs or not: attention stays BF16); an Ampere part, with no
     * measured cap, at its BF16 peak × the profile's sustained fraction, 312 × 0.787 = 245.5 TFLOP/s.
     */
    @Test
    void shouldRunHopperAttentionAtTheMeasuredPowerCappedRateInTrainingAndServing() {
        AcceleratorSpec hopper = new AcceleratorSpec("nvidia.H100_SXM", "NVIDIA", 989e12, 1979e12, 80_000_000_000L,
                3.35e12, 0.803, 0.770, 450e9, 0, "hopper", 132);
        AcceleratorSpec ampere = new AcceleratorSpec("nvidia.A100_SXM", "NVIDIA", 312e12, 0, 80_000_000_000L,
                2.039e12, 0.85, 0, 300e9, 0, "ampere", 108);
        CalibrationProfile profile = CalibrationProfile.defaults();
        assertEquals(829.0e12, Device.forTraining(hopper, Precision.BF16, profile).attentionFlopsPerSecond(), 0.1e12);
        assertEquals(829.0e12, Device.of(hopper, Precision.FP8, profile).attentionFlopsPerSecond(), 0.1e12);
        assertEquals(245.5e12, Device.of(ampere, Precision.BF16, profile).attentionFlopsPerSecond(), 0.1e12);
    }

    @Test
    void shouldRunFp8GemmsAtTheFp8PeakAndTheFp8Efficiency() {
        Device device = Device.of(H100, Precision.FP8, CalibrationProfile.defaults());
        assertEquals(1979e12, device.gemmFlopsPerSecond());
        assertEquals(0.770, device.matmulEfficiency());
        assertEquals(989e12, device.bf16FlopsPerSecond(), "attention and MFU stay at the BF16 peak");
    }

    /**
     * DeepEP's FP8 dispatch sends each token's FP8 channels with one FP32 scale per 1 × 128 tile (DeepSeek-V3 §3.3.2;
     * DeepEP's {@code x_scales} [T, h/128]). DeepSeek-V3, h = 7,168: 56 tiles, 7,168 + 56 · 4 = 7,392 bytes a token
     * (1.03125 B an element); BF16 GEMMs dispatch BF16, 2 · 7,168 = 14,336. A hidden size 128 does not divide,
     * gpt-oss's 2,880 = 22.5 tiles, still takes a whole scale for its last part-tile: 2,880 + 23 · 4 = 2,972.
     */
    @Test
    void shouldDispatchFp8TokensWithTheirPerTileScales() {
        assertEquals(7_392, Device.dispatchElementBytes(H100, Precision.FP8, 7_168) * 7_168, 1e-9);
        assertEquals(14_336, Device.dispatchElementBytes(H100, Precision.BF16, 7_168) * 7_168, 1e-9);
        assertEquals(2_972, Device.dispatchElementBytes(H100, Precision.FP8, 2_880) * 2_880, 1e-9);
    }

    @Test
    void shouldKeepTheBf16EfficiencyForBf16Gemms() {
        Device device = Device.of(H100, Precision.BF16, CalibrationProfile.defaults());
        assertEquals(989e12, device.gemmFlopsPerSecond());
        assertEquals(0.803, device.matmulEfficiency());
    }

    @Test
    void shouldFallBackToTheBf16EfficiencyWithoutAnFp8Figure() {
        AcceleratorSpec unmeasured = new AcceleratorSpec("t.A", "t", 989e12, 1979e12, 80_000_000_000L, 3.35e12, 0.803,
                450e9);
        assertEquals(0.803, Device.of(unmeasured, Precision.FP8, CalibrationProfile.defaults()).matmulEfficiency());
    }

    @Test
    void shouldIgnoreTheFp8EfficiencyOnAPartWithoutFp8() {
        AcceleratorSpec a100 = new AcceleratorSpec("nvidia.A100_SXM", "NVIDIA", 312e12, 0, 80_000_000_000L, 2.0e12,
                0.869, 0.5, 300e9, 0);
        Device device = Device.of(a100, Precision.FP8, CalibrationProfile.defaults());
        assertEquals(312e12, device.gemmFlopsPerSecond(), "FP8 GEMMs fall back to BF16 on a part without FP8");
        assertEquals(0.869, device.matmulEfficiency());
    }

    @Test
    void shouldRefuseToTrainAtFp8OnAPartWithoutAnFp8Rate() {
        AcceleratorSpec a100 = new AcceleratorSpec("nvidia.A100_SXM", "NVIDIA", 312e12, 0, 80_000_000_000L, 2.0e12,
                0.869, 300e9);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Device.forTraining(a100, Precision.FP8, CalibrationProfile.defaults()));
        assertTrue(refused.getMessage().startsWith("nvidia.A100_SXM has no FP8 rate in the catalog"),
                refused.getMessage());
    }

    @Test
    void shouldRefuseToTrainAtFp4OrInt8() {
        assertThrows(IllegalArgumentException.class, () -> Device.forTraining(H100, Precision.FP4, CalibrationProfile.defaults()));
        assertThrows(IllegalArgumentException.class, () -> Device.forTraining(H100, Precision.INT8, CalibrationProfile.defaults()));
    }

    /**
     * Expected by hand: B200's FP4 peak 9,000 TFLOP/s × the NVFP4 GEMM's measured 5,500 ÷ 9,000 (pytorch/ao PR 2427's
     * cuBLASLt sweep, 6,144³) × the profile's Blackwell sustained fraction 0.704 = 5,500 × 0.704 = 3,872 TFLOP/s;
     * attention at the BF16 peak times the same fraction (no measured cap on Blackwell), 2,250 × 0.704 = 1,584; the
     * BF16 GEMMs at the catalog's 0.776 × 0.704 = 0.546304.
     */
    @Test
    void shouldServeFp4GemmsAtTheFp4PeakTimesTheMeasuredBlackwellShare() {
        AcceleratorSpec b200 = new AcceleratorSpec("nvidia.B200", "NVIDIA", 2250e12, 4500e12, 180_000_000_000L, 8.0e12,
                0.776, 0, 900e9, 0, "blackwell", 148).withFp4(9000e12);
        Device device = Device.of(b200, Precision.FP4, CalibrationProfile.defaults());
        assertEquals(9000e12, device.gemmFlopsPerSecond());
        assertEquals(3872e12, device.gemmFlopsPerSecond() * device.matmulEfficiency(), 1e9);
        assertEquals(1584e12, device.attentionFlopsPerSecond(), 1e9);
        assertEquals(0.546304, Device.of(b200, Precision.BF16, CalibrationProfile.defaults()).matmulEfficiency(), 1e-9);
    }

    /**
     * Expected by hand: the NVFP4 rate was measured on a B200 only (5,500 TFLOP/s), where the catalog's FP8 MAMF is
     * 76.3% of 4,500 = 3,433.5; so FP4 runs at 5,500 ÷ 3,433.5 = 1.60186 times the part's own FP8 MAMF. A GB200 GPU
     * (FP8 5,000 at 72.3%, its own mamf-finder measurement; FP4 datasheet 10,000): 1.60186 × 3,615 = 5,790.7 TFLOP/s,
     * share 0.57907, × 0.704 = 4,076.6 TFLOP/s sustained, where B200's share of the GB200's datasheet peak would give
     * 10,000 × 0.61111 × 0.704 = 4,302.2. A B200 as the catalog states it keeps 5,500 ÷ 9,000.
     */
    @Test
    void shouldServeAPartsFp4GemmsAtTheMeasuredFp4OverFp8RatioTimesItsOwnFp8Mamf() {
        AcceleratorSpec gb200 = new AcceleratorSpec("nvidia.GB200", "NVIDIA", 2500e12, 5000e12, 186_000_000_000L,
                8.0e12, 0.729, 0.723, 900e9, 0.755).withArchitecture("blackwell", 148).withFp4(10000e12);
        AcceleratorSpec b200 = new AcceleratorSpec("nvidia.B200", "NVIDIA", 2250e12, 4500e12, 180_000_000_000L,
                8.0e12, 0.776, 0.763, 900e9, 0.755).withArchitecture("blackwell", 148).withFp4(9000e12);
        assertEquals(0.57907, Device.fp4GemmFraction(gb200), 1e-5);
        Device device = Device.of(gb200, Precision.FP4, CalibrationProfile.defaults());
        assertEquals(4076.6e12, device.gemmFlopsPerSecond() * device.matmulEfficiency(), 0.1e12);
        assertEquals(5500.0 / 9000, Device.fp4GemmFraction(b200), 1e-12);
    }

    @Test
    void shouldRefuseFp4WithoutAnFp4RateOrAMeasuredFp4Share() {
        IllegalArgumentException noRate = assertThrows(IllegalArgumentException.class,
                () -> Device.of(H100, Precision.FP4, CalibrationProfile.defaults()));
        assertTrue(noRate.getMessage().startsWith("nvidia.H100_SXM has no FP4 rate in the catalog"), noRate.getMessage());
        AcceleratorSpec mi355x = new AcceleratorSpec("amd.MI355X", "AMD", 2516.6e12, 5033.2e12, 288_000_000_000L,
                8.0e12, 0.622, 0, 535.5e9, 0, "cdna4", 256).withFp4(10066.4e12);
        IllegalArgumentException unmeasured = assertThrows(IllegalArgumentException.class,
                () -> Device.of(mi355x, Precision.FP4, CalibrationProfile.defaults()));
        assertTrue(unmeasured.getMessage().contains("no measured FP4 GEMM efficiency"), unmeasured.getMessage());
    }

    @Test
    void shouldRefuseToServeAtInt8WhichNoPartStatesARateFor() {
        IllegalArgumentException int8 = assertThrows(IllegalArgumentException.class,
                () -> Device.of(H100, Precision.INT8, CalibrationProfile.defaults()));
        assertTrue(int8.getMessage().startsWith("serving at int8 is not modelled"), int8.getMessage());
    }

    @Test
    void shouldTrainAtFp8OnAPartWithAnFp8Rate() {
        assertEquals(1979e12, Device.forTraining(H100, Precision.FP8, CalibrationProfile.defaults()).gemmFlopsPerSecond());
    }

    /**
     * Without stated compute units a part has its BF16 peak ÷ (4096 × 1.83e9) tile slots: 989e12 ÷ 7.49568e12 =
     * 131.94, 132 (the H100's SMs), and the collectives' 16 SMs are 16 ÷ 132 of them. A peak of 1e30 TFLOPS (1e42
     * FLOP/s, a typo) needs 1.3e29 slots: held at 2^31 − 1, so the share stays a share (it was −16 when the count
     * was cast to an int unclamped), and so does 1e25 FLOP/s (1.3e12 slots).
     */
    @Test
    void shouldHoldTheTileSlotsOfAnAbsurdPeakAtTheLargestInt() {
        AcceleratorSpec plain = new AcceleratorSpec("t.A", "t", 989e12, 0, 80_000_000_000L, 3.35e12, 0.803, 450e9);
        Device device = Device.of(plain, Precision.BF16, CalibrationProfile.defaults());
        assertEquals(132, device.tileSlots());
        assertEquals(16 / 132.0, device.collectiveSmShare(), 1e-12);
        for (double peak : new double[] {1e42, 1e25}) {
            AcceleratorSpec absurd = new AcceleratorSpec("t.B", "t", peak, 0, 80_000_000_000L, 3.35e12, 0.803, 450e9);
            Device fast = Device.of(absurd, Precision.BF16, CalibrationProfile.defaults());
            assertEquals(Integer.MAX_VALUE, fast.tileSlots());
            assertEquals(16.0 / Integer.MAX_VALUE, fast.collectiveSmShare(), 1e-18);
        }
    }
}
