package org.fabricsim.dsl;

import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * A model with routed experts routes each token to top-k distinct experts of them, so 1 ≤ top-k ≤ experts; the
 * run failed in the engine's words ("need 1 ≤ picks ≤ bins") on top-k 0, on a top-k above the experts and on a
 * model that states experts without a top-k. A dense model needs none.
 */
class ModelTopKValidationTest extends FabricModelTest {

    private Model model(String experts) throws Exception {
        return parser.parse("""
                cluster C { nodes 2 x 8 accelerators link 50 GB/s latency 1 us }
                model M moe { layers 2 hidden 256 heads 4 vocab 1000 %s expert-ffn 256 }
                training T { model M on C sequence 1024 batch 32 sequences parallel data 16 }
                """.formatted(experts));
    }

    @Test
    void shouldRefuseATopKOfZeroOrAboveTheExperts() throws Exception {
        validation.assertError(model("experts 8 top-k 0"), Literals.LANGUAGE_MODEL, IssueCodes.MODEL_TOP_K,
                "picks top-k of its 8 routed experts, so 'top-k' lies between 1 and 8, not 0");
        validation.assertError(model("experts 8 top-k 9"), Literals.LANGUAGE_MODEL, IssueCodes.MODEL_TOP_K,
                "between 1 and 8, not 9");
    }

    @Test
    void shouldRefuseExpertsWithoutATopK() throws Exception {
        validation.assertError(model("experts 8"), Literals.LANGUAGE_MODEL, IssueCodes.MODEL_TOP_K,
                "between 1 and 8, and it is not written");
    }

    @Test
    void shouldAcceptATopKFromOneToTheExpertsAndADenseModelWithoutOne() throws Exception {
        for (String experts : new String[] {"experts 8 top-k 1", "experts 8 top-k 8", ""}) {
            validation.assertNoIssue(model(experts), Literals.LANGUAGE_MODEL, IssueCodes.MODEL_TOP_K);
        }
    }
}
