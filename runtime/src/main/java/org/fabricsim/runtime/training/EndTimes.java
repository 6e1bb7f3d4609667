package org.fabricsim.runtime.training;

import java.util.Arrays;

/**
 * A fixed number of doubles, all NaN at first, held in blocks of {@value #BLOCK} (128 KiB) instead of one array:
 * a step of a million micro-batches needs tens of MB of end times, and one array that large is allocated straight
 * into the old generation (larger than the young one, or than {@code -XX:PretenureSizeThreshold}), which must then
 * hold it alone; blocks go wherever the collector has room. 8 B per value plus 16 B per block and 4 B of index. O(1)
 * per access.
 */
final class EndTimes {
    /** Values per block, a power of two. */
    static final int BLOCK = 1 << 14;
    private final double[][] blocks;

    /** {@code size} NaN values. */
    EndTimes(long size) {
        blocks = new double[(int) ((size + BLOCK - 1) / BLOCK)][];
        for (int b = 0; b < blocks.length; b++) {
            blocks[b] = new double[(int) Math.min(BLOCK, size - (long) b * BLOCK)];
            Arrays.fill(blocks[b], Double.NaN);
        }
    }

    double get(int i) {
        return blocks[i / BLOCK][i % BLOCK];
    }

    void set(int i, double value) {
        blocks[i / BLOCK][i % BLOCK] = value;
    }
}
