package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.eclipse.xtext.EcoreUtil2;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Node;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/**
 * The catalog's Blackwell parts run FP8 GEMMs at their own measured FP8 share of the FP8 peak, and BF16 GEMMs at the
 * BF16 one (validation/reference/hardware.md; docs/accuracy.md, "Blackwell FP8 GEMM rate, session 58").
 */
class BlackwellFp8RateTest extends FabricModelTest {

    @Test
    void shouldRunTheCatalogsBlackwellFp8GemmsAtTheirMeasuredFp8MamfRatherThanTheBf16Share() throws Exception {
        Model model = parser.parse("""
                node Hgx { accelerators 8 x fabric.catalog.nvidia.B200 }
                node Tray { accelerators 4 x fabric.catalog.nvidia.GB200 }
                """);
        validation.assertNoErrors(model);
        List<Node> nodes = EcoreUtil2.typeSelect(model.getElements(), Node.class);
        AcceleratorSpec b200 = mapper.toAccelerator(nodes.get(0).getAccelerator());
        AcceleratorSpec gb200 = mapper.toAccelerator(nodes.get(1).getAccelerator());
        CalibrationProfile profile = CalibrationProfile.defaults();
        // stas00/ml-engineering's MAMF table, FP8 (torch._scaled_mm, float8_e4m3fn): B200 3,432.5 of 4,500 TFLOP/s
        // = 0.7628, written 76.3%; GB200 3,615.6 of 5,000 = 0.7231, written 72.3%; times the default profile's fitted
        // Blackwell sustained fraction 0.704 (session 60): 0.763 x 0.704 = 0.537152, 0.723 x 0.704 = 0.508992.
        Device b200Fp8 = Device.of(b200, Precision.FP8, profile);
        assertEquals(4500e12, b200Fp8.gemmFlopsPerSecond());
        assertEquals(0.537152, b200Fp8.matmulEfficiency(), 1e-9);
        Device gb200Fp8 = Device.of(gb200, Precision.FP8, profile);
        assertEquals(5000e12, gb200Fp8.gemmFlopsPerSecond());
        assertEquals(0.508992, gb200Fp8.matmulEfficiency(), 1e-9);
        // BF16 GEMMs, and those an FP8 recipe keeps in BF16, at the BF16 MAMF share: 1,745 of 2,250 = 77.6% on B200,
        // 1,822 of 2,500 = 72.9% on GB200, times 0.704: 0.546304 and 0.513216
        assertEquals(0.546304, Device.of(b200, Precision.BF16, profile).matmulEfficiency(), 1e-9);
        assertEquals(0.546304, b200Fp8.highPrecision().matmulEfficiency(), 1e-9);
        assertEquals(0.513216, gb200Fp8.highPrecision().matmulEfficiency(), 1e-9);
    }
}
