package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.xtext.diagnostics.Severity;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * A model's kind does not decide how it runs: the engine runs a mixture of experts exactly when the model states
 * {@code experts}. A kind that contradicts them says so with an info, and a kind that agrees stays quiet.
 */
class ModelKindValidationTest extends FabricModelTest {

    /**
     * 16 accelerators (a generic part with a bf16 rate on an open torus, so that nothing else warns) training a model
     * of kind {@code kind} with {@code experts} in its block.
     */
    private Model model(String kind, String experts) throws Exception {
        return parser.parse("""
                vendor Acme "Acme"
                accelerator Tpu { vendor Acme compute bf16 275 TFLOPS memory 32 GiB bandwidth 1200 GB/s }
                fabric Ici { vendor Acme scope scale-out open-standard link 50 GB/s latency 1 us }
                node Host { accelerators 4 x Tpu }
                cluster C { nodes 4 x Host scale-out Ici torus 4 x 4 }
                model M %s { layers 2 hidden 256 heads 4 vocab 1000 %s }
                training T { model M on C sequence 1024 batch 32 sequences parallel data 16 }
                """.formatted(kind, experts));
    }

    @Test
    void shouldSayATransformerWithExpertsRunsAsAMixtureOfExperts() throws Exception {
        Model model = model("transformer", "experts 8 top-k 2");
        validation.assertIssue(model, Literals.LANGUAGE_MODEL, IssueCodes.MODEL_KIND_NOT_SIMULATED, Severity.INFO,
                "M runs as 'moe'; write 'moe'.");
        assertTrue(mappedTraining(model).model().moe(), "8 experts make the run a mixture of experts");
    }

    @Test
    void shouldSayAMixtureOfExpertsWithoutExpertsRunsDense() throws Exception {
        Model model = model("moe", "");
        validation.assertIssue(model, Literals.LANGUAGE_MODEL, IssueCodes.MODEL_KIND_NOT_SIMULATED, Severity.INFO,
                "M runs as 'transformer'; write 'transformer', or state its 'experts' and 'top-k'.");
        assertFalse(mappedTraining(model).model().moe(), "without experts the run is dense");
    }

    @Test
    void shouldStayQuietOnAKindThatAgreesWithItsExperts() throws Exception {
        validation.assertNoIssue(model("moe", "experts 8 top-k 2"), Literals.LANGUAGE_MODEL,
                IssueCodes.MODEL_KIND_NOT_SIMULATED);
        validation.assertNoIssue(model("transformer", ""), Literals.LANGUAGE_MODEL,
                IssueCodes.MODEL_KIND_NOT_SIMULATED);
        assertEquals(List.of(), validation.validate(model("transformer", "")), "the dense job raises nothing");
    }
}
