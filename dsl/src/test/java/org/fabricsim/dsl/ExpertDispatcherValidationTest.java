package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.eclipse.xtext.diagnostics.Severity;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.ExpertRoutingSpec.Dispatcher;
import org.junit.jupiter.api.Test;

/** A training plan's dispatcher: mapped as written (all-to-all when absent), warned where no all-to-all exists. */
class ExpertDispatcherValidationTest extends ExpertPlanTest {

    @Test
    void shouldMapTheWrittenDispatcherAndDefaultToTheAllToAll() throws Exception {
        assertEquals(Dispatcher.DEEPEP, routing("expert 16 dispatcher deepep").dispatcher());
        assertEquals(Dispatcher.ALL_TO_ALL, routing("expert 16 dispatcher all-to-all").dispatcher());
        assertEquals(Dispatcher.ALL_TO_ALL, routing("expert 16").dispatcher());
    }

    @Test
    void shouldWarnOfADispatcherWithExpertParallelismOne() throws Exception {
        validation.assertWarning(training("moe", "dispatcher deepep"), Literals.PARALLELISM,
                IssueCodes.DISPATCHER_WITHOUT_EXPERTS, "every expert is local");
    }

    @Test
    void shouldWarnOfADispatcherOnADenseModel() throws Exception {
        validation.assertWarning(training("transformer", "expert 4 dispatcher deepep"), Literals.PARALLELISM,
                IssueCodes.DISPATCHER_WITHOUT_EXPERTS, "is dense");
    }

    @Test
    void shouldAcceptADispatcherOverExpertParallelRanks() throws Exception {
        validation.assertNoIssue(training("moe", "expert 16 dispatcher deepep"), Literals.PARALLELISM,
                IssueCodes.DISPATCHER_WITHOUT_EXPERTS);
    }

    @Test
    void shouldSayThatAnInferencePoolIgnoresTheDispatcher() throws Exception {
        Model model = inference("dispatcher deepep");
        validation.assertIssue(model, Literals.PARALLELISM, IssueCodes.SERVING_FEATURE_IGNORED,
                Severity.INFO, "picks its expert kernels itself");
    }
}
