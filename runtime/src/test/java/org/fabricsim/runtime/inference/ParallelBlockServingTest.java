package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/** PaLM's parallel layers in serving: one TP all-reduce per layer instead of two. */
class ParallelBlockServingTest {
    /** The TP all-reduce time of a decode iteration of 100 tokens on a TP 2 replica whose all-reduce costs 1 ps/B. */
    private static long allReducePs(boolean parallelBlock) {
        TransformerSpec model = new TransformerSpec("t.Toy", 2, 256, 1024, 4, 4, 64, 1000, false, 0, 0, 0, 0, 0, 0, 0,
                0, 0, parallelBlock);
        return iterationPs(model, 1) - iterationPs(model, 0);
    }

    private static long iterationPs(TransformerSpec model, double psPerByte) {
        return new ServingModel(model, ServingFixtures.H100, Precision.BF16,
                Precision.BF16, ServingFixtures.tensor(2), bytes -> psPerByte * bytes,
                null, null, CalibrationProfile.defaults()).iterationPs(100, 100, 0, 0, 0, 5000, 0);
    }

    @Test
    void shouldAllReduceOncePerLayerInAParallelBlock() {
        // 100 tokens x hidden 256 x 2 B = 51,200 B per all-reduce at 1 ps/B, 2 layers: a sequential layer
        // all-reduces after attention and after the MLP, 2 x 2 x 51,200 = 204,800 ps; a parallel block once, 102,400.
        assertEquals(204_800, allReducePs(false));
        assertEquals(102_400, allReducePs(true));
    }
}
