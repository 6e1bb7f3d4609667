package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.PoolFeatures;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

class RedundantExpertLoadTest {
    /** 2 MoE layers, hidden 256, 8 experts of width 256, top-2. */
    private static final TransformerSpec TOY_MOE = new TransformerSpec("t.ToyMoe", 2, 256, 1024, 4, 4, 64, 1000,
            false, 8, 2, 0, 256, 0, 0, 0);

    /** An EP 2 replica of the toy with {@code redundant} EPLB slots, stated skew, all-to-all at {@code psPerByte}. */
    private static ServingModel replica(double skew, int redundant, double psPerByte) {
        ParallelismSpec plan = new ParallelismSpec(1, 1, 1, 1, 2, false)
                .withExpertRouting(new ExpertRoutingSpec(ExpertRoutingSpec.DROPLESS, skew));
        return new ServingModel(TOY_MOE, ServingFixtures.H100, Precision.BF16, Precision.BF16, plan, null,
                new CollectiveFit(0, psPerByte), null, CalibrationProfile.defaults(),
                new PoolFeatures(false, redundant, null), false);
    }

    @Test
    void shouldSplitTheHotRanksExpertsOverTheRedundantSlotsWhenTheRoutingIsSkewed() {
        // E = 8 experts on G = 2 ranks, n = 4 each; skew 1.5: the busiest rank's 4 experts draw 1.5 m
        // each, the other 4 draw (2 − 1.5)/(2 − 1) = 0.5 m. R = 4: EPLB gives each hot expert a second
        // replica of 0.75 m (still above 0.5 m); a rank holds (8 + 4)/2 = 6 slots, at most 6 × 0.75 m
        // = 4.5 m over the mean rank's 4 m: 1.125 (the closed form: 1.5 × 12/(8 + 2·4)).
        assertEquals(1.125, RedundantExpertLoad.levelledSkew(1.5, 8, 4, 2), 1e-15);
        // skew 2 (one rank takes every token): hot experts 2 m each, 2 replicas of 1 m, 6 × 1 m ÷ 4 m
        assertEquals(1.5, RedundantExpertLoad.levelledSkew(2, 8, 4, 2), 1e-15);
        // skew 1.25: hot replicas would fall to 0.625 m, below the other experts' 0.75 m, so the
        // replication evens every slot at 8/12 m; 6 slots of it are the mean rank's 4 m
        assertEquals(1, RedundantExpertLoad.levelledSkew(1.25, 8, 4, 2), 1e-15);
    }

    @Test
    void shouldLeaveTheSkewAsStatedWithoutReplicasOrWithoutSkew() {
        assertEquals(1.5, RedundantExpertLoad.levelledSkew(1.5, 8, 0, 2), 0);
        assertEquals(1, RedundantExpertLoad.levelledSkew(1, 8, 4, 2), 0);
        // DeepSeek-V3 decode, 256 + 32 slots on 144 ranks: balanced stays balanced
        assertEquals(1, RedundantExpertLoad.levelledSkew(1, 256, 32, 144), 0);
        ExpertRoutingSpec stated = new ExpertRoutingSpec(1.25, 1.5);
        assertSame(stated, RedundantExpertLoad.levelled(stated, 8, 0, 2));
    }

    @Test
    void shouldDropNoTokenOnceTheReplicasBringTheBusiestRankUnderItsCapacity() {
        // capacity 1.25: the stated 1.5 drops (1.5 − 1.25)/1.5 of the busiest rank's tokens; levelled to 1.125, none
        ExpertRoutingSpec stated = new ExpertRoutingSpec(1.25, 1.5);
        assertEquals(0.25 / 1.5, stated.droppedTokenFraction(), 1e-15);
        assertEquals(0, RedundantExpertLoad.levelled(stated, 8, 4, 2).droppedTokenFraction(), 0);
    }

    @Test
    void shouldLevelTheBusiestRanksLoadAndItsAllToAllWithRedundantExperts() {
        // 4,096 tokens over 12 slots on 2 ranks: the random routing's busiest rank is 1 + σ·√(2/π)/4096
        // with σ² = 4096·2·(1/4)·(10/11), about 1.008, under the levelled 1.125, so L = 1.125 exactly
        assertEquals(1.5, replica(1.5, 0, 0).experts().load(4096), 1e-15);
        assertEquals(1.125, replica(1.5, 4, 0).experts().load(4096), 1e-15);
        // without skew the uniform model holds: the random routing's maximum over the 12 equally likely slots
        assertEquals(new RoutedMaximum(2, 12, 2).factor(4096), replica(1, 4, 0).experts().load(4096), 0);
        // dispatch + combine of 100 tokens (L_r(100) = 1.054 < 1.125), 2 layers of L·x·k·h·2 B each way
        // at 1 ps/B: 2 · 2 · L · 100 · 2 · 256 · 2 = 409,600·L ps: 614,400 at R = 0, 460,800 at R = 4
        assertEquals(614_400, communicationPs(1.5, 0), 2);
        assertEquals(460_800, communicationPs(1.5, 4), 2);
    }

    private static long communicationPs(double skew, int redundant) {
        return iterationPs(replica(skew, redundant, 1)) - iterationPs(replica(skew, redundant, 0));
    }

    private static long iterationPs(ServingModel model) {
        return model.iterationPs(100, 100, 0, 0, 0, 100 * 50, 0);
    }
}
