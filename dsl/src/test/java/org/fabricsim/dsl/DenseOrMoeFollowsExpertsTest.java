package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.xtext.diagnostics.Severity;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.junit.jupiter.api.Test;

/**
 * The editor's dense-or-MoE checks ask what the engine asks, whether the model states {@code experts}, not its kind:
 * a {@code transformer} with experts is checked as the mixture of experts it runs as, a {@code moe} without them as
 * the dense model it runs as (each also raises the kind's own info, {@link ModelKindValidationTest}).
 */
class DenseOrMoeFollowsExpertsTest extends FabricModelTest {

    /** A training on 16 accelerators of a model of kind {@code kind} with {@code experts}, DP 16 and {@code plan}. */
    private Model training(String kind, String experts, String plan) throws Exception {
        return parser.parse("""
                cluster C { nodes 2 x 8 accelerators link 50 GB/s latency 1 us }
                model M %s { layers 2 hidden 256 heads 4 vocab 1000 %s }
                training T { model M on C sequence 1024 batch 32 sequences parallel data 16 %s }
                """.formatted(kind, experts, plan));
    }

    /** A serving pool of a model of kind {@code kind} with {@code experts} on 16 accelerators, with {@code plan}. */
    private Model serving(String kind, String experts, String plan) throws Exception {
        return parser.parse("""
                cluster C { nodes 2 x 8 accelerators link 400 Gb/s latency 1 us }
                model M %s { layers 2 hidden 64 heads 4 vocab 100 %s }
                inference Serve {
                    model M on C
                    serving pool { replicas 1 %s }
                    traffic { arrival all-at-once prompt fixed 10 output fixed 10 }
                }
                """.formatted(kind, experts, plan));
    }

    @Test
    void shouldAcceptRoutingSettingsOnATransformerWithExpertsAsTheEngineRoutesThem() throws Exception {
        Model model = training("transformer", "experts 8 top-k 2", "expert 4 capacity-factor 1.25");
        validation.assertNoIssue(model, Literals.PARALLELISM, IssueCodes.ROUTING_ON_DENSE);
        assertTrue(mappedTraining(model).model().moe(), "8 experts make the run a mixture of experts");
        assertEquals(new ExpertRoutingSpec(1.25, ExpertRoutingSpec.BALANCED),
                mappedTraining(model).parallel().expertRouting());
    }

    @Test
    void shouldRefuseRoutingSettingsOnAMoeKindWithoutExpertsAsTheEngineRunsItDense() throws Exception {
        Model model = training("moe", "", "capacity-factor 1.25");
        validation.assertError(model, Literals.PARALLELISM, IssueCodes.ROUTING_ON_DENSE, "M is dense");
        assertFalse(mappedTraining(model).model().moe(), "without experts the run is dense");
    }

    @Test
    void shouldRecomputeTheExpertActivationOfATransformerWithExperts() throws Exception {
        validation.assertNoIssue(training("transformer", "experts 8 top-k 2", "recompute selective modules moe-act"),
                Literals.TRAINING, IssueCodes.RECOMPUTE_MODULE_ABSENT);
    }

    @Test
    void shouldWarnOfTheExpertActivationOfAMoeKindWithoutExperts() throws Exception {
        validation.assertWarning(training("moe", "", "recompute selective modules moe-act"), Literals.TRAINING,
                IssueCodes.RECOMPUTE_MODULE_ABSENT, "dense, without routed experts");
    }

    @Test
    void shouldSplitTheExpertsOfATransformerWithExpertsAndNoneOfAMoeKindWithout() throws Exception {
        // 16 experts over EP 6: ⌈16/6⌉ · 6 = 18, so 2 redundant experts make them split (3 per rank)
        validation.assertError(serving("transformer", "experts 16 top-k 2", "parallel data 6 expert 6"),
                Literals.PARALLELISM, IssueCodes.EXPERTS_NOT_DIVISIBLE, "16 experts do not split over EP 6");
        validation.assertNoIssue(serving("moe", "", "parallel data 6 expert 6"), Literals.PARALLELISM,
                IssueCodes.EXPERTS_NOT_DIVISIBLE);
    }

    @Test
    void shouldSayTwoBatchOverlapOnAMoeKindWithoutExpertsChangesNothing() throws Exception {
        Model model = serving("moe", "", "parallel data 8 expert 8 two-batch-overlap");
        validation.assertIssue(model, Literals.POOL, IssueCodes.SERVING_FEATURE_IGNORED,
                Severity.INFO, "'two-batch-overlap' overlaps expert-parallel dispatch");
        validation.assertNoIssue(serving("moe", "experts 16 top-k 2", "parallel data 8 expert 8 two-batch-overlap"),
                Literals.POOL, IssueCodes.SERVING_FEATURE_IGNORED);
    }
}
