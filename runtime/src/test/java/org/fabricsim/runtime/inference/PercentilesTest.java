package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** {@link Percentiles#sort} and {@link Percentiles#sortPicoseconds} against {@link Arrays#sort(double[])} as the oracle, bit for bit. */
class PercentilesTest {
    @Test
    void shouldSortLatenciesExactlyAsArraysSortDoes() {
        SplittableRandom random = new SplittableRandom(7);
        int count = 3 * Percentiles.RADIX_MIN + 17;
        double[] values = new double[count + 5];
        for (int i = 0; i < count; i++) {
            // lognormal-like latencies with ties, negatives, signed zeros, subnormals and infinities
            values[i] = switch (i % 9) {
                case 0 -> -random.nextDouble() * 1e-3;
                case 1 -> Math.exp(random.nextGaussian() * 3 - 4);
                case 2 -> i % 2 == 0 ? 0.0 : -0.0;
                case 3 -> Double.MIN_VALUE * (1 + random.nextInt(10));
                case 4 -> i % 2 == 0 ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
                case 5 -> 0.008150646164390412;
                default -> random.nextDouble() * 1e4 - 1;
            };
        }
        double[] expected = values.clone();
        Arrays.sort(expected, 0, count);
        Percentiles.sort(values, count, new long[count], new long[count]);
        assertArrayEquals(bits(expected), bits(values));
    }

    @Test
    void shouldSortPicosecondsIntoTheSecondsArraysSortWouldGive() {
        SplittableRandom random = new SplittableRandom(11);
        for (int count : new int[] {Percentiles.RADIX_MIN - 1, 2 * Percentiles.RADIX_MIN + 3}) {
            long[] picoseconds = new long[count];
            double[] expected = new double[count];
            for (int i = 0; i < count; i++) {
                // lognormal latencies around 40 ms with ties, a few negative and one beyond 2^53 ps
                picoseconds[i] = switch (i % 7) {
                    case 0 -> -random.nextLong(1_000_000);
                    case 1 -> 42_049_016_963L;
                    case 2 -> i == 2 ? (1L << 60) + 1 : random.nextLong(1L << 44);
                    default -> (long) (4e10 * Math.exp(random.nextGaussian() * 0.6));
                };
                expected[i] = picoseconds[i] / 1e12;
            }
            Arrays.sort(expected);
            double[] seconds = new double[count];
            Percentiles.sortPicoseconds(picoseconds, count, seconds, new long[count]);
            assertArrayEquals(bits(expected), bits(seconds));
        }
    }

    private static long[] bits(double[] values) {
        return Arrays.stream(values).mapToLong(Double::doubleToRawLongBits).toArray();
    }
}
