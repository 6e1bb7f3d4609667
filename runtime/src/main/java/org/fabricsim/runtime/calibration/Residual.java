package org.fabricsim.runtime.calibration;

/**
 * One reference case of a fit: what was measured and what the profile predicts, in the case's own
 * unit (MFU points, seconds, GB/s).
 *
 * @param caseName   the reference case, e.g. {@code mcore-gpt-70b}
 * @param measured   the published or measured value
 * @param predicted  the profile's prediction
 */
public record Residual(String caseName, double measured, double predicted) {
}
