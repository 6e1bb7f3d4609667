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
 * is warned about (its GEMMs run at the measured MAMF): MI300X ({@code cdna3}) under the default profile; a fitted
 * architecture (Hopper, Ampere, Blackwell since session 59), or a study's calibration that states the fraction, is
 * not.
 */
class SustainedFractionValidationTest extends FabricModelTest {
    /**
     * Small (FabricModelTest) on one DGX H100 (Hopper, fitted at 0.726), one DGX B200 (Blackwell, fitted at 0.704) and
     * one MI300X Platform (CDNA3, no fraction in the default profile).
     */
    private static final String CLUSTERS = "import fabric.catalog.amd.*\n" + SMALL_ON_ONE_DGX + """
            cluster OneB200 {
                nodes 1 x DGX_B200
            }

            cluster OneMi300x {
                nodes 1 x MI300X_Platform
            }

            """;

    private static final String TRAIN_ON_MI300X = CLUSTERS + """
            training Train {
                model Small on OneMi300x
                sequence 4096
                batch 64 sequences
                parallel data 8
            }
            """;

    private static final String STATES_CDNA3 = """
            calibration Ours {
                parameter "compute.sustained-fraction.cdna3" 0.8 bounds 0.5 to 1.0
            }
            """;

    @Test
    void warnsOnACdna3TrainingUnderTheDefaultProfile() throws Exception {
        validation.assertWarning(parser.parse(TRAIN_ON_MI300X), Literals.TRAINING,
                IssueCodes.UNFITTED_SUSTAINED_FRACTION,
                "MI300X is a cdna3 part and the default profile (no study states a calibration for it) has no"
                        + " 'compute.sustained-fraction.cdna3'");
    }

    @Test
    void doesNotWarnOnAHopperTraining() throws Exception {
        validation.assertNoIssue(parser.parse(TRAIN_ON_MI300X.replace("on OneMi300x", "on OneDgx")),
                Literals.TRAINING, IssueCodes.UNFITTED_SUSTAINED_FRACTION);
    }

    @Test
    void doesNotWarnOnABlackwellTrainingSinceTheDefaultProfileFitsBlackwell() throws Exception {
        validation.assertNoIssue(parser.parse(TRAIN_ON_MI300X.replace("on OneMi300x", "on OneB200")),
                Literals.TRAINING, IssueCodes.UNFITTED_SUSTAINED_FRACTION);
    }

    @Test
    void doesNotWarnOnACdna3TrainingWhoseStudyStatesTheFraction() throws Exception {
        Model model = parser.parse(TRAIN_ON_MI300X + STATES_CDNA3 + """
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
        Model model = parser.parse(TRAIN_ON_MI300X + """
                calibration Ours {
                    parameter "collective.nic-efficiency" 0.9
                }

                study Measured {
                    simulate Train
                    calibration Ours
                }
                """);
        validation.assertWarning(model, Literals.STUDY, IssueCodes.UNFITTED_SUSTAINED_FRACTION,
                "MI300X is a cdna3 part and calibration Ours has no 'compute.sustained-fraction.cdna3'");
        validation.assertNoIssue(model, Literals.TRAINING, IssueCodes.UNFITTED_SUSTAINED_FRACTION);
    }

    @Test
    void warnsOnAStudyThatVariesTheClusterToACdna3One() throws Exception {
        Model model = parser.parse(TRAIN_ON_MI300X.replace("on OneMi300x", "on OneDgx") + """
                study Compare {
                    simulate Train
                    vary cluster in [OneDgx, OneB200, OneMi300x]
                }
                """);
        validation.assertWarning(model, Literals.STUDY, IssueCodes.UNFITTED_SUSTAINED_FRACTION,
                "MI300X is a cdna3 part and the default profile has no 'compute.sustained-fraction.cdna3'");
    }

    @Test
    void warnsOnACdna3Deployment() throws Exception {
        validation.assertWarning(parser.parse(CLUSTERS + """
                inference Serve {
                    model Small on OneMi300x
                    serving pool { replicas 1 parallel tensor 8 }
                    traffic { arrival all-at-once prompt fixed 4096 output fixed 1 requests 8 }
                }
                """), Literals.INFERENCE, IssueCodes.UNFITTED_SUSTAINED_FRACTION,
                "MI300X is a cdna3 part");
    }

    @Test
    void runsTheBlackwellGemmsAtTheStatedFraction() throws Exception {
        Model model = parser.parse(TRAIN_ON_MI300X.replace("on OneMi300x", "on OneB200") + """
                calibration Ours {
                    parameter "compute.sustained-fraction.blackwell" 0.8 bounds 0.5 to 1.0
                }
                """);
        CalibrationProfile profile = mapper.toCalibration((Calibration) model.getElements().stream()
                .filter(Calibration.class::isInstance).findFirst().orElseThrow());
        // the stated 0.8 replaces the default profile's fitted 0.704 (DefaultProfile, session 60)
        assertEquals(0.8, Device.sustainedFraction(mappedTraining(model).cluster().node().accelerator(), profile));
        assertEquals(0.704, Device.sustainedFraction(mappedTraining(model).cluster().node().accelerator(),
                CalibrationProfile.defaults()));
    }
}
