package org.fabricsim.dsl.validation;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Precision;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.spec.TrainingSpec;

import com.google.inject.Inject;

/**
 * Whether the accelerator can train at the job's precision, by the simulation's own rule ({@link
 * Device#forTraining}): FP8 needs an FP8 rate in the catalog, and FP4 and INT8 are not trained at.
 * Otherwise the GEMMs would run at the BF16 rate while the memory check counts smaller elements. A
 * {@code scaling} is an FP8 recipe's: written with another precision it would do nothing.
 */
public class PrecisionValidator extends FabricCheck {

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkScalingNeedsFp8(Training training) {
        if (Written.written(training, Literals.TRAINING__FP8_SCALING)
                && !(Written.written(training, Literals.TRAINING__PRECISION) && training.getPrecision() == Precision.FP8)) {
            error("'scaling' is how an FP8 recipe scales its GEMM operands: write 'precision fp8 scaling "
                    + training.getFp8Scaling().getLiteral() + "', or leave the scaling out.", training,
                    Literals.TRAINING__FP8_SCALING, IssueCodes.UNSUPPORTED_PRECISION);
        }
    }

    @Check
    public void checkTrainingPrecisionSupported(Training training) {
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        if (spec == null) {
            return;
        }
        try {
            Device.forTraining(spec.cluster().node().accelerator(), spec.precision(), CalibrationProfile.defaults());
        } catch (IllegalArgumentException unsupported) {
            error(unsupported.getMessage() + ".", training, Literals.TRAINING__PRECISION,
                    IssueCodes.UNSUPPORTED_PRECISION);
        }
    }
}
