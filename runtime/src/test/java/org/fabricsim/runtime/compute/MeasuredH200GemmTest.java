package org.fabricsim.runtime.compute;

import static org.fabricsim.runtime.compute.MeasuredH200Csv.row;
import static org.fabricsim.runtime.compute.MeasuredH200Csv.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.MeasuredH200Csv.Measured;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/**
 * The serving model's GEMM against every GEMM row of validation/measured/h200-compute.csv (runs 1 and 2, BF16 and
 * FP8, 60 rows), grouped by shape regime. A row's model time is the one {@code LayerKernels} gives a GEMM
 * (m, n, k): max(2mnk ÷ (P·η), (e·kn + 2(mk + mn)) ÷ B_e), P the peak at the row's precision, η {@link SplitKGemm#efficiency},
 * e the weight's bytes (1 FP8, 2 BF16) and B_e 0.8 of 4.8 TB/s, on the serving device of an H200 ({@link
 * Device#of}: the catalog's MAMF, 80.3% BF16 and 77.0% FP8, times the profile's Hopper sustained fraction 0.730;
 * 132 SMs). Beside it, the same at the fraction the GPU sustains under continuous load, {@link #CONTINUOUS}, with
 * FP8 GEMMs unsplit ({@link Gemm#efficiency}): the two mechanisms docs/calibration.md (session 50) finds. The
 * measurement ran each GEMM back to back for 50 ms, under the power cap, as a serving engine runs its iterations.
 * Prints every row and each regime's mean model ÷ measured time both ways.
 */
class MeasuredH200GemmTest {
    /**
     * The fraction of its burst rate the H200 sustains under continuous GEMM load: the duty rows' 8192³ back to back
     * against the same with 6 ms idle after every 4 products, BF16 669.67 / 798.86 = 0.8383, FP8 1,244.20 /
     * 1,491.26 = 0.8343; their mean.
     */
    private static final double CONTINUOUS = 0.836;
    private static final AcceleratorSpec H200 = new AcceleratorSpec("t.H200", "t", 989e12, 1979e12, 143771L << 20,
            4.8e12, 0.803, 0.770, 450e9, 0, "hopper", 132);
    private static final CalibrationProfile PROFILE = CalibrationProfile.defaults();
    private static final Device BF16 = Device.of(H200, Precision.BF16, PROFILE);
    private static final Device FP8 = Device.of(H200, Precision.FP8, PROFILE);
    private static final double FITTED = Device.sustainedFraction(H200, PROFILE);
    private static final Device BF16_CONTINUOUS = rescaled(BF16);
    private static final Device FP8_CONTINUOUS = rescaled(FP8);
    private static final List<Measured> GEMMS = rows(r -> r.section().equals("gemm"));

    private static Device rescaled(Device device) {
        return device.withMatmulEfficiency(device.matmulEfficiency() / FITTED * CONTINUOUS);
    }

    /** The serving model's seconds for the row's GEMM (class comment). */
    static double modelSeconds(Measured row) {
        boolean fp8 = row.dtype().equals("fp8");
        Device device = fp8 ? FP8 : BF16;
        return seconds(row, device, SplitKGemm.efficiency(device, row.m(), row.n(), row.k()));
    }

    /** The same at the continuous-load fraction, FP8 GEMMs unsplit. */
    static double continuousSeconds(Measured row) {
        boolean fp8 = row.dtype().equals("fp8");
        Device device = fp8 ? FP8_CONTINUOUS : BF16_CONTINUOUS;
        double efficiency = fp8 ? Gemm.efficiency(device, row.m(), row.n(), row.k())
                : SplitKGemm.efficiency(device, row.m(), row.n(), row.k());
        return seconds(row, device, efficiency);
    }

    private static double seconds(Measured row, Device device, double efficiency) {
        double m = row.m();
        double n = row.n();
        double k = row.k();
        double compute = Gemm.flops(m, n, k) / (device.gemmFlopsPerSecond() * efficiency);
        double weightBytes = row.dtype().equals("fp8") ? 1 : 2;
        double memory = device.memorySeconds(weightBytes * k * n + device.activationBytes() * (m * k + m * n));
        return Math.max(compute, memory);
    }

    /** The regime of a row: its shape family and, for decode shapes, the output tiles against the 132 SMs. */
    static String regime(Measured row) {
        if (row.name().startsWith("square")) {
            return "square";
        }
        if (row.name().startsWith("llama3")) {
            return "training (8,192 rows)";
        }
        if (row.n() < 4096) {
            return "decode, narrow (fewer tiles than SMs)";
        }
        return row.m() <= ComputeCalibration.TILE_ROWS ? "decode, one row tile (64-128 rows)"
                : "decode, 2-4 row tiles (256-512 rows)";
    }

    private static List<Double> ratios(String regime, String dtype, ToDoubleFunction<Measured> model) {
        return GEMMS.stream().filter(r -> regime(r).equals(regime) && r.dtype().equals(dtype))
                .map(r -> model.applyAsDouble(r) / r.seconds()).toList();
    }

    private static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    }

    private static String summary(List<Double> values) {
        return String.format(Locale.ROOT, "%.3f (%.3f to %.3f)", mean(values),
                values.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                values.stream().mapToDouble(Double::doubleValue).max().orElseThrow());
    }

    @Test
    void shouldPrintEveryGemmRowAndHoldTheServingModelsKnownSlowCompute() {
        Map<String, String> regimes = new TreeMap<>();
        for (Measured r : GEMMS) {
            System.out.printf(Locale.ROOT, "h200 gemm run %d %-26s %-4s m=%5.0f n=%5.0f k=%5.0f measured %9.1f us"
                    + " model %9.1f us %+6.1f%%, continuous %9.1f us %+6.1f%%  [%s]%n", r.run(), r.name(),
                    r.dtype(), r.m(), r.n(), r.k(), r.seconds() * 1e6, modelSeconds(r) * 1e6,
                    100 * (modelSeconds(r) / r.seconds() - 1), continuousSeconds(r) * 1e6,
                    100 * (continuousSeconds(r) / r.seconds() - 1), regime(r));
            regimes.put(regime(r) + " " + r.dtype(), regime(r));
        }
        regimes.forEach((key, regime) -> {
            String dtype = key.substring(key.lastIndexOf(' ') + 1);
            System.out.printf(Locale.ROOT, "h200 gemm regime %-44s rows %2d  model/measured %s, continuous %s%n", key,
                    ratios(regime, dtype, MeasuredH200GemmTest::modelSeconds).size(),
                    summary(ratios(regime, dtype, MeasuredH200GemmTest::modelSeconds)),
                    summary(ratios(regime, dtype, MeasuredH200GemmTest::continuousSeconds)));
        });
        assertEquals(60, GEMMS.size());
        // At the training fit's fraction every compute-bound GEMM is slow: FP8 decode GEMMs of 256 and 512 rows
        // +14.7% and +19.4%, the FP8 squares +12% to +18%, BF16 +17% to +27%.
        assertEquals(1.171, mean(ratios("decode, 2-4 row tiles (256-512 rows)", "fp8",
                MeasuredH200GemmTest::modelSeconds)), 0.01);
        assertEquals(1.154, mean(ratios("square", "fp8", MeasuredH200GemmTest::modelSeconds)), 0.01);
        assertEquals(1.237, mean(ratios("square", "bf16", MeasuredH200GemmTest::modelSeconds)), 0.01);
    }

    @Test
    void shouldMatchTheComputeBoundGemmsAtTheContinuousLoadFraction() {
        ToDoubleFunction<Measured> continuous = MeasuredH200GemmTest::continuousSeconds;
        // FP8 decode GEMMs of 256 and 512 rows +0.2% and +4.3%; the FP8 squares -2.2% to +3.0%; BF16 squares +5% to
        // +10%, its 256- and 512-row GEMMs +2% to +11%; the training shapes within 6% on average each.
        assertEquals(1, mean(ratios("decode, 2-4 row tiles (256-512 rows)", "fp8", continuous)), 0.05);
        assertEquals(1, mean(ratios("square", "fp8", continuous)), 0.05);
        assertEquals(1, mean(ratios("square", "bf16", continuous)), 0.10);
        assertEquals(1, mean(ratios("decode, 2-4 row tiles (256-512 rows)", "bf16", continuous)), 0.10);
        assertEquals(1, mean(ratios("training (8,192 rows)", "fp8", continuous)), 0.06);
        assertEquals(1, mean(ratios("training (8,192 rows)", "bf16", continuous)), 0.06);
        double bf16 = row(3, "duty", "gemm-then-none", "bf16").tflops()
                / row(3, "duty", "gemm-then-idle-6ms", "bf16").tflops();
        double fp8 = row(4, "duty", "gemm-then-none", "fp8").tflops()
                / row(4, "duty", "gemm-then-idle-6ms", "fp8").tflops();
        assertEquals(CONTINUOUS, (bf16 + fp8) / 2, 0.001);
    }

    @Test
    void shouldRunAnFp8GemmOfFewerTilesThanSmsUnsplit() {
        // 128 x 2,560 x 8,192 in FP8 takes 27.9 us, BF16 19.0 us for twice the bytes. 5.369 GFLOP on 20 tiles of
        // 128 x 128 unsplit, 20 of 132 SMs busy: eta = 0.770 x 0.836 x (20/132) x 8192/8256 = 0.09677, 5.369e9 /
        // (1,979e12 x 0.09677) = 28.03 us. Split over the idle SMs, as the serving model splits it, 6.2 us.
        Measured narrow = row(1, "gemm", "decode-70b-tp4-qkv-128", "fp8");
        assertEquals(28.03e-6, continuousSeconds(narrow), 0.01 * 28.03e-6);
        assertEquals(narrow.seconds(), continuousSeconds(narrow), 0.05 * narrow.seconds());
        assertEquals(0.221, modelSeconds(narrow) / narrow.seconds(), 0.01);
    }

    @Test
    void shouldHoldTheMissesNeitherMechanismExplains() {
        // FP8 at 64 and 128 rows streams its 117 MB of weights at 3.24-3.44 TB/s where BF16 streams at 4.0: the
        // model, reading at 3.84, is 10-15% fast either way (docs/calibration.md, session 50, lists what was tried).
        // BF16 at 128 x 2,560 is 39% fast: the model splits k over the idle SMs and charges no partial-sum reduction.
        for (ToDoubleFunction<Measured> model : List.<ToDoubleFunction<Measured>>of(MeasuredH200GemmTest::modelSeconds,
                MeasuredH200GemmTest::continuousSeconds)) {
            for (double ratio : ratios("decode, one row tile (64-128 rows)", "fp8", model)) {
                assertTrue(ratio > 0.83 && ratio < 0.92, "fp8 one row tile " + ratio);
            }
            for (double ratio : ratios("decode, narrow (fewer tiles than SMs)", "bf16", model)) {
                assertTrue(ratio > 0.55 && ratio < 0.70, "bf16 narrow " + ratio);
            }
        }
    }

    @Test
    void shouldRunFp8DecodeGemmsAboveOneRowTileAtTheSquaresRateTimesTheShapeFactor() {
        // Against the same run's FP8 8192³ (both at one power state, so no sustained fraction in the ratio): 256 and
        // 512 × 14,336 × 8,192 are 112 and 224 tiles of 128 × 256 on 132 SMs, q_wave 112/132 either way; 8192³ is
        // 2,048 tiles, 15.52 waves of 16; the same depth 8192/8256: (112/132) ÷ (2048/132/16) = 0.8750. Measured
        // 1,074.16 and 1,118.48 against 1,242.46 TFLOP/s: 0.8645 and 0.9002, so the shape model is within 3%.
        double shape = (112.0 / 132) / (2048.0 / 132 / 16);
        Measured square = row(1, "gemm", "square-8192", "fp8");
        for (String name : List.of("decode-70b-tp4-fc1-256", "decode-70b-tp4-fc1-512")) {
            Measured decode = row(1, "gemm", name, "fp8");
            assertEquals(shape, SplitKGemm.efficiency(FP8, decode.m(), decode.n(), decode.k())
                    / SplitKGemm.efficiency(FP8, 8192, 8192, 8192), 1e-12);
            assertEquals(shape, decode.tflops() / square.tflops(), 0.03 * shape, name);
        }
        // What is left is the fraction: the square runs at 1,242.46 ÷ (1,979 × 0.770 × 0.9697 × 8192/8256) = 0.847
        // of the catalog's MAMF, the continuous-load 0.836 within 1.4%, where the training fit is 0.730.
        double fraction = square.tflops() * 1e12 / (FP8.gemmFlopsPerSecond()
                * Gemm.efficiency(FP8, 8192, 8192, 8192) / FITTED);
        assertEquals(0.847, fraction, 0.001);
    }
}
