package org.fabricsim.runtime.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/**
 * A part's measured memory efficiency (the catalog's {@code memory-efficiency}) sets the rate of its memory-bound
 * kernels; a part without one keeps {@link ComputeCalibration#MEMORY_EFFICIENCY}.
 */
class MeasuredMemoryEfficiencyTest {
    /** MI300X as the catalog states it: 5.3 TB/s, copy 4.11 TB/s measured (77.5%), FP8 MAF 48.7%. */
    private static final AcceleratorSpec MI300X = new AcceleratorSpec("amd.MI300X", "AMD", 1307.4e12, 2614.9e12,
            192_000_000_000L, 5.3e12, 0.514, 0.487, 448e9, 0).withArchitecture("cdna3", 304)
            .withMemoryEfficiency(0.775);

    @Test
    void shouldStreamAtThePartsMeasuredMemoryEfficiency() {
        Device device = Device.of(MI300X, Precision.FP8, CalibrationProfile.defaults());
        // 8.8 GB of FP8 weights (70B at TP8) at 5.3e12 × 0.775 = 4.1075e12 B/s: 2.1424 ms.
        assertEquals(8.8e9 / 4.1075e12, device.memorySeconds(8.8e9), 1e-15);
        assertEquals(0.775, device.highPrecision().memoryEfficiency(), "the BF16 GEMMs' device streams alike");
        assertEquals(0.775, device.blockwise(false).memoryEfficiency(), "and the blockwise one");
    }

    @Test
    void shouldKeepTheElementwiseFractionOnAPartWithoutAMeasurement() {
        AcceleratorSpec unmeasured = MI300X.withMemoryEfficiency(0);
        Device device = Device.of(unmeasured, Precision.FP8, CalibrationProfile.defaults());
        // 5.3e12 × 0.8 = 4.24e12 B/s: 2.0755 ms for the same 8.8 GB.
        assertEquals(8.8e9 / 4.24e12, device.memorySeconds(8.8e9), 1e-15);
    }

    @Test
    void shouldRunTheFp8GemmsAtThePartsMeasuredFp8Share() {
        Device device = Device.of(MI300X, Precision.FP8, CalibrationProfile.defaults());
        // AMD's FP8 MAF 1,273 of 2,614.9 TFLOP/s; no cdna3 sustained fraction in the default profile (1.0).
        assertEquals(2614.9e12, device.gemmFlopsPerSecond());
        assertEquals(0.487, device.matmulEfficiency(), 1e-12);
    }

    @Test
    void shouldRefuseAMemoryEfficiencyAboveOne() {
        assertThrows(IllegalArgumentException.class, () -> MI300X.withMemoryEfficiency(77.5));
    }
}
