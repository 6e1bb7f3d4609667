package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/**
 * A decode layer's fixed cost on CDNA3 ({@link DecodeKernelFloor}): each small kernel takes at least 3.10 µs and
 * each FP8 GEMM's time is at least the line 8.91 µs + bytes ÷ 3.58 TB/s + FLOPs ÷ 1.08 PFLOP/s fitted to AITER's
 * measured GEMMs on MI300X (one row for the first two, 16 to 16,384 rows for the third); a part of another generation
 * keeps the roofline.
 */
class DecodeKernelFloorTest {
    /** MI300X as {@link HeldOutAcceleratorServingTest#MI300X}, and the same part stating no generation. */
    private static final AcceleratorSpec MI300X = HeldOutAcceleratorServingTest.MI300X;
    private static final AcceleratorSpec NO_GENERATION = new AcceleratorSpec("t.MI300X", "AMD", 1307.4e12, 2614.9e12,
            192_000_000_000L, 5.3e12, 0.514, 0.487, 448e9, 0.75).withArchitecture("", 304).withMemoryEfficiency(0.775);
    private static final double MICROSECOND = 1e-6;

    @Test
    void shouldFitTheGemmLineThroughAitersOneRowGemmsOnMi300x() throws IOException {
        // Least squares of t on N·K bytes over the 24 rows (cu_num 304, M = 1): intercept 8.9148 µs, slope
        // 0.27912 ps a byte (3.5828 TB/s); the constants are those rounded to three digits.
        double n = 0;
        double sumBytes = 0;
        double sumSeconds = 0;
        double sumBytesSquared = 0;
        double sumProducts = 0;
        for (String[] cells : reference("decode-gemm-mi300x.csv")) {
            double bytes = Double.parseDouble(cells[1]) * Double.parseDouble(cells[2]);
            double seconds = Double.parseDouble(cells[3]) * MICROSECOND;
            n++;
            sumBytes += bytes;
            sumSeconds += seconds;
            sumBytesSquared += bytes * bytes;
            sumProducts += bytes * seconds;
        }
        double slope = (n * sumProducts - sumBytes * sumSeconds) / (n * sumBytesSquared - sumBytes * sumBytes);
        double intercept = (sumSeconds - slope * sumBytes) / n;
        assertEquals(24, n, "rows of the reference file");
        assertEquals(DecodeKernelFloor.CDNA3_FP8_GEMM_FIXED_SECONDS, intercept, 0.005 * MICROSECOND);
        assertEquals(DecodeKernelFloor.CDNA3_FP8_GEMM_BYTES_PER_SECOND, 1 / slope, 0.005e12);
    }

    @Test
    void shouldFitTheGemmRowRateThroughAitersBatchedGemmsOnMi300x() throws IOException {
        // Each of the 403 rows (cu_num 304, M 16 to 16,384) less the one-row line's t_g + bytes ÷ B_g (bytes: N·K FP8
        // weights + BF16 input and output, 2·M·(K + N)), regressed through the origin on its FLOPs 2·M·N·K: R_g =
        // Σ F² ÷ Σ F·(t − line) = 1.0754 PFLOP/s, the constant rounded to three digits.
        double sumFlopsSquared = 0;
        double sumProducts = 0;
        int rows = 0;
        for (String[] cells : reference("decode-gemm-batch-mi300x.csv")) {
            double m = Double.parseDouble(cells[0]);
            double n = Double.parseDouble(cells[1]);
            double k = Double.parseDouble(cells[2]);
            double beyondLine = Double.parseDouble(cells[3]) * MICROSECOND
                    - DecodeKernelFloor.CDNA3_FP8_GEMM_FIXED_SECONDS
                    - (n * k + 2 * m * (k + n)) / DecodeKernelFloor.CDNA3_FP8_GEMM_BYTES_PER_SECOND;
            double flops = 2 * m * n * k;
            sumFlopsSquared += flops * flops;
            sumProducts += flops * beyondLine;
            rows++;
        }
        assertEquals(403, rows, "rows of the reference file");
        assertEquals(DecodeKernelFloor.CDNA3_FP8_GEMM_FLOPS_PER_SECOND, sumFlopsSquared / sumProducts, 0.005e15);
    }

    @Test
    void shouldChargeEachDecodingRowItsGemmFlopsOnTopOfTheWeightStream() {
        // Llama 3.1 70B FP8 at TP 8, 128 decoding rows. Per row the layer's four GEMMs do 2 · (1,280 · 8,192 + 8,192
        // · 1,024 + 7,168 · 8,192 + 8,192 · 3,584) = 213,909,504 FLOPs; 128 rows 27.380 GFLOP, at 1.08 PFLOP/s
        // 25.352 µs more than the weight-streaming line alone, which binds in all four (gate/up: 8.91 µs + 62.65 MB ÷
        // 3.58 TB/s = 26.41 µs against its 15.0 GFLOP at no more than 0.487 of 2,614.9 TFLOP/s, 11.8 µs).
        double withRows = projectionsAndMlp(DecodeKernelFloor.of(MI300X, Precision.FP8), 128);
        DecodeKernelFloor lineAlone = new DecodeKernelFloor(DecodeKernelFloor.CDNA3_KERNEL_SECONDS,
                DecodeKernelFloor.CDNA3_FP8_GEMM_FIXED_SECONDS, DecodeKernelFloor.CDNA3_FP8_GEMM_BYTES_PER_SECOND,
                Double.POSITIVE_INFINITY);
        assertEquals(25.352 * MICROSECOND, withRows - projectionsAndMlp(lineAlone, 128), 0.001 * MICROSECOND);
    }

    @Test
    void shouldChargeABatchOneDecodeLayerItsGemmLinesAndKernelFloors() {
        // Llama 3.1 70B FP8 at TP 8, one token, per layer. GEMM bytes (weights N·K at 1 B + BF16 input and output):
        // output 8,407,040, QKV 10,504,704, gate/up 58,750,976, down 29,383,680; 107,046,400 in all. On the line each
        // takes 8.91 µs + bytes ÷ 3.58 TB/s against bytes ÷ (0.775 · 5.3 TB/s) before: 4 · 8.91 + 107,046,400 ·
        // (1/3.58e12 − 1/4.1075e12) = 35.64 + 3.840 = 39.480 µs more. Element-wise: the norms' 10 · 8,192 passes and
        // the activation's 3 · 3,584, 185,344 bytes (0.045 µs) before; after, five kernels at 3.10 µs (two norms,
        // the activation, the rotary embedding, the cache write), 15.500 µs: 15.455 µs more. 80 layers · 54.935 µs =
        // 4,394.79 µs. The row's FLOPs add 213,909,504 ÷ 1.08 PFLOP/s = 0.198 µs a layer, 15.85 µs: 4,410.63 µs.
        ServingModel floor = model(MI300X);
        ServingModel roofline = model(NO_GENERATION);
        double added = floor.counts().tokenSeconds(1) - roofline.counts().tokenSeconds(1);
        assertEquals(4410.63 * MICROSECOND, added, 0.01 * MICROSECOND);
    }

    @Test
    void shouldChargeTheBatchOneAttentionCallTheKernelFloor() {
        // One token over 1,152 cached tokens reads 1,153 · 256 bytes a layer (0.07 µs): every layer's call takes
        // the 3.10 µs floor, so the iteration is its counted parts plus 80 · 3.10 = 248 µs.
        ServingModel model = model(MI300X);
        long iterationPs = model.iterationPs(1, 1, 0, 0, 0, 1152, 1152);
        double countedSeconds = model.counts().seconds(1, 1);
        assertEquals(248 * MICROSECOND, iterationPs * 1e-12 - countedSeconds, 1e-12);
    }

    @Test
    void shouldNotChargeTheFloorWhereTheKernelsRooflineExceedsIt() {
        // 4,096 tokens: each norm moves 5 · 4,096 · 8,192 · 2 bytes (81.7 µs), the activation 3 · 4,096 · 3,584 · 2
        // (42.9 µs), above t_min: only the rotary embedding and the cache write, which have no bytes in the model,
        // add their floor, 2 · 3.10 = 6.20 µs a layer.
        double hidden = 10 * 4096.0 * 8192;
        double width = 3 * 4096.0 * 3584;
        double floor = kernels(DecodeKernelFloor.of(MI300X, Precision.FP8)).elementwise(hidden, width);
        double roofline = kernels(DecodeKernelFloor.NONE).elementwise(hidden, width);
        assertEquals(6.20 * MICROSECOND, floor - roofline, 0.001 * MICROSECOND);
    }

    @Test
    void shouldKeepTheRooflineOnGenerationsWithoutMeasurements() {
        // Hopper has no measured floor; a CDNA3 part serving BF16 weights keeps t_min but not the FP8 GEMM line.
        assertSame(DecodeKernelFloor.NONE, DecodeKernelFloor.of(ServingFixtures.H100, Precision.FP8));
        DecodeKernelFloor bf16 = DecodeKernelFloor.of(MI300X, Precision.BF16);
        assertEquals(new DecodeKernelFloor(3.10e-6, 0, 0, 0), bf16);
        assertEquals(1.0, bf16.kernel(1.0));
        assertEquals(3.10e-6, bf16.kernel(1e-6));
    }

    private static ServingModel model(AcceleratorSpec accelerator) {
        return new ServingModel(ServingFixtures.LLAMA3_70B, accelerator, Precision.FP8, Precision.FP8,
                ServingFixtures.tensor(8), null, null, null, CalibrationProfile.defaults());
    }

    /** The four GEMMs of a 70B TP 8 layer (no separate quantization) over {@code rows} decoding rows. */
    private static double projectionsAndMlp(DecodeKernelFloor floor, double rows) {
        LayerKernels kernels = kernels(floor);
        return kernels.attentionProjections(rows) + kernels.mlp(rows, 28672 / 8.0);
    }

    /** A 70B TP 8 layer's kernels on MI300X at FP8 with {@code floor}. */
    private static LayerKernels kernels(DecodeKernelFloor floor) {
        Device device = Device.of(MI300X, Precision.FP8, CalibrationProfile.defaults());
        return new LayerKernels(ServingFixtures.LLAMA3_70B, device, device, Precision.FP8.bytes(),
                ServingFixtures.tensor(8), 0, KvCache.bytesPerToken(ServingFixtures.LLAMA3_70B, 1), 1, false,
                DecodeAttentionRead.ELEMENT_WISE, floor);
    }

    /** The cells after the quoted source of each data row of {@code file}: m, n, k, microseconds, kernel. */
    private static List<String[]> reference(String file) throws IOException {
        try (InputStream in = DecodeKernelFloorTest.class.getResourceAsStream("/reference/" + file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(line -> line.startsWith("\""))
                    .map(line -> line.substring(line.indexOf("\",") + 2).split(",")).toList();
        }
    }
}
