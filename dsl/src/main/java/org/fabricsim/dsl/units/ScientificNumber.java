package org.fabricsim.dsl.units;

/** The value of a number the grammar's {@code Scientific} rule accepts ({@code 1e-12}, {@code 2.5e-9}, {@code 0.001}). */
public final class ScientificNumber {
    private ScientificNumber() {
    }

    /** The number {@code text} writes, or NaN when it is not one (say, {@code 1x-3}: the validator says so). */
    public static double value(String text) {
        if (text == null || !text.matches("\\d+(\\.\\d+)?([eE]-?\\d+)?")) {
            return Double.NaN;
        }
        return Double.parseDouble(text);
    }
}
