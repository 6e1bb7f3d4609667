package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.diagnostics.Severity;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.junit.jupiter.api.Test;

/** Software stacks and TP overlap: what a training states reaches its spec, and the stack's checks. */
class SoftwareStackTest extends FabricModelTest {
    private static final String JOB = """
            package p
            import fabric.catalog.nvidia.*
            import fabric.catalog.stacks.*
            cluster C { nodes 4 x DGX_H100 scale-out InfiniBand_NDR fat-tree { switch QM9700 tiers 2 } }
            model M transformer { layers 24 hidden 2304 ffn 9216 heads 24 vocab 51200 }
            """;

    @Test
    void shouldRunOnMegatronCoreWithoutTpOverlapWhenTheTrainingNamesNoStack() throws Exception {
        TrainingSpec spec = training("parallel tensor 8 data 4");
        assertEquals(SoftwareSpec.MEGATRON_CORE, spec.software());
        assertFalse(spec.tensorOverlap());
    }

    @Test
    void shouldStateInTheCatalogTheStackTheEngineDefaultsTo() throws Exception {
        // the engine's default stack and the catalog's MegatronCore must not drift apart
        assertEquals(SoftwareSpec.MEGATRON_CORE, training("parallel tensor 8 data 4\n software MegatronCore").software());
    }

    @Test
    void shouldStateInTheCatalogTheFlashAttention2StackTheLlama3RowsRunOn() throws Exception {
        // the calibration's FlashAttention-2 constants (FlashAttention2StackTest) and the catalog's must not drift
        // apart; "33.3 %" maps to 33.3 / 100, one ulp from the constant's 0.333
        assertCatalogStatesTheStack(SoftwareSpec.FLASH_ATTENTION_2, "FlashAttention2");
    }

    @Test
    void shouldStateInTheCatalogTheAmpereFlashAttention2StackTheHeldOutA100RowsRunOn() throws Exception {
        // FLASH_ATTENTION_2_AMPERE (FlashAttention2StackTest) and the catalog's FlashAttention2Ampere must not drift
        assertCatalogStatesTheStack(SoftwareSpec.FLASH_ATTENTION_2_AMPERE, "FlashAttention2Ampere");
    }

    @Test
    void shouldCarryTheNamedStackAndTpOverlapIntoTheSpec() throws Exception {
        TrainingSpec spec = training("parallel tensor 8 data 4\n software MegatronLM2021\n tp-overlap");
        // the catalog's MegatronLM2021: unfused attention, seven element-wise kernels per layer
        assertEquals(SoftwareSpec.AttentionKernel.UNFUSED, spec.software().attention());
        assertEquals(7, spec.software().elementwiseKernelsPerLayer());
        assertEquals("fabric.catalog.stacks.MegatronLM2021", spec.software().name());
        assertTrue(spec.tensorOverlap());
    }

    @Test
    void shouldWarnThatUnfusedAttentionUsesNoEfficiencies() throws Exception {
        Model model = parser.parse("software S { attention unfused forward 60 % backward 48 % elementwise-kernels 6 }");
        validation.assertIssue(model, Literals.SOFTWARE, IssueCodes.SOFTWARE_ATTENTION_EFFICIENCY, Severity.WARNING);
    }

    @Test
    void shouldRejectAFlashEfficiencyAboveTheWholePeak() throws Exception {
        Model model = parser.parse("software S { attention flash forward 120 % backward 48 % elementwise-kernels 6 }");
        validation.assertIssue(model, Literals.SOFTWARE, IssueCodes.SOFTWARE_ATTENTION_EFFICIENCY, Severity.ERROR);
    }

    @Test
    void shouldAcceptTheCatalogsStacksAsWritten() throws Exception {
        Model model = parser.parse("software S { attention flash forward 53.5 % backward 51.7 % elementwise-kernels 6 }");
        validation.assertNoIssues(model);
    }

    /** The catalog's stack {@code catalogName} states what {@code engine} does: name, attention kernel and rates. */
    private void assertCatalogStatesTheStack(SoftwareSpec engine, String catalogName) throws Exception {
        SoftwareSpec catalog = training("parallel tensor 8 data 4\n software " + catalogName).software();
        assertEquals(engine.name(), catalog.name());
        assertEquals(engine.attention(), catalog.attention());
        assertEquals(engine.attentionForwardEfficiency(), catalog.attentionForwardEfficiency(), 1e-15);
        assertEquals(engine.attentionBackwardEfficiency(), catalog.attentionBackwardEfficiency(), 1e-15);
        assertEquals(engine.elementwiseKernelsPerLayer(), catalog.elementwiseKernelsPerLayer());
    }

    private TrainingSpec training(String plan) throws Exception {
        Model model = parser.parse(JOB + "training T { model M on C sequence 2048 batch 512 sequences " + plan + " }");
        validation.assertNoErrors(model);
        return mapper.toTraining(EcoreUtil2.getAllContentsOfType(model, Training.class).get(0));
    }
}
