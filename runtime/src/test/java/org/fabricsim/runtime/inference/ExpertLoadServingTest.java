package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

class ExpertLoadServingTest {
    /** 2 MoE layers, hidden 256, 8 experts of width 256, top-2. */
    private static final TransformerSpec TOY_MOE = new TransformerSpec("t.ToyMoe", 2, 256, 1024, 4, 4, 64, 1000,
            false, 8, 2, 0, 256, 0, 0, 0);

    /** One iteration of 100 tokens on an EP 2 replica whose all-to-all costs {@code psPerByte}. */
    private static ServingModel replica(double skew, double psPerByte) {
        ParallelismSpec plan = new ParallelismSpec(1, 1, 1, 1, 2, false)
                .withExpertRouting(new ExpertRoutingSpec(ExpertRoutingSpec.DROPLESS, skew));
        return new ServingModel(TOY_MOE, ServingFixtures.H100, Precision.BF16, Precision.BF16, plan, null,
                bytes -> psPerByte * bytes, null, CalibrationProfile.defaults());
    }

    private static long iterationPs(ServingModel model) {
        return model.iterationPs(100, 100, 0, 0, 0, 100 * 50, 0);
    }

    @Test
    void shouldSendTheBusiestRanksShareOverTheAllToAllAndKeepTheNominalFlops() {
        // Dispatch + combine per MoE layer, 2 layers, each of L·x·k·h·2 B at 1 ps/B:
        // 2 · 2 · L · 100 · 2 · 256 · 2 = 409,600·L ps, L = max(skew, L_r), L_r = 1.0522 the random
        // routing's busiest rank (ServingFixtures.TOY_MOE_ROUTED_LOAD_100).
        double routed = ServingFixtures.TOY_MOE_ROUTED_LOAD_100;
        for (double skew : new double[] {1, 2}) {
            long communication = iterationPs(replica(skew, 1)) - iterationPs(replica(skew, 0));
            assertEquals(409_600 * Math.max(skew, routed), communication, 409_600 * 0.005);
        }
        ServingModel balanced = replica(1, 0);
        ServingModel skewed = replica(2, 0);
        iterationPs(balanced);
        iterationPs(skewed);
        assertEquals(balanced.lastFlops(), skewed.lastFlops(), balanced.lastFlops() * 1e-12);
    }

    @Test
    void shouldTakeTheLargerOfTheStatedSkewAndOneTokensRandomRoutingCappedAtTheCapacity() {
        // One token picks 2 of the 8 experts, 4 on each EP rank: both on one rank with probability
        // 2·C(4,2)/C(8,2) = 3/7 (max 2), else one each; E[max] = 10/7 over a mean of 1.
        assertEquals(10.0 / 7, replica(1, 0).experts().load(1), 0.005);
        assertEquals(2, replica(2, 0).experts().load(1), 1e-12);
        ParallelismSpec capped = new ParallelismSpec(1, 1, 1, 1, 2, false)
                .withExpertRouting(new ExpertRoutingSpec(1.25, 1));
        assertEquals(1.25, new ServingModel(TOY_MOE, ServingFixtures.H100, Precision.BF16, Precision.BF16, capped, null,
                null, null, CalibrationProfile.defaults()).experts().load(1), 1e-12);
    }
}
