package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.eclipse.xtext.diagnostics.Severity;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.junit.jupiter.api.Test;

/**
 * A training plan's communication-sms: mapped as written, refused at 0 and at the accelerator's SM count, warned
 * where nothing hides the all-to-all.
 */
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

    @Test
    void shouldRefuseSmsThatLeaveNoneOfAnH800sForCompute() throws Exception {
        // HGX_H800's accelerator states compute-units 132 (the catalog, after DeepSeek-V3 §3.2.2): 132 leave 0.
        validation.assertError(onH800s(132), Literals.PARALLELISM, IssueCodes.COMMUNICATION_SMS_TAKE_EVERY_SM,
                "every SM of the accelerator (132)");
    }

    @Test
    void shouldAcceptSmsThatLeaveOneForCompute() throws Exception {
        validation.assertNoIssue(onH800s(131), Literals.PARALLELISM, IssueCodes.COMMUNICATION_SMS_TAKE_EVERY_SM);
    }

    /** A DualPipe MoE training on 4 HGX H800 nodes whose dispatch and combine hold {@code sms} SMs. */
    private Model onH800s(int sms) throws Exception {
        return parser.parse("""
                import fabric.catalog.nvidia.*
                import fabric.catalog.standards.*
                cluster H800s { nodes 4 x HGX_H800 scale-out RoCEv2_200 single-switch }
                model M moe { layers 8 hidden 1024 heads 16 vocab 32000 experts 8 top-k 2 expert-ffn 512 }
                training T {
                    model M on H800s
                    sequence 2048
                    batch 64 sequences
                    parallel tensor 4 pipeline 2 data 4 expert 4 dispatcher deepep communication-sms %d
                    schedule dualpipe
                }
                """.formatted(sms));
    }
}
