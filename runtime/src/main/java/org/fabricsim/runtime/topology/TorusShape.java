package org.fabricsim.runtime.topology;

/**
 * The coordinates of a torus of k_0 × … × k_{D−1} positions: position a sits at c_d = ⌊a ÷ s_d⌋ mod
 * k_d with s_d = Π_{i&lt;d} k_i (dimension 0 fastest). O(1) per lookup.
 */
public final class TorusShape {
    private final int[] dimensions;
    private final int[] strides;
    private final int positions;

    /** The shape of {@code dimensions}, each ≥ 1. */
    public TorusShape(int[] dimensions) {
        this.dimensions = dimensions.clone();
        this.strides = new int[dimensions.length];
        int stride = 1;
        for (int d = 0; d < dimensions.length; d++) {
            strides[d] = stride;
            stride = Math.multiplyExact(stride, dimensions[d]);
        }
        this.positions = stride;
    }

    /** Number of dimensions D. */
    public int dimensionCount() {
        return dimensions.length;
    }

    /** The size k_d of {@code dimension}. */
    public int size(int dimension) {
        return dimensions[dimension];
    }

    /** The stride s_d of {@code dimension}: positions between neighbours along it. */
    public int stride(int dimension) {
        return strides[dimension];
    }

    /** Positions in all: Π k_d. */
    public int positions() {
        return positions;
    }

    /** The coordinate c_d of {@code position}. */
    public int coordinate(int position, int dimension) {
        return position / strides[dimension] % dimensions[dimension];
    }

    /** The position {@code step} places from {@code position} along {@code dimension}, wrapping round. */
    public int neighbour(int position, int dimension, int step) {
        int here = coordinate(position, dimension);
        int there = Math.floorMod(here + step, dimensions[dimension]);
        return position + (there - here) * strides[dimension];
    }

    /** The dimensions as written, e.g. {@code 12x16x16}. */
    @Override
    public String toString() {
        StringBuilder shape = new StringBuilder();
        for (int size : dimensions) {
            shape.append(shape.length() == 0 ? "" : "x").append(size);
        }
        return shape.toString();
    }
}
