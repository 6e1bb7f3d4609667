package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** {@link Percentiles#sort} against {@link Arrays#sort(double[])} as the oracle, bit for bit. */
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

    private static long[] bits(double[] values) {
        return Arrays.stream(values).mapToLong(Double::doubleToRawLongBits).toArray();
    }
}
