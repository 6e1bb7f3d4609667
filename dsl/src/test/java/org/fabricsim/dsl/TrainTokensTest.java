package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.eclipse.xtext.EcoreUtil2;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/** A training's token budget, {@code train N [million|billion|trillion] tokens}: its spec and its check. */
class TrainTokensTest extends FabricModelTest {
    private static final String JOB = """
            package p
            import fabric.catalog.nvidia.*
            cluster C { nodes 4 x DGX_H100 scale-out InfiniBand_NDR fat-tree { switch QM9700 tiers 2 } }
            model M transformer { layers 24 hidden 2304 ffn 9216 heads 24 vocab 51200 }
            training T {
                model M on C
                sequence 2048
                batch 512 sequences
                parallel tensor 8 data 4
                %s
            }
            """;

    private Model model(String budget) throws Exception {
        return parser.parse(JOB.formatted(budget));
    }

    private double trainTokens(String budget) throws Exception {
        Model model = model(budget);
        validation.assertNoErrors(model);
        return mapper.toTraining(EcoreUtil2.getAllContentsOfType(model, Training.class).get(0)).trainTokens();
    }

    @Test
    void shouldScaleTheBudgetByItsWord() throws Exception {
        // Llama 3 405B: 15.6 trillion tokens (Llama 3 paper, §1) = 1.56e13.
        assertEquals(1.56e13, trainTokens("train 15.6 trillion tokens"), 1);
        assertEquals(3e11, trainTokens("train 300 billion tokens"), 1e-3);
        assertEquals(2.5e7, trainTokens("train 25 million tokens"), 1e-6);
        assertEquals(4096, trainTokens("train 4096 tokens"), 0);
    }

    @Test
    void shouldStateNoBudgetWhenTheTrainingSaysNone() throws Exception {
        assertEquals(0, trainTokens(""), 0);
    }

    @Test
    void shouldRejectAZeroBudgetWithItsFix() throws Exception {
        validation.assertError(model("train 0 trillion tokens"), Literals.TRAINING,
                IssueCodes.TRAIN_TOKENS_NOT_POSITIVE, "more than zero tokens", "'train 15.6 trillion tokens'");
    }

    @Test
    void shouldAcceptAPositiveBudget() throws Exception {
        validation.assertNoIssue(model("train 0.5 trillion tokens"), Literals.TRAINING,
                IssueCodes.TRAIN_TOKENS_NOT_POSITIVE);
    }
}
