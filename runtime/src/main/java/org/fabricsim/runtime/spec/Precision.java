package org.fabricsim.runtime.spec;

/** Numeric precisions, with the bytes of one element. */
public enum Precision {
    FP32(4), TF32(4), BF16(2), FP16(2), FP8(1), FP4(0.5), INT8(1);

    private final double bytes;

    Precision(double bytes) {
        this.bytes = bytes;
    }

    /** Bytes per element. */
    public double bytes() {
        return bytes;
    }
}
