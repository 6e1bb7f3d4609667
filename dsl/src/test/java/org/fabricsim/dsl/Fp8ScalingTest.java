package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.xtext.resource.XtextResource;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.formatting2.CanonicalText;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.Fp8Scaling;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.training.TrainingSimulator;
import org.junit.jupiter.api.Test;

import com.google.inject.Inject;

/** An FP8 training's scaling: mapped as written (per tensor when absent), refused without FP8, and charged. */
class Fp8ScalingTest extends FabricModelTest {
    private static final String JOB = SMALL_ON_ONE_DGX + """
            training Train {
                model Small on OneDgx
                sequence 4096
                batch 64 sequences
                precision fp8
                parallel data 8
            }
            """;

    @Inject
    private CanonicalText canonical;

    private TrainingSpec mapped(String precision) throws Exception {
        Model model = parser.parse(JOB.replace("precision fp8", precision));
        validation.assertNoErrors(model);
        return mappedTraining(model);
    }

    @Test
    void shouldMapTheWrittenScalingAndDefaultToPerTensor() throws Exception {
        assertEquals(Fp8Scaling.BLOCKWISE, mapped("precision fp8 scaling blockwise").fp8Scaling());
        assertEquals(Fp8Scaling.TENSOR, mapped("precision fp8 scaling per-tensor").fp8Scaling());
        assertEquals(Fp8Scaling.TENSOR, mapped("precision fp8").fp8Scaling());
    }

    @Test
    void shouldRefuseAScalingWithoutFp8() throws Exception {
        validation.assertError(parser.parse(JOB.replace("precision fp8", "precision bf16 scaling blockwise")),
                Literals.TRAINING, IssueCodes.UNSUPPORTED_PRECISION, "precision fp8 scaling blockwise");
        validation.assertError(parser.parse(JOB.replace("precision fp8", "precision bf16 scaling per-tensor")),
                Literals.TRAINING, IssueCodes.UNSUPPORTED_PRECISION, "how an FP8 recipe scales");
    }

    @Test
    void shouldTakeLongerWithBlockwiseScalingThanPerTensor() throws Exception {
        // Blockwise GEMMs run at 0.954 k/(k + 696) of the rate and quantize their operands (BlockwiseFp8Test): the
        // step can only lengthen.
        RunResult tensor = TrainingSimulator.run(mapped("precision fp8"));
        RunResult blockwise = TrainingSimulator.run(mapped("precision fp8 scaling blockwise"));
        assertTrue((Double) blockwise.metrics().get("stepTimeSeconds")
                > (Double) tensor.metrics().get("stepTimeSeconds"));
    }

    @Test
    void shouldKeepTheScalingBesideThePrecisionWhenFormatting() throws Exception {
        String messy = JOB.replace("precision fp8", "precision   fp8\n        scaling  blockwise");
        String expected = JOB.replace("precision fp8", "precision fp8 scaling blockwise");
        assertEquals(expected, canonical.of((XtextResource) parser.parse(messy).eResource()));
    }
}
