package org.fabricsim.dsl.units;

/**
 * The physical dimension of a quantity. Bits per second and bytes per second are one dimension
 * (a data rate); a dollar amount and a dollar rate are two.
 */
public enum Dimension {
    DATA_RATE("a data rate", "400 Gb/s or 50 GB/s"),
    DATA_SIZE("a data size", "80 GB or 1 GiB"),
    TIME("a time", "1.5 us or 4 years"),
    COMPUTE_RATE("a compute rate", "989 TFLOPS"),
    FRACTION("a percentage", "80 %"),
    POWER("a power", "700 W or 10.2 kW"),
    MONEY("an amount of money", "$250000"),
    MONEY_RATE("a price per hour", "$2.50/h"),
    ENERGY_PRICE("an electricity price", "$0.08/kWh"),
    REQUEST_RATE("a rate of requests", "10 /s"),
    TOKEN_RATE("a rate of tokens", "2500 tokens/s"),
    /** Not a dimension: a unit that is only meaningful with or without {@code $}, used wrongly. */
    INVALID("not a valid quantity", "$2.50/h");

    private final String description;
    private final String example;

    Dimension(String description, String example) {
        this.description = description;
        this.example = example;
    }

    /** "a data rate", for messages. */
    public String description() {
        return description;
    }

    /** An example quantity of this dimension, for messages. */
    public String example() {
        return example;
    }
}
