package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/**
 * DeepEP's normal kernels beside the other micro-batch's GEMMs under two-batch overlap ({@link TwoBatchOverlap}): they
 * run on SMs that share the part's clock, which the power cap holds at 0.838 of the short-run rate on Hopper
 * (validation/measured/h200-compute.csv: 669.67 ÷ 798.86 TFLOP/s, an 8192³ BF16 GEMM back to back against bursts), so
 * the exchange takes 1/0.838 = 1.193 times its time alone. Kernels that hold no SMs (DeepEP's low-latency kernels) and
 * parts whose capped rate is not measured keep their time alone.
 */
class OverlappedExchangeTest {
    private static final Device H100_FP8 = Device.of(ServingFixtures.H100, Precision.FP8,
            CalibrationProfile.defaults());
    /** A100 SXM 80 GB (catalog): an Ampere part, 108 SMs, whose power-capped rate is not measured. */
    private static final AcceleratorSpec A100 = new AcceleratorSpec("nvidia.A100_SXM", "NVIDIA", 312e12, 0,
            80_000_000_000L, 2039e9, 0.869, 300e9).withArchitecture("ampere", 108);

    @Test
    void shouldStretchTheNormalKernelsExchangeByHoppersPowerCapBesideTheGemms() {
        // one half's compute 10 ms, its dispatch plus combine alone 15 ms, on an H100: the compute stream 2 · 10 ÷
        // (1 − 20/132) = 23.571 ms, the exchange 2 · 15 ÷ (669.67/798.86) = 30 ÷ 0.838275 = 35.788 ms, which binds
        TwoBatchOverlap overlap = TwoBatchOverlap.of(false, ServingFixtures.H100, H100_FP8);
        assertEquals(35.788e-3, overlap.layerSeconds(10e-3, 15e-3), 1e-6);
    }

    @Test
    void shouldLeaveTheComputeStreamAsItWasWhereTheStretchedExchangeStillHides() {
        // 10 ms of compute a half against 5 ms of exchange: 2 · 5 ÷ 0.838 = 11.93 ms hides under 23.571 ms
        TwoBatchOverlap overlap = TwoBatchOverlap.of(false, ServingFixtures.H100, H100_FP8);
        assertEquals(20e-3 / (1 - 20.0 / 132), overlap.layerSeconds(10e-3, 5e-3), 1e-12);
    }

    @Test
    void shouldNotStretchTheLowLatencyKernelsWhichHoldNoSms() {
        // decode pools: DeepEP's receive hook occupies no SM, so neither the SM share nor the clock applies: 2 · 15 ms
        TwoBatchOverlap overlap = TwoBatchOverlap.of(true, ServingFixtures.H100, H100_FP8);
        assertEquals(30e-3, overlap.layerSeconds(10e-3, 15e-3), 1e-12);
    }

    @Test
    void shouldNotStretchTheExchangeOnAPartWhoseCappedRateIsNotMeasured() {
        // an A100: 20 of 108 SMs off the compute (2 · 10 ÷ (1 − 20/108) = 24.545 ms), the exchange at its time alone
        // (2 · 15 = 30 ms)
        Device a100 = Device.of(A100, Precision.BF16, CalibrationProfile.defaults());
        TwoBatchOverlap overlap = TwoBatchOverlap.of(false, A100, a100);
        assertEquals(1.0, Device.normalKernelClock(A100), 0);
        assertEquals(30e-3, overlap.layerSeconds(10e-3, 15e-3), 1e-12);
    }
}
