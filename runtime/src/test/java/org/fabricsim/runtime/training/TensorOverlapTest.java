package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TensorOverlapTest {
    private static final double SM_SHARE = 16.0 / 132;

    @Test
    void shouldExposeEveryCollectiveWithoutOverlap() {
        assertEquals(4e-3, TensorOverlap.exposedSeconds(false, 4e-3, 10e-3, 8, SM_SHARE), 1e-15);
    }

    @Test
    void shouldExposeOnlyTheFirstChunkAndTheSmShareWhenTheGemmsAreLonger() {
        // C = 4 ms over TP 8: the first 0.5 ms chunk waits; the other 3.5 ms hide behind 10 ms of GEMMs,
        // which lose 16/132 of their SMs meanwhile: 0.5 + 3.5 x 16/132 = 0.9242 ms.
        assertEquals(0.5e-3 + 3.5e-3 * SM_SHARE, TensorOverlap.exposedSeconds(true, 4e-3, 10e-3, 8, SM_SHARE), 1e-15);
    }

    @Test
    void shouldExposeWhatTheGemmsCannotCoverWhenTheCollectivesAreLonger() {
        // C = 4 ms, G = 1 ms: 3 ms outlast the GEMMs, and the 1 ms under them costs the SM share.
        assertEquals(3e-3 + 1e-3 * SM_SHARE, TensorOverlap.exposedSeconds(true, 4e-3, 1e-3, 8, SM_SHARE), 1e-15);
    }

    @Test
    void shouldNotOverlapWithoutTensorParallelism() {
        assertEquals(4e-3, TensorOverlap.exposedSeconds(true, 4e-3, 10e-3, 1, SM_SHARE), 1e-15);
    }
}
