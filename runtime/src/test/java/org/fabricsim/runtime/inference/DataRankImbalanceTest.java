package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/** Attention DP ranks with unequal batches: the busiest rank gates a decode iteration (ServingModel). */
class DataRankImbalanceTest {
    private static ServingModel llama8b(int data) {
        return new ServingModel(ServingFixtures.LLAMA3_8B, ServingFixtures.H100, Precision.BF16, Precision.BF16,
                new ParallelismSpec(1, 1, data, 1, 1, false), null, null, null, CalibrationProfile.defaults());
    }

    /** A decode-only iteration of two sequences, each attending to {@code context} cached tokens. */
    private static long decodePs(ServingModel model, double context) {
        return model.iterationPs(2, 2, 0, 0, 0, 2 * (context + 1), 2 * context);
    }

    @Test
    void shouldReadTheBusiestRanksCacheWhenTwoSequencesSpreadOverTwoDataRanks() {
        // Decode attention reads each sequence's cache once (memory-bound), so a longer context adds
        // time in proportion to the cache the slowest rank reads. One rank (DP 1) reads both sequences';
        // over DP 2 the two sequences share a rank with probability 1/2, so the busiest rank holds
        // E[max] = 1.5 of them, 0.75 of the two: the added time is 0.75 of DP 1's.
        double dp1 = decodePs(llama8b(1), 200_000) - decodePs(llama8b(1), 100_000);
        double dp2 = decodePs(llama8b(2), 200_000) - decodePs(llama8b(2), 100_000);
        assertEquals(0.75, dp2 / dp1, 0.005);
    }

    @Test
    void shouldCostAPrefillIterationAtTheMeanRank() {
        // a prefill chunk (pairs of its own) is not a decode-only iteration: the two DP ranks split it evenly,
        // so the DP 2 replica reads half of DP 1's cache per rank for a longer prefix
        double dp1 = llama8b(1).iterationPs(2, 1, 3, 0, 200_000, 0, 0) - llama8b(1).iterationPs(2, 1, 3, 0, 100_000, 0, 0);
        double dp2 = llama8b(2).iterationPs(2, 1, 3, 0, 200_000, 0, 0) - llama8b(2).iterationPs(2, 1, 3, 0, 100_000, 0, 0);
        assertEquals(0.5, dp2 / dp1, 0.005);
    }
}
