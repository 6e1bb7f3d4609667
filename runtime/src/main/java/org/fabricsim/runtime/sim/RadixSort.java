package org.fabricsim.runtime.sim;

import java.util.Arrays;

/**
 * Least-significant-digit radix sort of {@code long} keys in unsigned order, stable: digits of d = 11
 * bits a pass from {@value #WIDE_MIN} keys up, of d = 8 below (a pass costs about 3n + 2·2^d, so for
 * B bits to sort ⌈B/8⌉·(3n + 512) is below ⌈B/11⌉·(3n + 4,096) up to about two thousand keys). A
 * stable LSD sort leaves keys equal in the sorted bits in input order whatever its digit width, so
 * both widths give the same permutation. A pass in which every key has the same digit would leave the
 * order as it is, so only the digits in which some key differs from the first are sorted, read off the
 * OR of every key XOR the first without counting them: keys that differ in few bits (equal fair shares
 * above different link handles, a sequence number above a small index) take few passes. Cost O(n +
 * passes · (n + 2^d)) with passes ≤ ⌈(64 − leading zeros of that OR − low bit) / d⌉, against O(n log n)
 * comparisons; one counts array of 2^d ints (8 KiB or 1 KiB) per call, or none where the caller lends one
 * ({@link #newCounts}: a solver that sorts tens of thousands of runs a simulation keeps one). Fewer than {@value
 * #INSERTION_MAX} keys (the partial fill's usual prefix: a few classes) take a stable insertion sort instead, O(n²)
 * shifts with no allocation, which puts them in the same order.
 */
public final class RadixSort {
    private static final int WIDE_BITS = 11;
    private static final int NARROW_BITS = 8;
    /** Keys from which the sort takes 11-bit digits. */
    static final int WIDE_MIN = 2048;
    /** Keys below which the insertion sort runs: the counts array's allocation and scans cost more there. */
    static final int INSERTION_MAX = 48;

    private RadixSort() {
    }

    /**
     * Sorts {@code keys[0, n)} ascending by their bits from {@code lowBit} up; keys equal in those
     * bits keep their order (stable); keys are compared as unsigned numbers. {@code scratch} must hold
     * at least n keys and its contents are overwritten. Non-negative keys in ascending order of their
     * bits below {@code lowBit} come out as {@code Arrays.sort(keys, 0, n)} would put them.
     */
    public static void sort(long[] keys, int n, int lowBit, long[] scratch) {
        sort(keys, null, n, lowBit, scratch, null);
    }

    /**
     * The same, moving {@code values[i]} with {@code keys[i]} when {@code values} is not null (then
     * {@code valueScratch} must hold n values): a permutation of (key, value) pairs, stable in the keys.
     */
    public static void sort(long[] keys, int[] values, int n, int lowBit, long[] scratch, int[] valueScratch) {
        sort(keys, values, n, lowBit, scratch, valueScratch, null);
    }

    /** Counts scratch for {@link #sort(long[], int[], int, int, long[], int[], int[])}: 2^11 ints, any digit's. */
    public static int[] newCounts() {
        return new int[1 << WIDE_BITS];
    }

    /**
     * The same with the digit counts in {@code counts} ({@link #newCounts}; null: a new array): each pass clears the
     * 2^d entries it uses before counting, so the lent array's contents do not matter and the permutation is the one
     * a new array gives.
     */
    public static void sort(long[] keys, int[] values, int n, int lowBit, long[] scratch, int[] valueScratch,
            int[] counts) {
        if (n < INSERTION_MAX) {
            insertionSort(keys, values, n, lowBit);
            return;
        }
        int digitBits = n < WIDE_MIN ? NARROW_BITS : WIDE_BITS;
        int mask = (1 << digitBits) - 1;
        if (counts == null) {
            counts = new int[mask + 1];
        }
        long first = keys[0];
        long differing = 0;
        for (int i = 1; i < n; i++) {
            differing |= keys[i] ^ first;
        }
        int highBit = 64 - Long.numberOfLeadingZeros(differing);
        long[] from = keys;
        long[] to = scratch;
        int[] fromValues = values;
        int[] toValues = valueScratch;
        for (int shift = lowBit; shift < highBit; shift += digitBits) {
            if ((differing >>> shift & mask) == 0) {
                continue;
            }
            Arrays.fill(counts, 0, mask + 1, 0);
            for (int i = 0; i < n; i++) {
                counts[(int) (from[i] >>> shift) & mask]++;
            }
            int offset = 0;
            for (int b = 0; b <= mask; b++) {
                int count = counts[b];
                counts[b] = offset;
                offset += count;
            }
            for (int i = 0; i < n; i++) {
                long key = from[i];
                int at = counts[(int) (key >>> shift) & mask]++;
                to[at] = key;
                if (fromValues != null) {
                    toValues[at] = fromValues[i];
                }
            }
            long[] swap = from;
            from = to;
            to = swap;
            int[] swapValues = fromValues;
            fromValues = toValues;
            toValues = swapValues;
        }
        if (from != keys) {
            System.arraycopy(from, 0, keys, 0, n);
            if (values != null) {
                System.arraycopy(fromValues, 0, values, 0, n);
            }
        }
    }

    /**
     * Stable insertion sort of {@code keys[0, n)} (and {@code values} with them, when not null) by their
     * bits from {@code lowBit} up; O(n²), no allocation.
     */
    private static void insertionSort(long[] keys, int[] values, int n, int lowBit) {
        for (int i = 1; i < n; i++) {
            long key = keys[i];
            int value = values == null ? 0 : values[i];
            long digits = key >>> lowBit;
            int j = i - 1;
            while (j >= 0 && Long.compareUnsigned(keys[j] >>> lowBit, digits) > 0) {
                keys[j + 1] = keys[j];
                if (values != null) {
                    values[j + 1] = values[j];
                }
                j--;
            }
            keys[j + 1] = key;
            if (values != null) {
                values[j + 1] = value;
            }
        }
    }
}
