/**
 * Calibration as data: profiles of fitted and measured engine constants with their bounds,
 * sources, reference cases and residuals ({@link org.fabricsim.runtime.calibration.CalibrationProfile});
 * cases that compare a measurement with a profile's prediction
 * ({@link org.fabricsim.runtime.calibration.CalibrationCase}, built from nccl-tests logs and measured
 * CSVs by {@link org.fabricsim.runtime.calibration.MeasuredCases}); and the bounded least-squares fit
 * with leave-one-out cross-validation ({@link org.fabricsim.runtime.calibration.ProfileFitter}).
 */
package org.fabricsim.runtime.calibration;
