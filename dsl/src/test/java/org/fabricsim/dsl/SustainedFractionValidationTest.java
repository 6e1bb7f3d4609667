package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.dsl.fabric.Calibration;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.Device;
import org.junit.jupiter.api.Test;

/**
 * A training job or deployment on a part whose architecture has no fitted sustained fraction in the profile in effect
 * is warned about (its GEMMs run at the measured MAMF); a fitted architecture, or a study's calibration that states
 * the fraction, is not.
 */
class SustainedFractionValidationTest extends FabricModelTest {
    /** Small (FabricModelTest) on one DGX B200 (Blackwell) and on one DGX H100 (Hopper, fitted at 0.726). */
    private static final String CLUSTERS = SMALL_ON_ONE_DGX + """
            cluster OneB200 {
                nodes 1 x DGX_B200
            }

            """;

    private static final String TRAIN_ON_B200 = CLUSTERS + """
            training Train {
                model Small on OneB200
                sequence 4096
                batch 64 sequences
                parallel data 8
            }
            """;

    private static final String STATES_BLACKWELL = """
            calibration Ours {
                parameter "compute.sustained-fraction.blackwell" 0.8 bounds 0.5 to 1.0
            }
            """;

    @Test
    void warnsOnABlackwellTrainingUnderTheDefaultProfile() throws Exception {
        validation.assertWarning(parser.parse(TRAIN_ON_B200), Literals.TRAINING,
                IssueCodes.UNFITTED_SUSTAINED_FRACTION,
                "B200 is a blackwell part and the default profile (no study states a calibration for it) has no"
                        + " 'compute.sustained-fraction.blackwell'");
    }

    @Test
    void doesNotWarnOnAHopperTraining() throws Exception {
        validation.assertNoIssue(parser.parse(TRAIN_ON_B200.replace("on OneB200", "on OneDgx")), Literals.TRAINING,
                IssueCodes.UNFITTED_SUSTAINED_FRACTION);
    }

    @Test
    void doesNotWarnOnABlackwellTrainingWhoseStudyStatesTheFraction() throws Exception {
        Model model = parser.parse(TRAIN_ON_B200 + STATES_BLACKWELL + """
                study Measured {
                    simulate Train
                    calibration Ours
                }
                """);
        validation.assertNoErrors(model);
        validation.assertNoIssue(model, Literals.STUDY, IssueCodes.UNFITTED_SUSTAINED_FRACTION);
        validation.assertNoIssue(model, Literals.TRAINING, IssueCodes.UNFITTED_SUSTAINED_FRACTION);
    }

    @Test
    void warnsOnAStudyWhoseCalibrationLacksTheFraction() throws Exception {
        Model model = parser.parse(TRAIN_ON_B200 + """
                calibration Ours {
                    parameter "collective.nic-efficiency" 0.9
                }

                study Measured {
                    simulate Train
                    calibration Ours
                }
                """);
        validation.assertWarning(model, Literals.STUDY, IssueCodes.UNFITTED_SUSTAINED_FRACTION,
                "B200 is a blackwell part and calibration Ours has no 'compute.sustained-fraction.blackwell'");
        validation.assertNoIssue(model, Literals.TRAINING, IssueCodes.UNFITTED_SUSTAINED_FRACTION);
    }

    @Test
    void warnsOnAStudyThatVariesTheClusterToABlackwellOne() throws Exception {
        Model model = parser.parse(TRAIN_ON_B200.replace("on OneB200", "on OneDgx") + """
                study Compare {
                    simulate Train
                    vary cluster in [OneDgx, OneB200]
                }
                """);
        validation.assertWarning(model, Literals.STUDY, IssueCodes.UNFITTED_SUSTAINED_FRACTION,
                "B200 is a blackwell part and the default profile has no 'compute.sustained-fraction.blackwell'");
    }

    @Test
    void warnsOnABlackwellDeployment() throws Exception {
        validation.assertWarning(parser.parse(CLUSTERS + """
                inference Serve {
                    model Small on OneB200
                    serving pool { replicas 1 parallel tensor 8 }
                    traffic { arrival all-at-once prompt fixed 4096 output fixed 1 requests 8 }
                }
                """), Literals.INFERENCE, IssueCodes.UNFITTED_SUSTAINED_FRACTION,
                "B200 is a blackwell part");
    }

    @Test
    void runsTheBlackwellGemmsAtTheStatedFraction() throws Exception {
        Model model = parser.parse(TRAIN_ON_B200 + STATES_BLACKWELL);
        CalibrationProfile profile = mapper.toCalibration((Calibration) model.getElements().stream()
                .filter(Calibration.class::isInstance).findFirst().orElseThrow());
        // the stated 0.8 replaces the 1 a profile without a Blackwell figure gives
        assertEquals(0.8, Device.sustainedFraction(mappedTraining(model).cluster().node().accelerator(), profile));
        assertEquals(1.0, Device.sustainedFraction(mappedTraining(model).cluster().node().accelerator(),
                CalibrationProfile.defaults()));
    }
}
