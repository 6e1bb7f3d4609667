package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.eclipse.xtext.EcoreUtil2;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.junit.jupiter.api.Test;

/** A plan's capacity-factor and routing-skew: mapped as written, and each rule once firing and once quiet. */
class ExpertRoutingValidationTest extends ExpertPlanTest {

    @Test
    void shouldMapTheWrittenRoutingAndDefaultToDroplessBalanced() throws Exception {
        assertEquals(new ExpertRoutingSpec(1.25, 1.5), routing("expert 4 capacity-factor 1.25 routing-skew 1.5"));
        assertEquals(ExpertRoutingSpec.DEFAULT, routing("expert 4"));
    }

    @Test
    void shouldMapTheRoutingOfAnInferencePool() throws Exception {
        Model model = inference("routing-skew 2");
        Inference inference = EcoreUtil2.typeSelect(model.getElements(), Inference.class).get(0);
        assertEquals(new ExpertRoutingSpec(ExpertRoutingSpec.DROPLESS, 2),
                mapper.toInference(inference).pools().get(0).parallel().expertRouting());
    }

    @Test
    void shouldRejectACapacityFactorOfZero() throws Exception {
        validation.assertError(training("moe", "expert 4 capacity-factor 0"), Literals.PARALLELISM,
                IssueCodes.CAPACITY_FACTOR, "must be positive");
    }

    @Test
    void shouldAcceptAPositiveCapacityFactor() throws Exception {
        validation.assertNoIssue(training("moe", "expert 4 capacity-factor 1.25"), Literals.PARALLELISM,
                IssueCodes.CAPACITY_FACTOR);
    }

    @Test
    void shouldWarnThatACapacityFactorBelowOneDropsBalancedTokens() throws Exception {
        validation.assertWarning(training("moe", "expert 4 capacity-factor 0.75"), Literals.PARALLELISM,
                IssueCodes.CAPACITY_BELOW_ONE, "drops 25% of its tokens even when routing is perfectly balanced");
    }

    @Test
    void shouldNotWarnAtACapacityFactorOfOne() throws Exception {
        validation.assertNoIssue(training("moe", "expert 4 capacity-factor 1"), Literals.PARALLELISM,
                IssueCodes.CAPACITY_BELOW_ONE);
    }

    @Test
    void shouldRejectASkewBelowOne() throws Exception {
        validation.assertError(training("moe", "expert 4 routing-skew 0.5"), Literals.PARALLELISM,
                IssueCodes.ROUTING_SKEW, "at least 1");
    }

    @Test
    void shouldRejectASkewAboveTheExpertDegree() throws Exception {
        validation.assertError(training("moe", "expert 4 routing-skew 4.5"), Literals.PARALLELISM,
                IssueCodes.ROUTING_SKEW, "at most 4");
    }

    @Test
    void shouldAcceptASkewOfTheExpertDegree() throws Exception {
        validation.assertNoIssue(training("moe", "expert 4 routing-skew 4"), Literals.PARALLELISM,
                IssueCodes.ROUTING_SKEW);
    }

    @Test
    void shouldRejectRoutingOnADenseModel() throws Exception {
        validation.assertError(training("transformer", "routing-skew 1"), Literals.PARALLELISM,
                IssueCodes.ROUTING_ON_DENSE, "M is dense");
    }

    @Test
    void shouldAcceptRoutingOnAnMoeModel() throws Exception {
        validation.assertNoIssue(training("moe", "expert 4 routing-skew 1 capacity-factor 2"), Literals.PARALLELISM,
                IssueCodes.ROUTING_ON_DENSE);
    }
}
