package org.fabricsim.dsl.units;

/** The physical dimension of a quantity; bits per second and bytes per second are one dimension. */
public enum Dimension {
    DATA_RATE("a data rate", "400 Gb/s or 50 GB/s"),
    TIME("a time", "1.5 us"),
    DATA_SIZE("a data size", "1 GiB");

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
