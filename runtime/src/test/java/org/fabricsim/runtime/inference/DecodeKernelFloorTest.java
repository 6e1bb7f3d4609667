package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/**
 * A decode layer's fixed cost on CDNA3 ({@link DecodeKernelFloor}): each small kernel takes at least 3.10 µs and
 * each FP8 GEMM's memory time is the line 8.91 µs + bytes ÷ 3.58 TB/s fitted to AITER's measured one-row GEMMs on
 * MI300X; a part of another generation keeps the roofline.
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
        for (String line : reference()) {
            if (!line.startsWith("\"")) {
                continue;
            }
            String[] cells = line.substring(line.indexOf("\",") + 2).split(",");
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
    void shouldChargeABatchOneDecodeLayerItsGemmLinesAndKernelFloors() {
        // Llama 3.1 70B FP8 at TP 8, one token, per layer. GEMM bytes (weights N·K at 1 B + BF16 input and output):
        // output 8,407,040, QKV 10,504,704, gate/up 58,750,976, down 29,383,680; 107,046,400 in all. On the line each
        // takes 8.91 µs + bytes ÷ 3.58 TB/s against bytes ÷ (0.775 · 5.3 TB/s) before: 4 · 8.91 + 107,046,400 ·
        // (1/3.58e12 − 1/4.1075e12) = 35.64 + 3.840 = 39.480 µs more. Element-wise: the norms' 10 · 8,192 passes and
        // the activation's 3 · 3,584, 185,344 bytes (0.045 µs) before; after, five kernels at 3.10 µs (two norms,
        // the activation, the rotary embedding, the cache write), 15.500 µs: 15.455 µs more. 80 layers · 54.935 µs =
        // 4,394.79 µs.
        ServingModel floor = model(MI300X);
        ServingModel roofline = model(NO_GENERATION);
        double added = floor.counts().tokenSeconds(1) - roofline.counts().tokenSeconds(1);
        assertEquals(4394.79 * MICROSECOND, added, 0.01 * MICROSECOND);
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
        // (42.9 µs), the GEMMs are compute-bound (QKV 85.9 GFLOP, over 67 µs, against 33.5 µs on the line): only the
        // rotary embedding and the cache write, which have no bytes in the model, add their floor, 80 · 2 · 3.10 =
        // 496 µs.
        double added = model(MI300X).counts().tokenSeconds(4096) - model(NO_GENERATION).counts().tokenSeconds(4096);
        assertEquals(496 * MICROSECOND, added, 0.001 * MICROSECOND);
    }

    @Test
    void shouldKeepTheRooflineOnGenerationsWithoutMeasurements() {
        // Hopper has no measured floor; a CDNA3 part serving BF16 weights keeps t_min but not the FP8 GEMM line.
        assertSame(DecodeKernelFloor.NONE, DecodeKernelFloor.of(ServingFixtures.H100, Precision.FP8));
        DecodeKernelFloor bf16 = DecodeKernelFloor.of(MI300X, Precision.BF16);
        assertEquals(new DecodeKernelFloor(3.10e-6, 0, 0), bf16);
        assertEquals(1.0, bf16.kernel(1.0));
        assertEquals(3.10e-6, bf16.kernel(1e-6));
    }

    private static ServingModel model(AcceleratorSpec accelerator) {
        return new ServingModel(ServingFixtures.LLAMA3_70B, accelerator, Precision.FP8, Precision.FP8,
                ServingFixtures.tensor(8), null, null, null, CalibrationProfile.defaults());
    }

    private static List<String> reference() throws IOException {
        try (InputStream in = DecodeKernelFloorTest.class.getResourceAsStream("/reference/decode-gemm-mi300x.csv")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }
}
