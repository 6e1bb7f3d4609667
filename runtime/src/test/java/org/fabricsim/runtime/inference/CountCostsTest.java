package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/** The per-count parts of an iteration ({@link CountCosts}) memoized: a repeat costs the same as the first time. */
class CountCostsTest {
    private static ServingModel llama8b() {
        return new ServingModel(ServingFixtures.LLAMA3_8B, ServingFixtures.H100, Precision.BF16, Precision.BF16,
                new ParallelismSpec(1, 1, 1, 1, 1, false), null, null, null, CalibrationProfile.defaults());
    }

    /** A decode-only iteration of {@code sequences} sequences, each attending to 1,000 cached tokens. */
    private static long decodePs(ServingModel model, int sequences) {
        return model.iterationPs(sequences, sequences, 0, 0, 0, sequences * 1001.0, sequences * 1000.0);
    }

    @Test
    void shouldCostAMemoizedCountAsAFreshModelDoesWhenOtherCountsCameBetween() {
        // A fresh model costs 64 sequences from nothing; the other costs 3, then 64, then 5,000 (the
        // memo grows past 64) and 64 again. Both the seconds and the FLOPs of the count's parts must
        // come back from the memo as first computed, and no costing's FLOPs may leak into the next.
        ServingModel fresh = llama8b();
        long freshPs = decodePs(fresh, 64);
        double freshFlops = fresh.lastFlops();

        ServingModel reused = llama8b();
        decodePs(reused, 3);
        long firstPs = decodePs(reused, 64);
        double firstFlops = reused.lastFlops();
        decodePs(reused, 5_000);
        long againPs = decodePs(reused, 64);

        assertEquals(freshPs, firstPs);
        assertEquals(freshPs, againPs);
        assertEquals(freshFlops, firstFlops, 0.0);
        assertEquals(freshFlops, reused.lastFlops(), 0.0);
    }

    @Test
    void shouldCountTwiceTheWeightsPerTokenWhenDecodingWithoutContext() {
        // Without cached context a decode token's FLOPs are its GEMMs, 2 per weight it multiplies
        // (Llama 3 8B: 32 layers of QKV 4096·6144, output 4096², gated MLP 3·4096·14336, and the LM
        // head 4096·128256: 6.98e9 weights), plus its attention against its own key (2·a·2d per layer,
        // 32·2·32·256 = 524,288). 10 tokens: 10·(2·6.98e9 + 524,288) FLOPs.
        double weights = 32 * (4096.0 * 6144 + 4096.0 * 4096 + 3 * 4096.0 * 14336) + 4096.0 * 128256;
        double expected = 10 * (2 * weights + 32 * 2 * 32 * 2 * 128);
        ServingModel model = llama8b();
        model.iterationPs(10, 10, 0, 0, 0, 10, 0);
        assertEquals(expected, model.lastFlops(), expected * 1e-3);
    }
}
