package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.eclipse.xtext.diagnostics.Severity;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.junit.jupiter.api.Test;

/**
 * A training plan's node-limit: mapped as written, refused at 0, warned where it cannot bind (the all-to-all
 * dispatcher, no experts, a limit of at least top-k), an info in an inference pool.
 */
class NodeLimitValidationTest extends ExpertPlanTest {
    private static final String DEEPEP = "expert 8 dispatcher deepep node-limit 1";

    @Test
    void shouldMapTheWrittenLimitAndDefaultToNone() throws Exception {
        assertEquals(1, routing(DEEPEP).nodeLimit());
        assertEquals(ExpertRoutingSpec.UNLIMITED, routing("expert 8 dispatcher deepep").nodeLimit());
    }

    @Test
    void shouldAcceptALimitBelowTopKOnTheDeepEpDispatcher() throws Exception {
        validation.assertNoIssue(training("moe", DEEPEP), Literals.PARALLELISM, IssueCodes.NODE_LIMIT_IGNORED);
        validation.assertNoIssue(training("moe", DEEPEP), Literals.PARALLELISM, IssueCodes.NOT_POSITIVE);
    }

    @Test
    void shouldWarnOfALimitOnTheAllToAllDispatcher() throws Exception {
        validation.assertWarning(training("moe", "expert 8 dispatcher all-to-all node-limit 1"), Literals.PARALLELISM,
                IssueCodes.NODE_LIMIT_IGNORED, "the all-to-all dispatcher");
    }

    @Test
    void shouldWarnOfALimitThatTopKNeverReaches() throws Exception {
        validation.assertWarning(training("moe", DEEPEP.replace("limit 1", "limit 2")), Literals.PARALLELISM,
                IssueCodes.NODE_LIMIT_IGNORED, "never lie on more than 2 nodes");
    }

    @Test
    void shouldWarnOfALimitWithoutExperts() throws Exception {
        validation.assertWarning(training("transformer", DEEPEP.replace("expert 8 ", "")), Literals.PARALLELISM,
                IssueCodes.NODE_LIMIT_IGNORED, "is dense");
    }

    @Test
    void shouldRefuseALimitOfZero() throws Exception {
        validation.assertError(training("moe", DEEPEP.replace("limit 1", "limit 0")), Literals.PARALLELISM,
                IssueCodes.NOT_POSITIVE, "at least 1");
    }

    @Test
    void shouldSayThatAnInferencePoolIgnoresTheLimit() throws Exception {
        validation.assertIssue(inference("dispatcher deepep node-limit 1"), Literals.PARALLELISM,
                IssueCodes.SERVING_FEATURE_IGNORED, Severity.INFO, "times its expert kernels itself");
    }
}
