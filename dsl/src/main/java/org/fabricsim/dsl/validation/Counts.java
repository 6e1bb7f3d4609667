package org.fabricsim.dsl.validation;

/** The counts the tier checks suggest: divisors near a wanted count and multiples above one. O(√n) or O(n). */
final class Counts {
    private Counts() {
    }

    /** The divisor of {@code n} nearest {@code wanted} (the smaller on a tie). */
    static int nearestDivisor(int n, int wanted) {
        int best = 1;
        for (int d = 1; (long) d * d <= n; d++) {
            if (n % d == 0) {
                best = closer(best, d, wanted);
                best = closer(best, n / d, wanted);
            }
        }
        return best;
    }

    /** The smallest divisor of {@code n} not below {@code wanted} ({@code n} itself at worst; {@code wanted} past n). */
    static int smallestDivisorAtLeast(int n, int wanted) {
        int d = Math.max(1, wanted);
        while (d < n && n % d != 0) {
            d++;
        }
        return d;
    }

    private static int closer(int a, int b, int wanted) {
        long da = Math.abs((long) a - wanted);
        long db = Math.abs((long) b - wanted);
        return db < da || db == da && b < a ? b : a;
    }

    static int roundUp(int count, int multiple) {
        return (count + multiple - 1) / multiple * multiple;
    }
}
