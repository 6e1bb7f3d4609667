package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/**
 * A deployment at FP4: the catalog's {@code fp4 ... TFLOPS} reaches the runtime's accelerator and its GEMMs run at it;
 * on a part without an FP4 rate the editor refuses it rather than let the GEMMs run at the BF16 rate, as it refuses
 * INT8, for which no part states a rate.
 */
class Fp4ServingTest extends FabricModelTest {
    private static final String DEPLOYMENT = SMALL_ON_ONE_DGX + """
            inference Serve {
                model Small on OneDgx
                precision fp4
                serving pool { replicas 1 parallel tensor 8 }
                traffic { arrival all-at-once prompt fixed 1024 output fixed 16 requests 8 }
            }
            """;
    private static final String ON_B200 = DEPLOYMENT.replace("nodes 1 x DGX_H100", "nodes 1 x DGX_B200");

    private InferenceSpec served(Model model) {
        return mapper.toInference(model.getElements().stream().filter(Inference.class::isInstance)
                .map(Inference.class::cast).findFirst().orElseThrow());
    }

    @Test
    void shouldMapTheCatalogsFp4RateAndRunFp4GemmsAtItsMeasuredShare() throws Exception {
        Model model = parser.parse(ON_B200);
        validation.assertNoErrors(model);
        AcceleratorSpec b200 = served(model).cluster().node().accelerator();
        // nvidia.fabric: B200 'fp4 9000 TFLOPS'
        assertEquals(9000e12, b200.fp4FlopsPerSecond(), 1e6);
        Device device = Device.of(b200, Precision.FP4, CalibrationProfile.defaults());
        // 9,000 TFLOPS x 5,500/9,000 (pytorch/ao PR 2427's cuBLASLt NVFP4 sweep on B200) x 0.704 (the default
        // profile's Blackwell sustained fraction) = 3,872 TFLOP/s, against the BF16 GEMMs' 2,250 x 0.776 x 0.704
        // = 1,229 TFLOP/s
        assertEquals(3872e12, device.gemmFlopsPerSecond() * device.matmulEfficiency(), 1e9);
    }

    @Test
    void shouldRefuseServingAtFp4OnAPartWithoutAnFp4Rate() throws Exception {
        // H100 SXM states bf16, fp8, fp16 and tf32 rates only: its FP4 GEMMs would run at the BF16 rate
        validation.assertError(parser.parse(DEPLOYMENT), Literals.INFERENCE, IssueCodes.UNSUPPORTED_PRECISION,
                "has no FP4 rate");
        validation.assertNoIssue(parser.parse(ON_B200), Literals.INFERENCE, IssueCodes.UNSUPPORTED_PRECISION);
        validation.assertNoIssue(parser.parse(DEPLOYMENT.replace("precision fp4", "precision fp8")),
                Literals.INFERENCE, IssueCodes.UNSUPPORTED_PRECISION);
    }

    @Test
    void shouldRefuseServingAtInt8WhichNoPartStatesARateFor() throws Exception {
        // the catalog states no INT8 rate on any part (H100 SXM or B200): INT8 GEMMs would run at the BF16 rate
        validation.assertError(parser.parse(DEPLOYMENT.replace("precision fp4", "precision int8")), Literals.INFERENCE,
                IssueCodes.UNSUPPORTED_PRECISION, "serving at int8 is not modelled");
        validation.assertError(parser.parse(ON_B200.replace("precision fp4", "precision int8")), Literals.INFERENCE,
                IssueCodes.UNSUPPORTED_PRECISION, "serving at int8 is not modelled");
    }
}
