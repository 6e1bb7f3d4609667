package org.fabricsim.runtime.network;

import java.util.Arrays;

/**
 * The links the classes finished since {@link ContentionDerating}'s last solve left, with the slowest rate and ideal
 * rate that left each, and the slowest ideal rate that finished: what its keep ({@code keepsRates}) and its partial
 * fills ({@link KeptComponents}) read. O(1) per link a class leaves; {@link #endBatch} O(links left).
 */
final class FinishedLinks {
    /** The links left since the last solve, {@link #count} of them, and per link whether it is one. */
    final int[] left;
    final boolean[] isLeft;
    int count;
    /** Per link, the smallest rate and ideal rate of the classes that left it since the last solve (+∞ when none). */
    final double[] leftRate;
    final double[] leftIdealRate;
    /** The smallest ideal rate of the classes finished since the last solve (+∞ when none). */
    double slowestIdealRate = Double.POSITIVE_INFINITY;
    /** The rate and ideal rate of the class finishing now, for {@link #leave}. */
    private double finishingRate;
    private double finishingIdealRate;

    FinishedLinks(int links) {
        left = new int[links];
        isLeft = new boolean[links];
        leftRate = new double[links];
        Arrays.fill(leftRate, Double.POSITIVE_INFINITY);
        leftIdealRate = new double[links];
        Arrays.fill(leftIdealRate, Double.POSITIVE_INFINITY);
    }

    /** A class of {@code rate} and {@code idealRate} finished; {@link #leave} follows for each of its links. */
    void finish(double rate, double idealRate) {
        finishingRate = rate;
        finishingIdealRate = idealRate;
        slowestIdealRate = Math.min(slowestIdealRate, idealRate);
    }

    /** The class finishing now left {@code link}. */
    void leave(int link) {
        if (!isLeft[link]) {
            isLeft[link] = true;
            left[count++] = link;
        }
        leftRate[link] = Math.min(leftRate[link], finishingRate);
        leftIdealRate[link] = Math.min(leftIdealRate[link], finishingIdealRate);
    }

    /** Forgets the finishes since the last solve. */
    void endBatch() {
        for (int i = 0; i < count; i++) {
            isLeft[left[i]] = false;
            leftRate[left[i]] = Double.POSITIVE_INFINITY;
            leftIdealRate[left[i]] = Double.POSITIVE_INFINITY;
        }
        count = 0;
        slowestIdealRate = Double.POSITIVE_INFINITY;
    }
}
