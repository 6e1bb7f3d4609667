package org.fabricsim.runtime.calibration;

import java.util.List;
import java.util.stream.Stream;

/**
 * The shipped default profile; the standard catalog's {@code fabric.catalog.calibration.Default}
 * states the same values as a language object ({@code CalibrationProfileTest} checks that they
 * agree). The compute constants ({@code compute.*}) are fitted, within their bounds, by {@link
 * ProfileFitter} on the training rows of validation/reference/training.csv (Blackwell's sustained
 * fraction on the "fit" rows of training-megatron-bridge.csv), every other parameter held, and
 * rounded to three significant digits; the test {@code DefaultProfileFitTest} refits them and fails
 * when the refit no longer gives these values (docs/accuracy.md has the fit, its leave-one-out
 * errors and every row).
 */
final class DefaultProfile {
    static final CalibrationProfile PROFILE = new CalibrationProfile("fabric.catalog.calibration.Default",
            Stream.concat(Stream.of(new CalibrationParameter("compute.kernel-overhead", 0, 0, 30e-6,
                    "seconds of GPU idle one kernel launch adds to a step (launch latency and host dispatch between"
                            + " dependent kernels)",
                    "bounds: CUDA kernel launch latency of a few microseconds up to PyTorch eager dispatch of"
                            + " tens of microseconds per operator", CalibrationParameter.SECONDS),
                    new CalibrationParameter("compute.step-overhead", 39.9e-3, 0, 100e-3,
                            "seconds of GPU idle one optimizer step adds however large the model (host"
                                    + " synchronisations of the optimizer step: overflow and gradient-norm checks read back"
                                    + " to the host; loss reduction and logging; data loading and broadcast)",
                            "bounds: none up to 100 ms; Megatron-LM's published throughputs include data loading,"
                                    + " optimizer steps and logging (README, weak scaling)", CalibrationParameter.SECONDS),
                    new CalibrationParameter("compute.sustained-fraction.hopper", 0.726, 0.7, 1.0,
                            "tensor throughput sustained over a training step as a fraction of the measured"
                                    + " short-run rate (MAMF) on Hopper parts (power and thermal limits)",
                            "bounds: H100 SXM's 1,980 MHz boost against its 1,590 MHz base clock (0.80), rounded"
                                    + " down to 0.7 for parts below the 700 W cap"),
                    new CalibrationParameter("compute.sustained-fraction.ampere", 0.787, 0.7, 1.0,
                            "the same on Ampere parts",
                            "bounds: A100 SXM's 1,410 MHz boost against its 1,095 MHz base clock (0.78), rounded"
                                    + " down to 0.7"),
                    new CalibrationParameter("compute.sustained-fraction.blackwell", 0.704, 0.7, 1.0,
                            "the same on Blackwell parts",
                            "fitted on the four fit rows of validation/reference/training-megatron-bridge.csv"
                                    + " (Megatron-Bridge 25.11, FP8-CS Llama on GB200 and B200); bounds: Hopper's")),
                    CollectiveDefaults.PARAMETERS.stream()).toList(),
            List.of(), "2026-12-03", List.of());

    private DefaultProfile() {
    }
}
