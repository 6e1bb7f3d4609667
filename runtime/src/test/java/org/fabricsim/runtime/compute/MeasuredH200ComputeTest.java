package org.fabricsim.runtime.compute;

import static org.fabricsim.runtime.compute.MeasuredH200Csv.row;
import static org.fabricsim.runtime.compute.MeasuredH200Csv.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.MeasuredH200Csv.Measured;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TrainingSpec.Recompute;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/**
 * The compute model's constants against what the project measured on an H200 (validation/measured/h200-compute.csv,
 * its provenance in validation/measured/README.md): the catalog's MAMF, the fitted sustained fraction, the GEMM
 * shape model, the software stacks' attention rates and the element-wise memory efficiency. The H200 is the H100's
 * GH100 die at the same clocks and 700 W limit, so its tensor rates stand for both.
 */
class MeasuredH200ComputeTest {
    private static final double BF16_PEAK_TFLOPS = 989;
    /** The catalog's H100_SXM and H200_SXM {@code efficiency 80.3 %} (MAMF measured on H100, hardware.md). */
    private static final double CATALOG_MAMF = 0.803;
    private static final double H200_BYTES_PER_SECOND = 4.8e12;
    /** The H200 at the catalog's MAMF without a sustained fraction: 132 SMs, 4.8 TB/s, BF16 activations. */
    private static final Device BURST = new Device(BF16_PEAK_TFLOPS * 1e12, BF16_PEAK_TFLOPS * 1e12,
            H200_BYTES_PER_SECOND, CATALOG_MAMF, 132, 2);

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int half = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(half) : (sorted.get(half - 1) + sorted.get(half)) / 2;
    }

    @Test
    void shouldRunALargeGemmAtTheCatalogsMamfWhereThePowerCapDoesNotBind() {
        // 4 products of 8192^3 (5.5 ms), then 3 or 6 ms idle: 797.6 and 798.9 TFLOP/s, 80.65% and 80.78% of 989,
        // against the catalog's 80.3% (794.5 TFLOP/s measured on H100).
        for (String gap : List.of("gemm-then-idle-3ms", "gemm-then-idle-6ms")) {
            assertEquals(CATALOG_MAMF, row(3, "duty", gap, "bf16").tflops() / BF16_PEAK_TFLOPS, 0.01, gap);
        }
    }

    @Test
    void shouldRunALargeFp8GemmNearTheCatalogsFp8Efficiency() {
        // torch._scaled_mm (cuBLAS, per-tensor scales), 8192^3 with 3 or 6 ms idle after every 4 products:
        // 1,486.7 and 1,491.3 TFLOP/s, 75.1% and 75.4% of 1,979, against the catalog's fp8-efficiency 77.0%
        // (TileLang's FP8 GEMM on an H800); continuously 1,244 TFLOP/s, 0.835 of the burst, as BF16's 0.84.
        for (String gap : List.of("gemm-then-idle-3ms", "gemm-then-idle-6ms")) {
            assertEquals(0.770, row(4, "duty", gap, "fp8").tflops() / 1979, 0.02, gap);
        }
        assertEquals(0.835, row(4, "duty", "gemm-then-none", "fp8").tflops()
                / row(4, "duty", "gemm-then-idle-6ms", "fp8").tflops(), 0.01);
    }

    @Test
    void shouldKeepTheFittedSustainedFractionBelowWhatAPowerCappedGpuSustains() {
        // 30 s of back-to-back 8192^3 products: the median window runs at about 670 TFLOP/s (SM clock 1455-1485 MHz,
        // 692 W, power-capped), 0.84 of the burst rate of ~798. A training step also runs communication and
        // element-wise kernels, which draw less, so 0.84 is the least a GEMM-only step sustains: the fitted
        // compute.sustained-fraction.hopper (0.726) lies below it, and what it takes beyond the power cap is not
        // a clock effect (docs/calibration.md, "Measured on an H200").
        double sustained = median(rows(r -> r.run() == 1 && r.section().equals("sustained")).stream()
                .map(Measured::tflops).toList());
        double burst = row(3, "duty", "gemm-then-idle-6ms", "bf16").tflops();
        double fraction = sustained / burst;
        assertEquals(0.84, fraction, 0.01);
        double fitted = CalibrationProfile.defaults().value(Device.SUSTAINED_FRACTION + "hopper");
        assertTrue(fitted < fraction, "fitted " + fitted + " against the measured " + fraction);
    }

    @Test
    void shouldPredictTheTrainingGemmShapesWithinTheMeasuredSpread() {
        // Each Llama 3 layer GEMM (8192 tokens; 8B at TP1, 70B and 405B at TP8) against 8192^3 in the same run, so
        // that the power cap, which holds every continuous product near 690 TFLOP/s, divides out. The model's
        // q_tile x q_wave x k / (k + 64) gets the shapes within 5% on average; its largest miss is the small-k
        // output projections: 70B's k = 1024 measures 0.833 of the square rate against the predicted 0.949
        // (+13.8%), 405B's k = 2048 0.90 against 0.993. A per-tile cost of about 240 k-steps instead of 64 fits
        // them (mean error 2.2%, largest 6.8%): a finding recorded in docs/calibration.md, not adopted here.
        double sumError = 0;
        int count = 0;
        for (int run : new int[] {1, 2}) {
            double square = row(run, "gemm", "square-8192", "bf16").tflops();
            double squareModel = Gemm.efficiency(BURST, 8192, 8192, 8192);
            for (Measured shape : rows(r -> r.run() == run && r.section().equals("gemm") && r.dtype().equals("bf16")
                    && r.name().startsWith("llama3"))) {
                double predicted = Gemm.efficiency(BURST, shape.m(), shape.n(), shape.k()) / squareModel;
                double measured = shape.tflops() / square;
                double error = predicted / measured - 1;
                assertTrue(Math.abs(error) < 0.15, shape.name() + " run " + run + ": " + error);
                sumError += Math.abs(error);
                count++;
            }
        }
        assertEquals(24, count);
        assertTrue(sumError / count < 0.05, "mean error " + sumError / count);
    }

    @Test
    void shouldPredictALlama3LayerOnOneGpuFromItsKernelsAndLeaveTheFittedFractionSlowerThanTheGpu() {
        // One Llama 3 70B layer at TP8 shapes (8192 tokens, hidden 8192, 8 query heads and 1 KV head of 128, SwiGLU
        // 3584 per rank), BF16, forward and backward in PyTorch eager with cuDNN attention, no communication:
        // 5.738 TFLOP (the model's count to four digits). With 20 ms idle after each layer, so that the power cap
        // does not bind, it takes 9.62 ms; the model at the burst rate (no sustained fraction; MegatronCore's
        // attention, element-wise kernels at 0.8 of 4.8 TB/s) predicts 9.03 ms, 6% fast: its kernel accounting
        // carries the layer. Back to back the layer takes 10.95 ms (the cap binds); the model with the fitted
        // sustained fraction (0.730) predicts 11.92 ms, 9% slow even against that: the fit takes up time outside
        // one GPU's compute (docs/calibration.md, "Measured on an H200").
        TransformerSpec llama70b = new TransformerSpec("t.Llama70b", 80, 8192, 28672, 64, 8, 128, 128256, true, 0, 0,
                0, 0, 0, 0, 0);
        AcceleratorSpec h200 = new AcceleratorSpec("t.H200", "t", 989e12, 1979e12, 143771L << 20,
                H200_BYTES_PER_SECOND, CATALOG_MAMF, 0.770, 450e9, 0, "hopper", 132);
        Device fitted = Device.forTraining(h200, Precision.BF16, CalibrationProfile.defaults());
        double withGaps = row(5, "layer", "llama3-70b-tp8-fwd-bwd-idle-20ms", "bf16").seconds();
        double backToBack = row(5, "layer", "llama3-70b-tp8-fwd-bwd-back-to-back", "bf16").seconds();
        assertEquals(withGaps, layerSeconds(BURST, llama70b), 0.10 * withGaps);
        double predicted = layerSeconds(fitted, llama70b);
        assertTrue(predicted > backToBack && predicted < 1.15 * backToBack, predicted + " s against " + backToBack);
    }

    private static double layerSeconds(Device device, TransformerSpec model) {
        PassTime layer = new TransformerCompute(device, model, 8192, 8192, 8, 1, 1, false, Recompute.NONE,
                SoftwareSpec.MEGATRON_CORE, 0).layer(false);
        return layer.forwardSeconds() + layer.backwardInputSeconds() + layer.backwardWeightSeconds();
    }

    @Test
    void shouldMatchTheStacksCausalAttentionForwardAndBoundTheirBackward() {
        // cuDNN (Transformer Engine's fused attention, the MegatronCore stack): causal forward 52.5 / 55.5 / 57.6%
        // of 989 at 4K / 8K / 16K, mean 55.2% against the stack's 53.5%; causal backward 45.3 / 49.6 / 52.9%, mean
        // 49.3%, under the stack's 51.7% (FlashAttention-3's non-causal panel, which its comment calls likely an
        // upper bound). FlashAttention-2: forward 30.6 / 31.3 / 32.4%, mean 31.4% against 33.3%; backward
        // 25.9 / 28.6 / 31.3%, mean 28.6% under 32.0%.
        assertEquals(0.535, causalMean("cudnn", "fwd"), 0.03);
        assertTrue(causalMean("cudnn", "bwd") < 0.517);
        assertEquals(0.333, causalMean("flash", "fwd"), 0.03);
        assertTrue(causalMean("flash", "bwd") < 0.320);
    }

    private static double causalMean(String backend, String pass) {
        return rows(r -> r.section().equals("attention") && r.name().startsWith(backend + "-")
                && r.name().endsWith("-causal-" + pass)).stream().mapToDouble(Measured::tflops).average()
                .orElseThrow() / BF16_PEAK_TFLOPS;
    }

    @Test
    void shouldReachAtLeastTheModelsElementWiseMemoryEfficiency() {
        // Copy, add and SiLU over 8192 x 16384 BF16 reach 86.6%, 90.6% and 80.8% of 4.8 TB/s (both runs): the
        // model's 0.8 (measured on H100 as 2.6-2.9 of 3.35 TB/s) holds on H200 with a little to spare.
        for (String kernel : List.of("copy", "add", "silu")) {
            for (Measured measured : rows(r -> r.section().equals("memory") && r.name().equals(kernel))) {
                double efficiency = measured.terabytesPerSecond() * 1e12 / H200_BYTES_PER_SECOND;
                assertTrue(efficiency >= ComputeCalibration.MEMORY_EFFICIENCY && efficiency < 0.95,
                        kernel + " " + efficiency);
            }
        }
    }
}
