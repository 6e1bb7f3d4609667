package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.eclipse.xtext.diagnostics.Severity;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.junit.jupiter.api.Test;

/** A training plan's communication-sms: mapped as written, refused at 0, warned where nothing hides the all-to-all. */
class CommunicationSmsValidationTest extends ExpertPlanTest {
    private static final String DUALPIPE = "pipeline 2 expert 8 communication-sms 20\n    schedule dualpipe";

    @Test
    void shouldMapTheWrittenSmsAndDefaultToACollectives() throws Exception {
        assertEquals(20, routing("expert 8 communication-sms 20").communicationSms());
        assertEquals(ExpertRoutingSpec.SMS_NOT_STATED, routing("expert 8").communicationSms());
    }

    @Test
    void shouldAcceptSmsForADualPipeExpertAllToAll() throws Exception {
        validation.assertNoIssue(training("moe", DUALPIPE), Literals.PARALLELISM,
                IssueCodes.COMMUNICATION_SMS_IGNORED);
        validation.assertNoIssue(training("moe", DUALPIPE), Literals.PARALLELISM, IssueCodes.NOT_POSITIVE);
    }

    @Test
    void shouldWarnOfSmsUnderAScheduleThatExposesTheAllToAll() throws Exception {
        validation.assertWarning(training("moe", "expert 8 communication-sms 20"), Literals.PARALLELISM,
                IssueCodes.COMMUNICATION_SMS_IGNORED, "only the 'dualpipe' schedule");
    }

    @Test
    void shouldWarnOfSmsWithoutExperts() throws Exception {
        validation.assertWarning(training("moe", DUALPIPE.replace("expert 8", "")), Literals.PARALLELISM,
                IssueCodes.COMMUNICATION_SMS_IGNORED, "every expert is local");
        validation.assertWarning(training("transformer", DUALPIPE), Literals.PARALLELISM,
                IssueCodes.COMMUNICATION_SMS_IGNORED, "is dense");
    }

    @Test
    void shouldRefuseZeroSms() throws Exception {
        validation.assertError(training("moe", DUALPIPE.replace("sms 20", "sms 0")), Literals.PARALLELISM,
                IssueCodes.NOT_POSITIVE, "at least 1");
    }

    @Test
    void shouldSayThatAnInferencePoolIgnoresTheSms() throws Exception {
        Model model = inference("communication-sms 20");
        validation.assertIssue(model, Literals.PARALLELISM, IssueCodes.SERVING_FEATURE_IGNORED, Severity.INFO,
                "times its kernels itself");
    }
}
