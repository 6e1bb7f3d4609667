package org.fabricsim.runtime.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;

class RadixSortTest {
    @Test
    void shouldOrderKeysAsAComparisonSortDoes() {
        Random random = new Random(7);
        for (int n : new int[] {0, 1, 2, RadixSort.INSERTION_MAX - 1, RadixSort.INSERTION_MAX, 100, 5_000}) {
            long[] keys = new long[n + 3];
            for (int i = 0; i < n; i++) {
                // a sequence number of up to 2^39 above a 24-bit index, as MaxMinNetwork's prefix keys
                keys[i] = (random.nextLong() >>> 25) << 24 | i;
            }
            keys[n] = keys[n + 1] = keys[n + 2] = -1;
            long[] expected = keys.clone();
            Arrays.sort(expected, 0, n);
            RadixSort.sort(keys, n, 24, new long[n]);
            assertArrayEquals(expected, keys, "n = " + n);
        }
    }

    @Test
    void shouldKeepTheInputOrderOfKeysEqualInTheSortedBits() {
        // sorted on bits 4 and up only: 5·16 + 3 and 5·16 + 1 tie and stay in input order
        long[] keys = {5 << 4 | 3, 2 << 4 | 9, 5 << 4 | 1, 0 << 4 | 15};
        RadixSort.sort(keys, keys.length, 4, new long[4]);
        assertArrayEquals(new long[] {0 << 4 | 15, 2 << 4 | 9, 5 << 4 | 3, 5 << 4 | 1}, keys);
    }

    @Test
    void shouldSortKeysThatDifferOnlyInTheirLowAndTopDigits() {
        for (int n : new int[] {RadixSort.INSERTION_MAX, 150}) {
            // as a fill's share heap loads them: a share's high 32 bits above a link handle. Most shares are
            // 50e9 B/s (high bits 0x4227_4876), every ninth is half that (0x4217_4876), the links descend from
            // 1,000: only the link's low digits and the top digit of the share differ between keys, and the
            // order is the numeric one (all keys positive), the halved shares first
            long[] keys = new long[n];
            for (int i = 0; i < n; i++) {
                long high = i % 9 == 0 ? 0x4217_4876L : 0x4227_4876L;
                keys[i] = high << 32 | (1_000 - i);
            }
            long[] expected = keys.clone();
            Arrays.sort(expected);
            RadixSort.sort(keys, n, 0, new long[n]);
            assertArrayEquals(expected, keys, "n = " + n);
        }
        long[] equal = new long[RadixSort.INSERTION_MAX];
        Arrays.fill(equal, 0x4227_4876_0000_0005L);
        RadixSort.sort(equal, equal.length, 0, new long[equal.length]);
        assertTrue(Arrays.stream(equal).allMatch(key -> key == 0x4227_4876_0000_0005L));
    }

    @Test
    void shouldSortKeysSpanningEveryDigitPass() {
        long[] keys = {Long.MAX_VALUE, 1L << 62, 3, 1L << 33, 0, 1L << 11};
        RadixSort.sort(keys, keys.length, 0, new long[keys.length]);
        assertArrayEquals(new long[] {0, 3, 1L << 11, 1L << 33, 1L << 62, Long.MAX_VALUE}, keys);
    }

    @Test
    void shouldKeepTheInputOrderOfTiesOnBothSidesOfTheInsertionThreshold() {
        for (int n : new int[] {RadixSort.INSERTION_MAX - 1, 3 * RadixSort.INSERTION_MAX}) {
            // group g = i mod 7 in bits 8 and up, a descending index below: a stable sort on bits 8 and
            // up lists group 0's keys in input order, then group 1's, …, unlike a sort of whole keys
            long[] keys = new long[n];
            for (int i = 0; i < n; i++) {
                keys[i] = (long) (i % 7) << 8 | (255 - i);
            }
            long[] expected = new long[n];
            int next = 0;
            for (int g = 0; g < 7; g++) {
                for (int i = g; i < n; i += 7) {
                    expected[next++] = (long) g << 8 | (255 - i);
                }
            }
            RadixSort.sort(keys, n, 8, new long[n]);
            assertArrayEquals(expected, keys, "n = " + n);
        }
    }

    @Test
    void shouldOrderKeysWithTheSignBitSetAsUnsignedNumbersOnBothSidesOfTheInsertionThreshold() {
        for (int n : new int[] {RadixSort.INSERTION_MAX - 1, 5 * RadixSort.INSERTION_MAX}) {
            // every key shares its lowest 11-bit digit (0x5A5), so that pass is skipped; half have bit 63 set:
            // as unsigned numbers they come after every key without it (-1 is the largest, 2^64 - 1)
            Random random = new Random(n);
            long[] keys = new long[n];
            for (int i = 0; i < n; i++) {
                keys[i] = (random.nextLong() & ~0x7FFL) | 0x5A5L;
            }
            long[] expected = keys.clone();
            // the unsigned order is the signed order of the keys with bit 63 flipped
            for (int i = 0; i < n; i++) {
                expected[i] ^= Long.MIN_VALUE;
            }
            Arrays.sort(expected);
            for (int i = 0; i < n; i++) {
                expected[i] ^= Long.MIN_VALUE;
            }
            RadixSort.sort(keys, n, 0, new long[n]);
            assertArrayEquals(expected, keys, "n = " + n);
        }
    }

    @Test
    void shouldMoveEachValueWithItsKeyWhenSortingPairs() {
        for (int n : new int[] {RadixSort.INSERTION_MAX - 1, 2_000}) {
            // value i rides with key k_i = (i·7919 mod 64)·2^40 + i mod 5: after the sort every value
            // still sits beside its own key, keys ascend, and equal keys keep their values in input order
            long[] keys = new long[n];
            int[] values = new int[n];
            for (int i = 0; i < n; i++) {
                keys[i] = (long) (i * 7919 % 64) << 40 | i % 5;
                values[i] = i;
            }
            RadixSort.sort(keys, values, n, 0, new long[n], new int[n]);
            for (int i = 0; i < n; i++) {
                int v = values[i];
                assertEquals((long) (v * 7919 % 64) << 40 | v % 5, keys[i], "n = " + n + ", at " + i);
                if (i > 0) {
                    assertTrue(keys[i - 1] < keys[i] || keys[i - 1] == keys[i] && values[i - 1] < v, "n = " + n);
                }
            }
        }
    }

    @Test
    void shouldPutTiedPairsInInputOrderWithEightAndElevenBitDigits() {
        for (int n : new int[] {RadixSort.WIDE_MIN - 1, RadixSort.WIDE_MIN}) {
            // keys of 40 random bits above 4 bits the sort ignores, 200 distinct values, half with bit 63 set:
            // the expected order is a stable comparison sort (TimSort on boxed indices) by the unsigned
            // value of bits 4 and up, ties in input order
            Random random = new Random(n);
            long[] distinct = new long[200];
            for (int d = 0; d < distinct.length; d++) {
                distinct[d] = (random.nextLong() >>> 24 | (d % 2 == 0 ? Long.MIN_VALUE : 0)) & ~0xFL;
            }
            long[] keys = new long[n];
            int[] values = new int[n];
            Integer[] order = new Integer[n];
            for (int i = 0; i < n; i++) {
                keys[i] = distinct[random.nextInt(distinct.length)] | random.nextInt(16);
                values[i] = i;
                order[i] = i;
            }
            long[] input = keys.clone();
            Arrays.sort(order, (a, b) -> Long.compareUnsigned(input[a] >>> 4, input[b] >>> 4));
            RadixSort.sort(keys, values, n, 4, new long[n], new int[n]);
            for (int i = 0; i < n; i++) {
                assertEquals(order[i], values[i], "n = " + n + ", at " + i);
                assertEquals(input[order[i]], keys[i], "n = " + n + ", at " + i);
            }
        }
    }

    @Test
    void shouldSortPairsStablyWithLentCountsThatHoldAnEarlierSortsDigits() {
        // one counts array lent to three sorts in turn (8-bit, 11-bit, 8-bit digits), filled with 7s first: each
        // sort's pairs come out as a stable comparison sort by key puts them (TimSort on boxed indices), what the
        // counts held before each pass notwithstanding
        int[] counts = RadixSort.newCounts();
        Arrays.fill(counts, 7);
        Random random = new Random(11);
        for (int n : new int[] {RadixSort.INSERTION_MAX, RadixSort.WIDE_MIN, 300}) {
            long[] keys = new long[n];
            int[] values = new int[n];
            Integer[] order = new Integer[n];
            for (int i = 0; i < n; i++) {
                keys[i] = random.nextInt(64) * 0x1_0000_0001L;
                values[i] = i;
                order[i] = i;
            }
            long[] input = keys.clone();
            Arrays.sort(order, (a, b) -> Long.compare(input[a], input[b]));
            RadixSort.sort(keys, values, n, 0, new long[n], new int[n], counts);
            for (int i = 0; i < n; i++) {
                assertEquals(order[i], values[i], "n = " + n + ", at " + i);
                assertEquals(input[order[i]], keys[i], "n = " + n + ", at " + i);
            }
        }
    }
}
