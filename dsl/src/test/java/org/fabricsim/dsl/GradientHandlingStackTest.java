package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.xtext.EcoreUtil2;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.compute.ComputeCalibration;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.training.TrainingSimulator;
import org.junit.jupiter.api.Test;

/**
 * A software stack's gradient handling, {@code gradient-accumulation} and {@code sharded-gradients}: what a stack
 * states reaches {@link SoftwareSpec}, the catalog's MegatronDeepSpeed, the negative-bytes check, and the step time the
 * accumulation adds.
 */
class GradientHandlingStackTest extends FabricModelTest {
    private static final String JOB = """
            package p
            import fabric.catalog.nvidia.*
            import fabric.catalog.stacks.*
            cluster C { nodes 4 x DGX_H100 scale-out InfiniBand_NDR fat-tree { switch QM9700 tiers 2 } }
            cluster Solo { nodes 1 x DGX_H100 }
            model M transformer { layers 24 hidden 2304 ffn 9216 heads 24 vocab 51200 }
            """;

    @Test
    void shouldCarryAStacksGradientHandlingIntoTheSoftwareSpec() throws Exception {
        SoftwareSpec software = software("""
                software Folding {
                    attention unfused
                    elementwise-kernels 7
                    gradient-accumulation 18 B per-parameter
                    sharded-gradients all-reduce
                }
                """);
        assertEquals(18.0, software.gradientAccumulationBytes());
        assertTrue(software.allReducesShardedGradients());
        assertEquals("p.Folding", software.name());
    }

    @Test
    void shouldAccumulateInTheGemmAndReduceScatterWhenAStackStatesNoGradientHandling() throws Exception {
        SoftwareSpec absent = software("software Plain { attention unfused elementwise-kernels 7 }");
        assertEquals(0.0, absent.gradientAccumulationBytes());
        assertFalse(absent.allReducesShardedGradients());
        SoftwareSpec stated = software("""
                software Scattering {
                    attention unfused
                    elementwise-kernels 7
                    gradient-accumulation 0 B per-parameter
                    sharded-gradients reduce-scatter
                }
                """);
        assertEquals(0.0, stated.gradientAccumulationBytes());
        assertFalse(stated.allReducesShardedGradients());
    }

    @Test
    void shouldStateInTheCatalogDeepSpeedsBf16OptimizerOverMegatronLm2021sKernels() throws Exception {
        SoftwareSpec catalog = training("C", "parallel tensor 8 data 4 software MegatronDeepSpeed").software();
        SoftwareSpec kernels = training("C", "parallel tensor 8 data 4 software MegatronLM2021").software();
        // the runtime's constant (TrainingFixtures.MEGATRON_DEEPSPEED) and the catalog's stack must not drift apart
        assertEquals(kernels.withGradientHandling("fabric.catalog.stacks.MegatronDeepSpeed",
                ComputeCalibration.BF16_OPTIMIZER_ACCUMULATE_BYTES, true), catalog);
    }

    @Test
    void shouldRejectANegativeGradientAccumulation() throws Exception {
        Model model = parser.parse(
                "software S { attention unfused elementwise-kernels 7 gradient-accumulation -18 B per-parameter }");
        validation.assertError(model, Literals.SOFTWARE, IssueCodes.SOFTWARE_GRADIENT_ACCUMULATION);
    }

    @Test
    void shouldAcceptZeroAndTheBf16OptimizersGradientAccumulation() throws Exception {
        validation.assertNoIssues(parser.parse(
                "software S { attention unfused elementwise-kernels 7 gradient-accumulation 0 B per-parameter }"));
        validation.assertNoIssues(parser.parse(
                "software S { attention unfused elementwise-kernels 7 gradient-accumulation 18 B per-parameter }"));
    }

    @Test
    void shouldSlowEachMicroBatchByTheAccumulationsHbmTrafficWhenTheTrainingNamesMegatronDeepSpeed() throws Exception {
        String plan = "parallel tensor 4 data 2 micro-batch 1 overlap 0 % software ";
        double deepSpeed = stepSeconds(training("Solo", plan + "MegatronDeepSpeed"));
        double megatron = stepSeconds(training("Solo", plan + "MegatronLM2021"));
        // Local parameters at TP4: 24 layers of 4h² (attention) + 2hf (MLP), and the input embedding and output layer
        // V·h each, over 4, and each layer's two norms (2h) and the final norm (h) whole on every TP rank. 512
        // sequences on DP2 at micro-batch 1 are 256 micro-batches, each moving 18 B per parameter through the H100
        // SXM's 3.35 TB/s at the element-wise efficiency 0.8. No pipeline and no sharding: the DP all-reduce after the
        // last backward is the same for both stacks.
        double h = 2304;
        double parameters = (24 * (4 * h * h + 2 * h * 9216) + 2 * 51200 * h) / 4 + 24 * 2 * h + h;
        double expected = 256 * parameters * 18 / (3.35e12 * 0.8);
        assertEquals(expected, deepSpeed - megatron, 1e-9 * expected);
    }

    private SoftwareSpec software(String stack) throws Exception {
        Model model = parser.parse(JOB + stack + "training T { model M on C sequence 2048 batch 512 sequences"
                + " parallel tensor 8 data 4 software " + stack.split("\\s+")[1] + " }");
        validation.assertNoErrors(model);
        return mapper.toTraining(EcoreUtil2.getAllContentsOfType(model, Training.class).get(0)).software();
    }

    private TrainingSpec training(String cluster, String plan) throws Exception {
        Model model = parser.parse(JOB + "training T { model M on " + cluster + " sequence 2048 batch 512 sequences "
                + plan + " }");
        validation.assertNoErrors(model);
        return mapper.toTraining(EcoreUtil2.getAllContentsOfType(model, Training.class).get(0));
    }

    private static double stepSeconds(TrainingSpec spec) {
        return ((Number) TrainingSimulator.run(spec).metrics().get("stepTimeSeconds")).doubleValue();
    }
}
