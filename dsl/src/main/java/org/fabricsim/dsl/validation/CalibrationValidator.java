package org.fabricsim.dsl.validation;

import static org.fabricsim.runtime.collective.Calibration.RING_PLATEAU_FACTOR;
import static org.fabricsim.runtime.collective.Calibration.RING_PLATEAU_FACTOR_LEAST;
import static org.fabricsim.runtime.collective.Calibration.RING_PLATEAU_FACTOR_MOST;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Amount;
import org.fabricsim.dsl.fabric.Calibration;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.ProfileParameter;
import org.fabricsim.dsl.linking.FabricLinkingDiagnostics;
import org.fabricsim.dsl.mapping.CalibrationMapper;
import org.fabricsim.dsl.units.Dimension;
import org.fabricsim.dsl.units.Units;
import org.fabricsim.runtime.calibration.CalibrationParameter;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.Device;

/**
 * A calibration profile's parameters: each is one the engine reads (the default profile's names,
 * with the closest suggested, or {@code compute.sustained-fraction.<architecture>} of any architecture),
 * stated once, with bounds in order, its value within them, a share of a rate (a sustained fraction, a collective
 * efficiency) within (0, 1], NCCL's ring plateau factor within [1, 1.9], and amounts that are times, percentages or
 * plain numbers, the value and bounds of one dimension.
 */
public class CalibrationValidator extends FabricCheck {
    private static final int MAX_SUGGESTION_DISTANCE = 6;
    private static final double HOPPER_SUSTAINED_FRACTION = CalibrationProfile.defaults()
            .value(Device.SUSTAINED_FRACTION + "hopper");

    @Check
    public void checkCalibrationParameterKnown(ProfileParameter parameter) {
        List<String> known = CalibrationProfile.defaults().parameters().stream().map(CalibrationParameter::name).toList();
        String key = parameter.getKey();
        if (known.contains(key) || CalibrationMapper.isSustainedFraction(key)) {
            return;
        }
        Optional<String> closest = FabricLinkingDiagnostics.nearest(known.stream(), key, MAX_SUGGESTION_DISTANCE);
        error("The engine reads no calibration parameter '" + key + "'."
                + closest.map(name -> " Did you mean '" + name + "'?").orElse(" Known parameters: " + known + "."),
                parameter, Literals.PROFILE_PARAMETER__KEY, IssueCodes.UNKNOWN_CALIBRATION_PARAMETER,
                closest.map(name -> new String[] { name }).orElse(new String[0]));
    }

    @Check
    public void checkCalibrationParameterDuplicate(Calibration calibration) {
        Set<String> seen = new HashSet<>();
        for (ProfileParameter parameter : calibration.getParameters()) {
            if (!seen.add(parameter.getKey())) {
                error("Parameter " + named(parameter) + " is stated twice in calibration " + calibration.getName()
                        + "; keep one.", parameter, Literals.PROFILE_PARAMETER__KEY,
                        IssueCodes.DUPLICATE_CALIBRATION_PARAMETER);
            }
        }
    }

    @Check
    public void checkCalibrationBoundsOrdered(ProfileParameter parameter) {
        if (parameter.getLower() != null && complete(parameter) && parametersComparable(parameter)
                && Units.toBase(parameter.getLower()) > Units.toBase(parameter.getUpper())) {
            error("The lower bound of " + named(parameter) + " exceeds its upper bound; write 'bounds LOW to HIGH'.",
                    parameter, Literals.PROFILE_PARAMETER__LOWER, IssueCodes.CALIBRATION_BOUNDS_ORDER);
        }
    }

    @Check
    public void checkCalibrationValueWithinBounds(ProfileParameter parameter) {
        if (parameter.getLower() == null || !complete(parameter) || !parametersComparable(parameter)) {
            return;
        }
        double value = Units.toBase(parameter.getValue());
        double lower = Units.toBase(parameter.getLower());
        double upper = Units.toBase(parameter.getUpper());
        if (lower <= upper && (value < lower || value > upper)) {
            Amount nearest = value < lower ? parameter.getLower() : parameter.getUpper();
            error("The value of " + named(parameter) + " lies outside its bounds; bring it within them, or widen"
                    + " them if the physics allows.", parameter, Literals.PROFILE_PARAMETER__VALUE,
                    IssueCodes.CALIBRATION_OUT_OF_BOUNDS, written(nearest));
        }
    }

    /**
     * A share of a rate, a sustained fraction ({@code compute.sustained-fraction.<architecture>}: the share of the
     * part's measured GEMM rate a training step sustains, by which {@code Device.sustainedFraction} multiplies its
     * efficiency) or a collective efficiency ({@code collective.nic-efficiency} and the other {@code -efficiency}
     * parameters: the share of a link's rate NCCL reaches), is above 0 and at most 1 (100 %), since nothing runs
     * faster than its rate: the engine's own rule for a link's share ({@code LinkClass.derated}). Session 63 ran them
     * past the editor: a sustained fraction of 0 ended the training "pipeline schedule deadlocked", 1.5 ran it above
     * the part's measured rate, and {@code collective.nic-efficiency 0} failed mid-run with "efficiency must be in
     * (0, 1]: 0.0". Its written upper bound is at most 1 too (as the mapper bounds an unlisted architecture's
     * fraction, 0 to 1). A value outside its written bounds is {@link #checkCalibrationValueWithinBounds}'s to
     * report.
     */
    @Check
    public void checkCalibrationShareWithinWhole(ProfileParameter parameter) {
        Optional<CalibrationParameter> known = CalibrationProfile.defaults().parameters().stream()
                .filter(p -> p.name().equals(parameter.getKey())).findFirst();
        boolean share = CalibrationMapper.isSustainedFraction(parameter.getKey())
                || known.isPresent() && known.get().name().endsWith("-efficiency");
        if (!share || !dimensionless(parameter)) {
            return;
        }
        double value = Units.toBase(parameter.getValue());
        Amount outside = (value <= 0 || value > 1) && withinWritten(parameter) ? parameter.getValue()
                : parameter.getUpper() != null && Units.toBase(parameter.getUpper()) > 1 ? parameter.getUpper() : null;
        if (outside == null) {
            return;
        }
        double typical = known.map(CalibrationParameter::value).orElse(HOPPER_SUSTAINED_FRACTION);
        error(named(parameter) + " is a share of a measured rate, above 0 and at most 1 (100 %): " + (value <= 0
                ? "at 0 every GEMM or transfer it scales would take forever" : "nothing runs faster than its rate")
                + ". Write the share measured on these parts, such as " + typical + " (the default profile's"
                + (known.isPresent() ? "" : " for Hopper") + ").", outside, Literals.AMOUNT__VALUE,
                IssueCodes.CALIBRATION_OUT_OF_BOUNDS, value <= 0 && outside == parameter.getValue() ? new String[0]
                        : new String[] {Units.dimensionOf(outside) == Dimension.FRACTION ? "100 %" : "1"});
    }

    /**
     * NCCL's ring plateau factor ({@code collective.ring-plateau-factor}), by which the engine multiplies the step
     * latencies of a Simple ring all-reduce across nodes with at least 64 bytes per channel and rank
     * ({@code ProtocolCost}: (f − 1) · Σ α·steps added; {@code SolvedPatterns.plateauSeconds} in training), lies in
     * [1, 1.9]: below 1 the plateau would take latency off the ring's own steps, and the engine refuses it mid-run
     * ({@code StepOverheads}: "the plateau at least 1"); 1.9 is the largest factor any NCCL release has used
     * ({@code Calibration.RING_PLATEAU_FACTOR_MOST}: 1.9 for every GPU from 2.7.3, for GPUs before Ampere since 2.18.1).
     * Session 63 left it unbounded: {@code parameter "collective.ring-plateau-factor" 5} validated. The value and both
     * written bounds (a fit may move the value to either) are checked; a value outside its written bounds is {@link
     * #checkCalibrationValueWithinBounds}'s to report.
     */
    @Check
    public void checkCalibrationPlateauFactorWithinNccl(ProfileParameter parameter) {
        if (!RING_PLATEAU_FACTOR.equals(parameter.getKey()) || !dimensionless(parameter)) {
            return;
        }
        Amount outside = Stream.of(withinWritten(parameter) ? parameter.getValue() : null, parameter.getLower(),
                parameter.getUpper()).filter(Objects::nonNull).filter(amount -> Units.toBase(amount)
                        < RING_PLATEAU_FACTOR_LEAST || Units.toBase(amount) > RING_PLATEAU_FACTOR_MOST)
                .findFirst().orElse(null);
        if (outside == null) {
            return;
        }
        double nearest = Units.toBase(outside) < RING_PLATEAU_FACTOR_LEAST ? RING_PLATEAU_FACTOR_LEAST
                : RING_PLATEAU_FACTOR_MOST;
        boolean percent = Units.dimensionOf(outside) == Dimension.FRACTION;
        error(named(parameter) + " multiplies the step latencies of a Simple ring all-reduce across nodes: at least "
                + plain(RING_PLATEAU_FACTOR_LEAST) + " (below, the ring would pay less latency than its own steps) and"
                + " at most " + plain(RING_PLATEAU_FACTOR_MOST) + ", the largest factor any NCCL release has used."
                + " Write 1.4, NCCL's from compute capability 8.0 (Ampere on), or 1.9 for earlier GPUs.", outside,
                Literals.AMOUNT__VALUE, IssueCodes.CALIBRATION_OUT_OF_BOUNDS,
                percent ? Math.round(nearest * 100) + " %" : plain(nearest));
    }

    @Check
    public void checkCalibrationUnitTimeOrFraction(ProfileParameter parameter) {
        Amount foreign = foreign(parameter);
        if (foreign != null) {
            error("A calibration amount is a time (3.4 us), a percentage (96 %) or a plain number in SI units"
                    + " (0.96); not " + Units.dimensionOf(foreign).description() + ".", foreign, Literals.AMOUNT__UNIT,
                    IssueCodes.CALIBRATION_UNIT);
        }
    }

    @Check
    public void checkCalibrationUnitMatchesParameter(ProfileParameter parameter) {
        Amount mismatched = foreign(parameter) == null ? mismatched(parameter) : null;
        if (mismatched != null) {
            Dimension wanted = wanted(parameter);
            error(named(parameter) + " is " + wanted.description() + " (" + wanted.example() + ", or a"
                    + " plain number in SI units), not " + Units.dimensionOf(mismatched).description() + ".",
                    mismatched, Literals.AMOUNT__UNIT, IssueCodes.CALIBRATION_UNIT);
        }
    }

    @Check
    public void checkCalibrationUnitsAgree(ProfileParameter parameter) {
        if (foreign(parameter) == null && mismatched(parameter) == null && complete(parameter)
                && !parametersComparable(parameter)) {
            error("The value and bounds of " + named(parameter) + " must be in one dimension: all times, all"
                    + " percentages, or all plain numbers.", parameter, Literals.PROFILE_PARAMETER__VALUE,
                    IssueCodes.CALIBRATION_UNIT);
        }
    }

    /** The first amount in a dimension no calibration parameter has (neither a time nor a fraction), or null. */
    private static Amount foreign(ProfileParameter parameter) {
        for (Amount amount : amounts(parameter)) {
            Dimension dimension = Units.dimensionOf(amount);
            if (dimension != null && dimension != Dimension.TIME && dimension != Dimension.FRACTION) {
                return amount;
            }
        }
        return null;
    }

    /** The dimension of the known parameter of this name (a time, or a fraction when unitless); null if unknown. */
    private static Dimension wanted(ProfileParameter parameter) {
        Optional<CalibrationParameter> known = CalibrationProfile.defaults().parameters().stream()
                .filter(p -> p.name().equals(parameter.getKey())).findFirst();
        return known.map(p -> p.unit().isEmpty() ? Dimension.FRACTION : Dimension.TIME).orElse(null);
    }

    /** The first amount in another dimension than the known parameter's, or null. */
    private static Amount mismatched(ProfileParameter parameter) {
        Dimension wanted = wanted(parameter);
        for (Amount amount : amounts(parameter)) {
            Dimension dimension = Units.dimensionOf(amount);
            if (wanted != null && dimension != null && dimension != wanted) {
                return amount;
            }
        }
        return null;
    }

    /**
     * Whether the value and bounds are complete and plain numbers or percentages: an amount of another dimension is
     * the unit checks' to report.
     */
    private static boolean dimensionless(ProfileParameter parameter) {
        return complete(parameter) && amounts(parameter).stream().map(Units::dimensionOf)
                .allMatch(d -> d == null || d == Dimension.FRACTION);
    }

    /** Whether the value lies within its written bounds, or none are written. */
    private static boolean withinWritten(ProfileParameter parameter) {
        double value = Units.toBase(parameter.getValue());
        return parameter.getLower() == null || value >= Units.toBase(parameter.getLower())
                && value <= Units.toBase(parameter.getUpper());
    }

    /** Whether the value and bounds are all written as numbers: broken text may lack one, and its syntax error says so. */
    private static boolean complete(ProfileParameter parameter) {
        return parameter.getValue() != null && (parameter.getLower() == null) == (parameter.getUpper() == null)
                && amounts(parameter).stream().allMatch(a -> Units.isNumber(a.getValue()));
    }

    /** Whether the value and bounds have one dimension (a plain number counts as any, in SI units). */
    private static boolean parametersComparable(ProfileParameter parameter) {
        Set<Dimension> dimensions = new HashSet<>();
        for (Amount amount : amounts(parameter)) {
            Dimension dimension = Units.dimensionOf(amount);
            if (dimension != null) {
                dimensions.add(dimension);
            }
        }
        return dimensions.size() <= 1;
    }

    /** The value and the bounds that are written. */
    private static List<Amount> amounts(ProfileParameter parameter) {
        return Stream.of(parameter.getValue(), parameter.getLower(), parameter.getUpper()).filter(Objects::nonNull)
                .toList();
    }

    /** {@code number} as plain text without trailing zeros (1.0: "1", 1.9: "1.9"). */
    private static String plain(double number) {
        return BigDecimal.valueOf(number).stripTrailingZeros().toPlainString();
    }

    private static String written(Amount amount) {
        return amount.getValue() + (Units.dimensionOf(amount) == null ? "" : " " + amount.getUnit().getLiteral());
    }

    /** The parameter as a message names it: its quoted key, or "this parameter" while the key is missing. */
    private static String named(ProfileParameter parameter) {
        return parameter.getKey() == null ? "this parameter" : "'" + parameter.getKey() + "'";
    }
}
