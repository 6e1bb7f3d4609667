package org.fabricsim.dsl;

import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * A {@code vary} value that makes the study's job break a rule the runtime fails the run for is a warning on the
 * value, in the runtime's words, and a value that keeps it runnable is not. The job: 16 heads (and 16 KV heads) on
 * 2 DGX H100 (16 GPUs), TP4 DP2 (8 GPUs), a batch of 32 sequences, micro-batch 1; and a serving pool of a 32-head
 * model.
 */
class VariedRulesValidationTest extends FabricModelTest {
    private Model study(String axes) throws Exception {
        return parser.parse("""
                import fabric.catalog.nvidia.*
                cluster C { nodes 2 x DGX_H100 scale-out InfiniBand_NDR single-switch { switch QM9700 } }
                model M transformer { layers 2 hidden 1024 heads 16 vocab 1000 }
                training T {
                    model M on C
                    sequence 1024
                    batch 32 sequences
                    parallel tensor 4 data 2
                }
                study X {
                    simulate T
                    %s
                }
                """.formatted(axes));
    }

    @Test
    void shouldWarnAtAVariedTensorDegreeThatDoesNotSplitTheHeads() throws Exception {
        // 16 % 3 = 1: TP 3 does not split the 16 heads (TP3 × DP2 = 6 of 16 GPUs, so the cluster rule holds)
        validation.assertWarning(study("vary tensor in [2, 3, 4]"), Literals.NUMBER_VALUE, IssueCodes.VARY_RULE,
                "this value's run fails as infeasible: training T breaks the heads rule: tensor 3 does not divide the"
                        + " model's 16 attention heads: vary tensor over divisors of 16.");
    }

    @Test
    void shouldNotWarnAtVariedTensorDegreesThatSplitTheHeads() throws Exception {
        // 16 % 2 = 16 % 4 = 0
        validation.assertNoIssue(study("vary tensor in [2, 4]"), Literals.NUMBER_VALUE, IssueCodes.VARY_RULE);
    }

    @Test
    void shouldWarnAtAVariedMicroBatchThatDoesNotSplitTheBatchAndNotAtOneThatDoes() throws Exception {
        // DP2 × 3 = 6 does not divide 32 (32 / 6 = 5.33); DP2 × 2 = 4 and DP2 × 4 = 8 do
        validation.assertWarning(study("vary micro-batch in [2, 3]"), Literals.NUMBER_VALUE, IssueCodes.VARY_RULE,
                "data 2 × micro-batch 3 = 6 does not divide the batch of 32 sequences");
        validation.assertNoIssue(study("vary micro-batch in [2, 4]"), Literals.NUMBER_VALUE, IssueCodes.VARY_RULE);
    }

    /** A deployment of a 32-head model on one DGX H100, one TP1 serving replica, varied by {@code axis}. */
    private Model serving(String axis) throws Exception {
        return parser.parse("""
                import fabric.catalog.nvidia.*
                cluster C { nodes 1 x DGX_H100 }
                model M transformer { layers 2 hidden 1024 heads 32 vocab 1000 }
                inference S {
                    model M on C
                    serving pool { replicas 1 parallel tensor 1 }
                    traffic { arrival poisson 1 /s prompt fixed 10 output fixed 10 }
                }
                study Load {
                    simulate S
                    %s
                }
                """.formatted(axis));
    }

    @Test
    void shouldWarnAtAVariedPoolTensorDegreeThatDoesNotSplitTheHeadsAndNotAtOnesThatDo() throws Exception {
        // 32 % 3 = 2 does not split; 32 % 2 = 32 % 4 = 0 do (and the 32 KV heads likewise)
        validation.assertWarning(serving("vary serving tensor in [2, 3, 4]"), Literals.NUMBER_VALUE,
                IssueCodes.VARY_RULE, "inference S breaks the heads rule: the serving pool's tensor 3 does not divide"
                        + " the model's 32 attention heads: vary tensor over divisors of 32.");
        validation.assertNoIssue(serving("vary serving tensor in [2, 4]"), Literals.NUMBER_VALUE,
                IssueCodes.VARY_RULE);
    }
}
