package org.fabricsim.dsl;

import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/** A calibration profile's times are at most 1 s, the bound of every latency the engine's clock adds. */
class CalibrationDelayValidationTest extends FabricModelTest {

    private Model profile(String parameters) throws Exception {
        return parser.parse("calibration P {\n" + parameters + "\n}");
    }

    @Test
    void rejectsAStepOverheadAboveOneSecondNamingTheDefault() throws Exception {
        // NCCL's hwLat[NET][RING][SIMPLE], the default profile's net step overhead: 14 us.
        validation.assertError(profile("parameter \"collective.net-step-overhead\" 2 s"), Literals.AMOUNT,
                IssueCodes.TOO_LARGE, "'collective.net-step-overhead' is a time of at most 1 s",
                "such as the default profile's 14 us");
        // A plain number is in seconds: 5 s of step overhead; the default is 39.9 ms = 39900 us.
        validation.assertError(profile("parameter \"compute.step-overhead\" 5"), Literals.AMOUNT, IssueCodes.TOO_LARGE,
                "such as the default profile's 39900 us");
    }

    @Test
    void rejectsAnUpperBoundAboveOneSecondThatAFitCouldReach() throws Exception {
        validation.assertError(profile("parameter \"collective.ring-base-latency\" 8 us bounds 2 us to 10 s"),
                Literals.AMOUNT, IssueCodes.TOO_LARGE, "'collective.ring-base-latency' is a time of at most 1 s");
    }

    @Test
    void acceptsTimesUpToOneSecondAndLeavesOtherParametersAlone() throws Exception {
        validation.assertNoIssue(profile("parameter \"collective.net-step-overhead\" 1 s"), Literals.AMOUNT,
                IssueCodes.TOO_LARGE);
        validation.assertNoIssue(profile("parameter \"compute.step-overhead\" 40 ms bounds 0 ms to 1000 ms"),
                Literals.AMOUNT, IssueCodes.TOO_LARGE);
        // The ring plateau factor is a plain factor, not a time: 1.9 is not 1.9 s.
        validation.assertNoIssue(profile("parameter \"collective.ring-plateau-factor\" 1.9"), Literals.AMOUNT,
                IssueCodes.TOO_LARGE);
    }
}
