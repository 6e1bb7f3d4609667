package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.xtext.resource.XtextResource;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.formatting2.CanonicalText;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.inference.InferenceRunner;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.Fp8Scaling;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.training.TrainingSimulator;
import org.junit.jupiter.api.Test;

import com.google.inject.Inject;

/**
 * An FP8 training's and a deployment's scaling: mapped as written (per tensor when absent), refused without FP8 (and a
 * deployment's blockwise scaling on a part without an FP8 rate), and charged.
 */
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

    private static final String DEPLOYMENT = SMALL_ON_ONE_DGX + """
            inference Serve {
                model Small on OneDgx
                precision fp8
                serving pool { replicas 1 parallel tensor 8 }
                traffic { arrival all-at-once prompt fixed 4096 output fixed 1 requests 8 }
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
                Literals.TRAINING, IssueCodes.UNSUPPORTED_PRECISION, "how FP8 GEMM operands are scaled");
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

    private InferenceSpec served(String precision) throws Exception {
        Model model = parser.parse(DEPLOYMENT.replace("precision fp8", precision));
        validation.assertNoErrors(model);
        return mapper.toInference(model.getElements().stream().filter(Inference.class::isInstance)
                .map(Inference.class::cast).findFirst().orElseThrow());
    }

    @Test
    void shouldMapADeploymentsWrittenScalingAndDefaultToPerTensor() throws Exception {
        assertEquals(Fp8Scaling.BLOCKWISE, served("precision fp8 scaling blockwise").fp8Scaling());
        assertEquals(Fp8Scaling.TENSOR, served("precision fp8 scaling per-tensor").fp8Scaling());
        assertEquals(Fp8Scaling.TENSOR, served("precision fp8").fp8Scaling());
    }

    @Test
    void shouldRefuseADeploymentsScalingWithoutFp8() throws Exception {
        validation.assertError(parser.parse(DEPLOYMENT.replace("precision fp8", "precision bf16 scaling blockwise")),
                Literals.INFERENCE, IssueCodes.UNSUPPORTED_PRECISION, "precision fp8 scaling blockwise");
    }

    @Test
    void shouldRefuseBlockwiseServingOnAPartWithoutAnFp8Rate() throws Exception {
        // A100 has no FP8 rate in the catalog: its FP8 weights are multiplied at BF16, where blockwise scales nothing
        String blockwise = DEPLOYMENT.replace("precision fp8", "precision fp8 scaling blockwise");
        Model a100 = parser.parse(blockwise.replace("nodes 1 x DGX_H100", "nodes 1 x A100Box") + """
                node A100Box {
                    accelerators 8 x A100_SXM
                    scale-up NVLink3 switched domain 8
                }
                """);
        validation.assertError(a100, Literals.INFERENCE, IssueCodes.UNSUPPORTED_PRECISION, "has no FP8 rate");
        validation.assertNoIssue(parser.parse(blockwise), Literals.INFERENCE, IssueCodes.UNSUPPORTED_PRECISION);
    }

    @Test
    void shouldServeLongerWithBlockwiseScalingThanPerTensor() throws Exception {
        // Eight 4,096-token prompts prefill in compute-bound GEMMs, each slower by the blockwise depth factor
        RunResult tensor = InferenceRunner.run(served("precision fp8"));
        RunResult blockwise = InferenceRunner.run(served("precision fp8 scaling blockwise"));
        assertTrue((Double) blockwise.metrics().get("makespanSeconds") > (Double) tensor.metrics().get("makespanSeconds"));
    }

    @Test
    void shouldKeepTheScalingBesideThePrecisionWhenFormatting() throws Exception {
        String messy = JOB.replace("precision fp8", "precision   fp8\n        scaling  blockwise");
        String expected = JOB.replace("precision fp8", "precision fp8 scaling blockwise");
        assertEquals(expected, canonical.of((XtextResource) parser.parse(messy).eResource()));
        String deployment = canonical.of((XtextResource) parser.parse(DEPLOYMENT).eResource());
        String messyDeployment = deployment.replace("precision fp8", "precision   fp8\n        scaling  blockwise");
        assertEquals(deployment.replace("precision fp8", "precision fp8 scaling blockwise"),
                canonical.of((XtextResource) parser.parse(messyDeployment).eResource()));
    }
}
