package org.fabricsim.dsl.units;

import java.math.BigDecimal;

import org.fabricsim.dsl.fabric.Quantity;
import org.fabricsim.dsl.fabric.Unit;

/**
 * The one place where units are normalized. Every quantity becomes a number in the engine's base
 * unit for its dimension: bytes per second for data rates, picoseconds for times, bytes for sizes.
 * Bits and bytes differ: 1 Gb/s = 1e9 / 8 bytes per second, 1 GB/s = 1e9 bytes per second.
 * Decimal prefixes (K, M, G, T) are powers of 1000; binary prefixes (Ki, Mi, Gi) powers of 1024.
 */
public final class Units {
    private static final double BITS_PER_BYTE = 8;

    private Units() {
    }

    /** The dimension a unit measures. */
    public static Dimension dimensionOf(Unit unit) {
        return switch (unit) {
            case GBIT_PER_SECOND, GBYTE_PER_SECOND, TBYTE_PER_SECOND -> Dimension.DATA_RATE;
            case NANOSECOND, MICROSECOND, MILLISECOND -> Dimension.TIME;
            case KIBIBYTE, MEBIBYTE, GIBIBYTE, KILOBYTE, MEGABYTE, GIGABYTE -> Dimension.DATA_SIZE;
        };
    }

    /** How many base units (bytes/s, ps or bytes) one of {@code unit} is. */
    public static double baseUnitsPer(Unit unit) {
        return switch (unit) {
            case GBIT_PER_SECOND -> 1e9 / BITS_PER_BYTE;
            case GBYTE_PER_SECOND -> 1e9;
            case TBYTE_PER_SECOND -> 1e12;
            case NANOSECOND -> 1e3;
            case MICROSECOND -> 1e6;
            case MILLISECOND -> 1e9;
            case KIBIBYTE -> 1L << 10;
            case MEBIBYTE -> 1L << 20;
            case GIBIBYTE -> 1L << 30;
            case KILOBYTE -> 1e3;
            case MEGABYTE -> 1e6;
            case GIGABYTE -> 1e9;
        };
    }

    /** The number as written, e.g. 1.5 for {@code 1.5 us}. */
    public static double valueOf(Quantity quantity) {
        return new BigDecimal(quantity.getValue()).doubleValue();
    }

    /** The quantity in its dimension's base unit. */
    public static double toBase(Quantity quantity) {
        return valueOf(quantity) * baseUnitsPer(quantity.getUnit());
    }

    /** A data rate in bytes per second. */
    public static double bytesPerSecond(Quantity quantity) {
        return toBase(require(quantity, Dimension.DATA_RATE));
    }

    /** A time in whole picoseconds. */
    public static long picoseconds(Quantity quantity) {
        return Math.round(toBase(require(quantity, Dimension.TIME)));
    }

    /** A data size in whole bytes. */
    public static long bytes(Quantity quantity) {
        return Math.round(toBase(require(quantity, Dimension.DATA_SIZE)));
    }

    private static Quantity require(Quantity quantity, Dimension expected) {
        Dimension actual = dimensionOf(quantity.getUnit());
        if (actual != expected) {
            throw new IllegalArgumentException("expected " + expected.description() + " but got "
                    + actual.description() + "; validate the model before mapping it");
        }
        return quantity;
    }
}
