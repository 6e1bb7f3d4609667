package org.fabricsim.runtime;

/**
 * One published reference case against its prediction, for the calibration tests and the accuracy
 * report (docs/accuracy.md).
 *
 * @param name       the case, as validation/reference names it
 * @param group      the group its error aggregates in (e.g. "training H100", "serving")
 * @param published  the published figure
 * @param predicted  the prediction, in the same unit
 * @param unit       the unit of both (e.g. "TFLOP/s", "tok/s")
 * @param error      the error: MFU points for training, relative for serving and collectives
 * @param points     whether {@code error} is in points (else relative, a fraction)
 */
public record ReferencePrediction(String name, String group, double published, double predicted, String unit,
        double error, boolean points) {
}
