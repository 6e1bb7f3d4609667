package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.collective.StepOverheads;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.junit.jupiter.api.Test;

/**
 * The TP all-reduce a serving step pays follows the collective engine at the step's own message size
 * (the engine run there is the independent figure), where a line through 64 KiB and 64 MiB does not.
 */
class CollectiveFitTest {
    private static final Calibration CALIBRATION = Calibration.of(CalibrationProfile.defaults());
    private static final ClusterTopology DGX_H100 = ClusterTopologies.build(ServingFixtures.dgx(ServingFixtures.H100, 1, 0),
            CALIBRATION);
    private static final StepOverheads OVERHEADS = CALIBRATION.stepOverheads();

    private static double enginePs(CollectiveOperation operation, long bytes, int ranks) {
        return CollectiveEngine.run(DGX_H100, CollectiveRequest.of(operation, bytes, ranks).withStepOverheads(OVERHEADS))
                .timePs();
    }

    private static double linePs(CollectiveOperation operation, long bytes, int ranks) {
        double small = enginePs(operation, CollectiveFit.SMALL_BYTES, ranks);
        double large = enginePs(operation, CollectiveFit.LARGE_BYTES, ranks);
        return small + (large - small) * (bytes - CollectiveFit.SMALL_BYTES)
                / (CollectiveFit.LARGE_BYTES - CollectiveFit.SMALL_BYTES);
    }

    @Test
    void shouldCostAnEightWayDecodeAllReduceAsTheEngineDoesAtItsSize() {
        CollectiveFit fit = CollectiveFit.of(DGX_H100, CollectiveOperation.ALL_REDUCE, 8, OVERHEADS);
        // Llama 3.1 405B at TP8: 228 and 442 decoding sequences of 16,384 BF16 activations, and 1.5 MiB
        for (long bytes : new long[] {228L * 16_384 * 2, 442L * 16_384 * 2, 3L << 19}) {
            double engine = enginePs(CollectiveOperation.ALL_REDUCE, bytes, 8);
            assertEquals(engine, fit.timePs(bytes), 0.02 * engine, "curve against the engine at " + bytes + " B");
        }
        // the line through 64 KiB and 64 MiB is at least 10% short of the engine at 1.5 MiB
        long mid = 3L << 19;
        assertTrue(linePs(CollectiveOperation.ALL_REDUCE, mid, 8) < 0.9 * enginePs(CollectiveOperation.ALL_REDUCE, mid, 8));
    }

    @Test
    void shouldKeepTheTwoPointLineForTheAllToAll() {
        CollectiveFit fit = CollectiveFit.of(DGX_H100, CollectiveOperation.ALL_TO_ALL, 8, OVERHEADS);
        long bytes = 3L << 20;
        assertEquals(linePs(CollectiveOperation.ALL_TO_ALL, bytes, 8), fit.timePs(bytes), 1.0);
    }

    @Test
    void shouldHaveNoCollectiveOnOneRank() {
        assertEquals(null, CollectiveFit.of(DGX_H100, CollectiveOperation.ALL_REDUCE, 1, OVERHEADS));
    }
}
