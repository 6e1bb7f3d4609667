package org.fabricsim.dsl.units;

import java.math.BigDecimal;

import org.fabricsim.dsl.fabric.Amount;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Quantity;
import org.fabricsim.dsl.fabric.Ratio;
import org.fabricsim.dsl.fabric.Unit;
import org.fabricsim.dsl.model.Written;

/**
 * The one place where units are normalized. Every quantity becomes a number in its dimension's
 * base unit: bytes per second, bytes, seconds, FLOP/s, a fraction (80 % = 0.8), watts, dollars,
 * dollars per hour, dollars per kWh, requests per second, or tokens per second.
 *
 * <p>Bits and bytes differ: 1 Gb/s = 1e9 / 8 bytes per second, 1 GB/s = 1e9 bytes per second.
 * Decimal prefixes (K, M, G, T) are powers of 1000; binary prefixes (Ki, Mi, Gi, Ti) powers of 1024.
 * A year is the Julian year, 365.25 days.
 */
public final class Units {
    private static final double BITS_PER_BYTE = 8;
    private static final double SECONDS_PER_HOUR = 3600;
    private static final double SECONDS_PER_YEAR = 365.25 * 24 * SECONDS_PER_HOUR;
    private static final double PICOSECONDS_PER_SECOND = 1e12;

    private Units() {
    }

    /** The dimension of a quantity as written; {@link Dimension#INVALID} for a misused money unit. */
    public static Dimension dimensionOf(Quantity quantity) {
        Unit unit = Written.written(quantity, Literals.QUANTITY__UNIT) ? quantity.getUnit() : null;
        if (quantity.isDollars()) {
            if (unit == null) {
                return Dimension.MONEY;
            }
            return switch (unit) {
                case PER_HOUR -> Dimension.MONEY_RATE;
                case PER_KWH -> Dimension.ENERGY_PRICE;
                default -> Dimension.INVALID;
            };
        }
        return dimensionOf(unit);
    }

    /** The dimension a unit measures when written without {@code $}. */
    public static Dimension dimensionOf(Unit unit) {
        return switch (unit) {
            case MBIT_PER_SECOND, GBIT_PER_SECOND, TBIT_PER_SECOND, MBYTE_PER_SECOND, GBYTE_PER_SECOND,
                    TBYTE_PER_SECOND -> Dimension.DATA_RATE;
            case BYTE, KILOBYTE, MEGABYTE, GIGABYTE, TERABYTE, KIBIBYTE, MEBIBYTE, GIBIBYTE, TEBIBYTE ->
                Dimension.DATA_SIZE;
            case NANOSECOND, MICROSECOND, MILLISECOND, SECOND, HOUR, YEAR -> Dimension.TIME;
            case GFLOPS, TFLOPS, PFLOPS -> Dimension.COMPUTE_RATE;
            case PERCENT -> Dimension.FRACTION;
            case WATT, KILOWATT -> Dimension.POWER;
            case PER_SECOND -> Dimension.REQUEST_RATE;
            case TOKENS_PER_SECOND -> Dimension.TOKEN_RATE;
            case PER_HOUR, PER_KWH -> Dimension.INVALID;
        };
    }

    /** How many base units one of {@code unit} is. */
    public static double baseUnitsPer(Unit unit) {
        return switch (unit) {
            case MBIT_PER_SECOND -> 1e6 / BITS_PER_BYTE;
            case GBIT_PER_SECOND -> 1e9 / BITS_PER_BYTE;
            case TBIT_PER_SECOND -> 1e12 / BITS_PER_BYTE;
            case MBYTE_PER_SECOND, MEGABYTE -> 1e6;
            case GBYTE_PER_SECOND, GIGABYTE -> 1e9;
            case TBYTE_PER_SECOND, TERABYTE -> 1e12;
            case BYTE -> 1;
            case KILOBYTE -> 1e3;
            case KIBIBYTE -> 1L << 10;
            case MEBIBYTE -> 1L << 20;
            case GIBIBYTE -> 1L << 30;
            case TEBIBYTE -> 1L << 40;
            case NANOSECOND -> 1e-9;
            case MICROSECOND -> 1e-6;
            case MILLISECOND -> 1e-3;
            case SECOND -> 1;
            case HOUR -> SECONDS_PER_HOUR;
            case YEAR -> SECONDS_PER_YEAR;
            case GFLOPS -> 1e9;
            case TFLOPS -> 1e12;
            case PFLOPS -> 1e15;
            case PERCENT -> 0.01;
            case WATT -> 1;
            case KILOWATT -> 1e3;
            case PER_HOUR, PER_KWH, PER_SECOND, TOKENS_PER_SECOND -> 1;
        };
    }

    /** Whether {@code decimal} is a number: in broken text, the parser may leave a value empty or a lone '.'. */
    public static boolean isNumber(String decimal) {
        if (decimal == null) {
            return false;
        }
        try {
            new BigDecimal(decimal);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /**
     * The number as written, with its sign, e.g. 1.5 for {@code 1.5 us}, −5 for {@code -5 ns}; NaN where
     * broken text left none (a syntax error).
     */
    public static double valueOf(Quantity quantity) {
        double value = number(quantity.getValue());
        return quantity.isNegative() ? -value : value;
    }

    /** {@code a:b} as a / b; NaN where broken text left no number on a side (such as {@code 7.:1}). */
    public static double ratio(Ratio ratio) {
        return number(ratio.getNumerator()) / number(ratio.getDenominator());
    }

    private static double number(String decimal) {
        return isNumber(decimal) ? new BigDecimal(decimal).doubleValue() : Double.NaN;
    }

    /** The quantity in its dimension's base unit. */
    public static double toBase(Quantity quantity) {
        Dimension dimension = dimensionOf(quantity);
        boolean unitless = dimension == Dimension.MONEY;
        return valueOf(quantity) * (unitless ? 1 : baseUnitsPer(quantity.getUnit()));
    }

    /** A data rate in bytes per second. */
    public static double bytesPerSecond(Quantity quantity) {
        return base(quantity, Dimension.DATA_RATE);
    }

    /** A data size in whole bytes. */
    public static long bytes(Quantity quantity) {
        return Math.round(base(quantity, Dimension.DATA_SIZE));
    }

    /** A time in seconds. */
    public static double seconds(Quantity quantity) {
        return base(quantity, Dimension.TIME);
    }

    /** A short time (a latency) in whole picoseconds. */
    public static long picoseconds(Quantity quantity) {
        return Math.round(seconds(quantity) * PICOSECONDS_PER_SECOND);
    }

    /** A compute rate in FLOP/s. */
    public static double flopsPerSecond(Quantity quantity) {
        return base(quantity, Dimension.COMPUTE_RATE);
    }

    /** A percentage as a fraction: 80 % is 0.8. */
    public static double fraction(Quantity quantity) {
        return base(quantity, Dimension.FRACTION);
    }

    /** An optional percentage as a fraction, 0 where it is not written (the specs read 0 as unstated). */
    public static double fractionOrZero(Quantity quantity) {
        return quantity == null ? 0 : fraction(quantity);
    }

    /** The dimension of a calibration amount's unit; null for a plain number. */
    public static Dimension dimensionOf(Amount amount) {
        return Written.written(amount, Literals.AMOUNT__UNIT) ? dimensionOf(amount.getUnit()) : null;
    }

    /** A calibration amount in base units: a plain number as written, {@code 3.4 us} as 3.4e-6, {@code 96 %} as 0.96. */
    public static double toBase(Amount amount) {
        BigDecimal value = new BigDecimal(amount.getValue());
        // In decimal arithmetic, so that 3.4 us is the double nearest 3.4e-6, as the engine writes it.
        return (dimensionOf(amount) == null ? value : value.multiply(BigDecimal.valueOf(baseUnitsPer(amount.getUnit()))))
                .doubleValue();
    }

    /** The value in base units, after checking the dimension; mapping runs on validated models only. */
    public static double base(Quantity quantity, Dimension expected) {
        Dimension actual = dimensionOf(quantity);
        if (actual != expected) {
            throw new IllegalArgumentException("expected " + expected.description() + " but got "
                    + actual.description() + "; validate the model before mapping it");
        }
        return toBase(quantity);
    }
}
