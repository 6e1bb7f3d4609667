package org.fabricsim.runtime.calibration;

import java.util.List;

/**
 * What a {@link ProfileFitter} found: the fitted profile, each case before and after the fit with
 * its leave-one-out prediction, and each parameter with the range it took over the leave-one-out
 * refits.
 *
 * @param profile     the fitted profile (fittedOn, date and residuals filled)
 * @param cases       one per case, in the order given
 * @param parameters  one per parameter of the profile, in profile order
 */
public record FitReport(CalibrationProfile profile, List<CaseFit> cases, List<ParameterFit> parameters) {

    public FitReport {
        cases = List.copyOf(cases);
        parameters = List.copyOf(parameters);
    }

    /**
     * One case of the fit.
     *
     * @param fittedCase   the case
     * @param before       the starting profile's prediction
     * @param after        the fitted profile's prediction
     * @param leaveOneOut  the prediction of the profile refitted without this case (NaN with one case)
     */
    public record CaseFit(CalibrationCase fittedCase, double before, double after, double leaveOneOut) {
        /** The fitted profile's error, in the case's kind. */
        public double error() {
            return fittedCase.error(after);
        }

        /** The leave-one-out error: the refit without this case, predicting it. */
        public double leaveOneOutError() {
            return fittedCase.error(leaveOneOut);
        }
    }

    /**
     * One parameter of the fit.
     *
     * @param parameter   the fitted parameter
     * @param fitted      whether the fit moved it: free (lower &lt; upper) and with an effect on the cases
     * @param looLowest   its lowest value over the leave-one-out refits (its value when not fitted)
     * @param looHighest  its highest value over the leave-one-out refits
     */
    public record ParameterFit(CalibrationParameter parameter, boolean fitted, double looLowest, double looHighest) {
        /** The half-width of the leave-one-out range, relative to the value: how much one case moves it. */
        public double looSpread() {
            return (looHighest - looLowest) / 2 / Math.abs(parameter.value());
        }
    }

    /** Root mean square of the fitted residuals ({@link CalibrationCase#residual}). */
    public double rmsError() {
        return rms(cases.stream().mapToDouble(c -> c.fittedCase().residual(c.after())).toArray());
    }

    /** Root mean square of the leave-one-out residuals (NaN with one case). */
    public double rmsLeaveOneOutError() {
        return rms(cases.stream().mapToDouble(c -> c.fittedCase().residual(c.leaveOneOut())).toArray());
    }

    private static double rms(double[] errors) {
        double sum = 0;
        for (double e : errors) {
            sum += e * e;
        }
        return Math.sqrt(sum / errors.length);
    }
}
