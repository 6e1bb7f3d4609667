/**
 * Calibration as data: profiles of fitted and measured engine constants with their bounds,
 * sources, reference cases and residuals.
 */
package org.fabricsim.runtime.calibration;
