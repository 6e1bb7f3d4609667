package org.fabricsim.runtime.sim;

import java.util.Arrays;

/**
 * Least-significant-digit radix sort of {@code long} keys in unsigned order, 11 bits a pass, stable.
 * Only the digits between the lowest bit that matters and the highest bit set in any key are
 * sorted, so keys that differ in few bits (a sequence number above a small index) take few passes,
 * and a pass in which every key has the same digit is skipped (it would leave the order as it is).
 * Cost O(passes · (n + 2,048)) with passes = ⌈(64 − leading zeros of the OR of the keys − low bit) / 11⌉,
 * against O(n log n) comparisons; one 8 KiB counts array per call. Fewer than {@value #INSERTION_MAX}
 * keys (the partial fill's usual prefix: a few classes) take a stable insertion sort instead, O(n²)
 * shifts with no allocation, which puts them in the same order. From there up to {@value #MERGE_MAX}
 * keys (a fill's links on a serving run's fabric: 48–140 links in about one fill of five) a stable
 * bottom-up merge sort runs in the scratch arrays: insertion-sorted runs of {@value #RUN} keys, then
 * ⌈log₂(n ÷ {@value #RUN})⌉ merge passes, O(n log n) comparisons with no allocation, where the radix
 * passes would clear and scan the 2,048 counts up to six times. A stable sort's output is determined by
 * its keys and their input order alone, so every branch gives the same permutation.
 */
public final class RadixSort {
    private static final int DIGIT_BITS = 11;
    private static final int BUCKETS = 1 << DIGIT_BITS;
    /** Keys below which the insertion sort runs: the counts array's allocation and scans cost more there. */
    static final int INSERTION_MAX = 48;
    /** Keys below which the merge sort runs instead of the radix passes. */
    static final int MERGE_MAX = 1024;
    /** Length of the insertion-sorted runs the merge sort starts from. */
    private static final int RUN = 16;

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
        if (n < INSERTION_MAX) {
            insertionSort(keys, values, 0, n, lowBit);
            return;
        }
        if (n < MERGE_MAX) {
            mergeSort(keys, values, n, lowBit, scratch, valueScratch);
            return;
        }
        int[] counts = new int[BUCKETS];
        long union = 0;
        for (int i = 0; i < n; i++) {
            union |= keys[i];
        }
        int highBit = 64 - Long.numberOfLeadingZeros(union);
        long[] from = keys;
        long[] to = scratch;
        int[] fromValues = values;
        int[] toValues = valueScratch;
        for (int shift = lowBit; shift < highBit; shift += DIGIT_BITS) {
            Arrays.fill(counts, 0);
            for (int i = 0; i < n; i++) {
                counts[(int) (from[i] >>> shift) & (BUCKETS - 1)]++;
            }
            if (counts[(int) (from[0] >>> shift) & (BUCKETS - 1)] == n) {
                continue;
            }
            int offset = 0;
            for (int b = 0; b < BUCKETS; b++) {
                int count = counts[b];
                counts[b] = offset;
                offset += count;
            }
            for (int i = 0; i < n; i++) {
                long key = from[i];
                int at = counts[(int) (key >>> shift) & (BUCKETS - 1)]++;
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
     * Stable insertion sort of {@code keys[from, to)} (and {@code values} with them, when not null) by
     * their bits from {@code lowBit} up; O((to − from)²), no allocation.
     */
    private static void insertionSort(long[] keys, int[] values, int from, int to, int lowBit) {
        for (int i = from + 1; i < to; i++) {
            long key = keys[i];
            int value = values == null ? 0 : values[i];
            long digits = key >>> lowBit;
            int j = i - 1;
            while (j >= from && Long.compareUnsigned(keys[j] >>> lowBit, digits) > 0) {
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

    /**
     * Stable bottom-up merge sort of {@code keys[0, n)} (and {@code values}) by their bits from
     * {@code lowBit} up: runs of {@value #RUN} by insertion, then passes that merge neighbouring runs
     * of width w into runs of 2w, alternating between the arrays and the scratch arrays; O(n log n)
     * comparisons and moves, no allocation.
     */
    private static void mergeSort(long[] keys, int[] values, int n, int lowBit, long[] scratch, int[] valueScratch) {
        for (int from = 0; from < n; from += RUN) {
            insertionSort(keys, values, from, Math.min(n, from + RUN), lowBit);
        }
        long[] from = keys;
        long[] to = scratch;
        int[] fromValues = values;
        int[] toValues = valueScratch;
        for (int width = RUN; width < n; width *= 2) {
            for (int low = 0; low < n; low += 2 * width) {
                merge(from, fromValues, to, toValues, low, Math.min(low + width, n), Math.min(low + 2 * width, n),
                        lowBit);
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
     * Merges the sorted runs {@code from[low, middle)} and {@code from[middle, high)} into {@code to[low,
     * high)}, the left run's key first on ties (stable); values move with their keys when not null.
     */
    private static void merge(long[] from, int[] fromValues, long[] to, int[] toValues, int low, int middle,
            int high, int lowBit) {
        int i = low;
        int j = middle;
        for (int k = low; k < high; k++) {
            boolean left = j >= high
                    || i < middle && Long.compareUnsigned(from[i] >>> lowBit, from[j] >>> lowBit) <= 0;
            int at = left ? i++ : j++;
            to[k] = from[at];
            if (fromValues != null) {
                toValues[k] = fromValues[at];
            }
        }
    }
}
