package org.fabricsim.runtime.spec;

/** Argument checks shared by the spec records; a violated check is a programming error. */
public final class Specs {
    private Specs() {
    }

    public static void requireName(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a spec needs a non-blank name");
        }
    }

    static void requirePositive(String what, double value) {
        if (!(value > 0)) {
            throw new IllegalArgumentException(what + " must be positive, was " + value);
        }
    }

    static void requireNonNegative(String what, double value) {
        if (!(value >= 0)) {
            throw new IllegalArgumentException(what + " must not be negative, was " + value);
        }
    }
}
