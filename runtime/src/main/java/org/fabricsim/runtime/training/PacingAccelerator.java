package org.fabricsim.runtime.training;

import java.util.List;
import java.util.function.Function;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.ComputeRates;
import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.compute.PassTime;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.TrainingSpec;

/**
 * The accelerator type that paces a training step on a mixed cluster: the one whose layer (forward
 * and backward) takes longest. Every rank runs the same layers on the same share of the batch, and
 * the step synchronizes every rank (the data-parallel reduction waits for the last gradient, a
 * pipeline stage for its predecessor, a TP collective for its slowest member), so the step runs at
 * the slowest type's compute; the faster accelerators wait (their idle time shows as a lower MFU,
 * whose peak is the mean of all). On a cluster of one type, that type. Cost: one layer estimate
 * per distinct type of the job's accelerators.
 */
final class PacingAccelerator {
    private PacingAccelerator() {
    }

    /**
     * The slowest type of the job's accelerators, by {@code layer} (the layer time on a device); refuses a type
     * without a BF16 rate ({@link ComputeRates#requireBf16Rate}).
     */
    static AcceleratorSpec of(TrainingSpec spec, CalibrationProfile profile, Function<Device, PassTime> layer) {
        List<AcceleratorSpec> types = spec.cluster().acceleratorTypes(spec.accelerators());
        types.forEach(ComputeRates::requireBf16Rate);
        AcceleratorSpec slowest = types.get(0);
        if (types.size() == 1) {
            return slowest;
        }
        double longest = -1;
        for (AcceleratorSpec type : types) {
            PassTime time = layer.apply(Device.forTraining(type, spec.precision(), spec.fp8Scaling(), profile));
            double seconds = time.forwardSeconds() + time.backwardSeconds();
            if (seconds > longest) {
                longest = seconds;
                slowest = type;
            }
        }
        return slowest;
    }
}
