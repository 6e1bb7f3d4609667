package org.fabricsim.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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

    /**
     * Prints {@code title} and each prediction as one line in {@code figureFormat} (a printf format for the published
     * and predicted figures, e.g. {@code "%7.0f"}) with its relative error, and returns the names of those whose
     * error is larger than {@code tolerance} in magnitude, in order.
     */
    public static List<String> printMisses(String title, int nameWidth, String figureFormat,
            List<ReferencePrediction> predictions, double tolerance) {
        System.out.println(title);
        String line = "%-" + nameWidth + "s published " + figureFormat + " predicted " + figureFormat
                + "  error %+6.1f%%%n";
        List<String> misses = new ArrayList<>();
        for (ReferencePrediction prediction : predictions) {
            System.out.printf(Locale.ROOT, line, prediction.name(), prediction.published(), prediction.predicted(),
                    100 * prediction.error());
            if (Math.abs(prediction.error()) > tolerance) {
                misses.add(prediction.name());
            }
        }
        return misses;
    }
}
