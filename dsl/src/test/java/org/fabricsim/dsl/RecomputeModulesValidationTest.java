package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.RecomputeModule;
import org.junit.jupiter.api.Test;

/**
 * {@code recompute selective modules ...}: mapped as listed, plain {@code selective} the attention core, and a
 * warning where a module recomputes nothing (the model lacks it, or the policy is not selective).
 */
class RecomputeModulesValidationTest extends FabricModelTest {
    private static final String MLA_MOE = "moe { layers 4 hidden 256 heads 4 vocab 1000 experts 8 top-k 2 shared-experts 1"
            + " expert-ffn 128 dense-layers 1 mla kv-rank 64 q-rank 96 rope-dim 16 }";
    private static final String DENSE = "transformer { layers 4 hidden 256 heads 4 vocab 1000 }";

    @Test
    void shouldMapTheListedModules() throws Exception {
        assertEquals(List.of(RecomputeModule.LAYERNORM, RecomputeModule.MLA_UP_PROJECTION),
                mappedTraining(training(MLA_MOE, "selective modules layernorm mla-up-proj")).recomputeModules());
    }

    @Test
    void shouldRecomputeTheAttentionCoreForPlainSelective() throws Exception {
        assertEquals(List.of(RecomputeModule.CORE_ATTENTION), mappedTraining(training(MLA_MOE, "selective"))
                .recomputeModules());
    }

    @Test
    void shouldAcceptEveryModuleTheModelHas() throws Exception {
        validation.assertNoIssue(training(MLA_MOE,
                "selective modules core-attn layernorm mla-up-proj moe-act mlp shared-experts"), Literals.TRAINING,
                IssueCodes.RECOMPUTE_MODULE_ABSENT);
    }

    @Test
    void shouldWarnOfMlaUpProjectionsWithoutMla() throws Exception {
        validation.assertWarning(training(DENSE, "selective modules mla-up-proj"), Literals.TRAINING,
                IssueCodes.RECOMPUTE_MODULE_ABSENT, "no MLA up-projections");
    }

    @Test
    void shouldWarnOfTheExpertActivationOfADenseModel() throws Exception {
        validation.assertWarning(training(DENSE, "selective modules moe-act"), Literals.TRAINING,
                IssueCodes.RECOMPUTE_MODULE_ABSENT, "dense, without routed experts");
    }

    @Test
    void shouldWarnOfSharedExpertsTheModelDoesNotHave() throws Exception {
        validation.assertWarning(training(MLA_MOE.replace(" shared-experts 1", ""), "selective modules shared-experts"),
                Literals.TRAINING, IssueCodes.RECOMPUTE_MODULE_ABSENT, "no shared experts");
    }

    @Test
    void shouldWarnOfADenseMlpWhereEveryLayerIsRouted() throws Exception {
        validation.assertWarning(training(MLA_MOE.replace(" dense-layers 1", ""), "selective modules mlp"),
                Literals.TRAINING, IssueCodes.RECOMPUTE_MODULE_ABSENT, "every layer is routed");
    }

    @Test
    void shouldWarnOfAListAfterFullRecomputation() throws Exception {
        validation.assertWarning(training(MLA_MOE, "full modules layernorm"), Literals.TRAINING,
                IssueCodes.RECOMPUTE_MODULE_ABSENT, "reads no list");
    }

    private Model training(String model, String recompute) throws Exception {
        return parser.parse("""
                cluster C { nodes 2 x 8 accelerators link 50 GB/s latency 1 us }
                model M %s
                training T {
                    model M on C
                    sequence 1024
                    batch 32 sequences
                    parallel data 16
                    recompute %s
                }
                """.formatted(model, recompute));
    }
}
