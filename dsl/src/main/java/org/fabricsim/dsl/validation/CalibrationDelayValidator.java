package org.fabricsim.dsl.validation;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Optional;
import java.util.stream.Stream;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Amount;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.ProfileParameter;
import org.fabricsim.dsl.units.Dimension;
import org.fabricsim.dsl.units.Units;
import org.fabricsim.runtime.calibration.CalibrationParameter;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.sim.ClockLimit;

/**
 * A calibration profile's times (a parameter whose unit is seconds: the kernel and step overheads, NCCL's step
 * latencies and base latency, the expert-kernel and framework-call overheads) are at most 1 s
 * ({@link ClockLimit#MAX_DELAY_PS}), the bound of every other latency ({@code UnitsValidator}): the engine rounds
 * them to picoseconds in a long and adds them step by step, and the default profile's are 1 µs to 100 ms. Session 63
 * ran a 16-rank 1 GiB ring all-reduce with {@code collective.net-step-overhead} at 1 s (42.0 s instead of 0.041 s)
 * and at 10⁶ s, which failed the run blaming "the model's link rates and latencies". The value and a written upper
 * bound (a fit may move the value up to it) are checked; a value of another dimension is the unit checks'.
 */
public class CalibrationDelayValidator extends FabricCheck {
    private static final double PICOSECONDS_PER_SECOND = 1e12;

    @Check
    public void checkCalibrationTimeAtMostOneSecond(ProfileParameter parameter) {
        Optional<CalibrationParameter> known = CalibrationProfile.defaults().parameters().stream()
                .filter(p -> p.name().equals(parameter.getKey())).findFirst();
        if (known.isEmpty() || !known.get().unit().equals(CalibrationParameter.SECONDS)) {
            return;
        }
        Stream.of(parameter.getValue(), parameter.getUpper()).filter(CalibrationDelayValidator::tooLong).findFirst()
                .ifPresent(amount -> error("'" + parameter.getKey() + "' is a time of at most 1 s, as every"
                        + " latency (the engine's clock counts picoseconds, 2^63 of them, about 106 days, and adds this"
                        + " once per step or kernel). Write the measured time, such as the default profile's "
                        + microseconds(known.get().value()) + " us.", amount,
                        Literals.AMOUNT__VALUE, IssueCodes.TOO_LARGE, "1 s"));
    }

    /** {@code seconds} in microseconds, to 4 significant digits, as plain text (3.4e-6 s: "3.4"). */
    private static String microseconds(double seconds) {
        return new BigDecimal(seconds * 1e6).round(new MathContext(4)).stripTrailingZeros().toPlainString();
    }

    /** Whether {@code amount} is a time (or a plain number of seconds) above 1 s. */
    private static boolean tooLong(Amount amount) {
        if (amount == null || !Units.isNumber(amount.getValue())) {
            return false;
        }
        Dimension dimension = Units.dimensionOf(amount);
        return (dimension == null || dimension == Dimension.TIME)
                && Units.toBase(amount) * PICOSECONDS_PER_SECOND > ClockLimit.MAX_DELAY_PS;
    }
}
