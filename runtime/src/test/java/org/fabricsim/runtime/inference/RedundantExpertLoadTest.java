package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Arrays;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.sim.RoutedMaximum;
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

    /**
     * An EP {@code ranks} replica of the toy with {@code redundant} EPLB slots, stated skew, all-to-all
     * at {@code psPerByte}.
     */
    private static ServingModel replica(int ranks, double skew, int redundant, double psPerByte) {
        ParallelismSpec plan = new ParallelismSpec(1, 1, 1, 1, ranks, false)
                .withExpertRouting(new ExpertRoutingSpec(ExpertRoutingSpec.DROPLESS, skew));
        return new ServingModel(TOY_MOE, ServingFixtures.H100, Precision.BF16, Precision.BF16, plan, null,
                bytes -> psPerByte * bytes, null, CalibrationProfile.defaults(),
                new PoolFeatures(false, redundant, null), false);
    }

    @Test
    void shouldLeaveOneEighthAboveTheMeanOnDeepSeeksDecodeLayoutEvenWithBalancedRouting() {
        // 256 experts, 32 redundant, 144 ranks: 288 slots, 2 per rank. Balanced routing: every expert
        // draws m. Each redundant slot goes to an expert still whole (m per replica beats m/2), so 32
        // experts hold two replicas of m/2 and 224 hold one of m. Heaviest first: 144 of the whole
        // replicas one per rank, the other 80 onto 80 ranks (2m), the 64 halves onto the other 64 (1.5m).
        // The mean rank carries 256m/144, so the busiest carries 2 × 144/256 = 1.125 times it. No
        // placement does better: 224 whole replicas in 2 slots per rank put two on at least 80 ranks.
        assertEquals(1.125, RedundantExpertLoad.levelledSkew(1, 256, 32, 144), 1e-15);
        // the prefill layout, 288 on 32 ranks (9 per rank): 7 whole replicas and 2 halves on every rank,
        // 8m, the mean: balanced routing stays balanced
        assertEquals(1, RedundantExpertLoad.levelledSkew(1, 256, 32, 32), 1e-15);
    }

    @Test
    void shouldPackTheHotExpertsReplicasBesideColdOnesOnTheToyLayout() {
        // E = 8 experts on G = 2 ranks, R = 4: 12 slots, 6 per rank. Skew 1.5: experts 0-3 (the busiest
        // rank's) draw 1.5 m each, the other 4 (2 − 1.5)/(2 − 1) = 0.5 m. Each hot expert takes a second
        // replica (0.75 m still beats 0.5 m): 8 replicas of 0.75 m and 4 of 0.5 m. Heaviest first, the
        // 0.75s alternate (4 per rank, 3 m), then the 0.5s (2 per rank, 1 m): 4 m each, the mean.
        assertArrayEquals(new double[] {1.5, 1.5, 1.5, 1.5, 0.5, 0.5, 0.5, 0.5},
                RedundantExpertLoad.expertLoads(1.5, 8, 2), 1e-15);
        assertEquals(1, RedundantExpertLoad.levelledSkew(1.5, 8, 4, 2), 1e-15);
        // skew 2 (one rank takes every token): 8 replicas of 1 m and 4 of 0, 4 m on each rank
        assertEquals(1, RedundantExpertLoad.levelledSkew(2, 8, 4, 2), 1e-15);
        // skew 1.25: 8 halves of 1.25 m (0.625) and 4 of 0.75 m: 2 × 0.75 + 4 × 0.625 = 4 m on each rank
        assertEquals(1, RedundantExpertLoad.levelledSkew(1.25, 8, 4, 2), 1e-15);
    }

    @Test
    void shouldLeaveTheWholeReplicasImbalanceWhenOneRanksExpertsCarryMostTokens() {
        // E = 8 on G = 4 ranks, R = 4 (3 slots per rank), skew 3: experts 0-1 draw 3 m, the other 6
        // (4 − 3)/3 = m/3. Replicas: 0 and 1 to 2 each (1.5 m), then to 3 each (1 m, still above m/3):
        // 6 of 1 m and 6 of m/3. Heaviest first: the 1s on ranks 0, 1, 2, 3, 0, 1; the thirds on ranks
        // 2, 3, 2, 3 (filling them at 5/3 m), then 0 and 1 (7/3 m). Mean 2 m: 7/6.
        assertEquals(7.0 / 6, RedundantExpertLoad.levelledSkew(3, 8, 4, 4), 1e-15);
    }

    @Test
    void shouldSplitTheHotStepInsideTheExpertItFallsInWhenTheRanksDoNotDivideTheExperts() {
        // 256 experts over 144 ranks, skew 2: the hottest 256/144 = 1.78 experts at 2 m, the rest at
        // 142/143 m; expert 1 is 7/9 hot: 142/143 + (2 − 142/143)·7/9
        double[] load = RedundantExpertLoad.expertLoads(2, 256, 144);
        double rest = 142.0 / 143;
        assertEquals(2, load[0], 1e-15);
        assertEquals(rest + (2 - rest) * 7 / 9, load[1], 1e-15);
        assertEquals(rest, load[2], 1e-15);
        assertEquals(256, Arrays.stream(load).sum(), 1e-10);
    }

    @Test
    void shouldLeaveTheSkewAsStatedWithoutReplicas() {
        assertEquals(1.5, RedundantExpertLoad.levelledSkew(1.5, 8, 0, 2), 0);
        assertEquals(1.7, RedundantExpertLoad.levelledSkew(1.7, 256, 0, 32), 0);
        assertEquals(1, RedundantExpertLoad.levelledSkew(1, 256, 0, 32), 0);
        ExpertRoutingSpec stated = new ExpertRoutingSpec(1.25, 1.5);
        assertSame(stated, RedundantExpertLoad.levelled(stated, 8, 0, 2));
    }

    @Test
    void shouldDropNoTokenOnceTheReplicasBringTheBusiestRankUnderItsCapacity() {
        // capacity 1.25: the stated 1.5 drops (1.5 − 1.25)/1.5 of the busiest rank's tokens; levelled to 1, none
        ExpertRoutingSpec stated = new ExpertRoutingSpec(1.25, 1.5);
        assertEquals(0.25 / 1.5, stated.droppedTokenFraction(), 1e-15);
        assertEquals(0, RedundantExpertLoad.levelled(stated, 8, 4, 2).droppedTokenFraction(), 0);
    }

    @Test
    void shouldLevelTheBusiestRanksLoadAndItsAllToAllWithRedundantExperts() {
        // EP 4, skew 3: 3 without replicas, 7/6 with 4 (above). Each batch routes afresh over the ranks
        // as placed (UnevenRanksMaximum): without replicas one rank expects 3 and the others 1/3, 70
        // standard deviations below, so the busiest is always that one: 3 exactly. With replicas two
        // ranks expect 7/6 m, each with
        // b² = (7/6)·φ·G/(n·k) = (7/6)(6/7)·4/8192 = 2^-11 of noise: the larger of the two is
        // 7/6 + b/√π = 1.17914 (the ranks at 5/6 lie 15 b below)
        assertEquals(3, replica(4, 3, 0, 0).experts().load(4096), 1e-15);
        double levelled = replica(4, 3, 4, 0).experts().load(4096);
        assertEquals(7.0 / 6 + Math.pow(2, -5.5) / Math.sqrt(Math.PI), levelled, 5e-4);
        // without skew on EP 2 the replicas pack evenly (1 above): the random routing's maximum over 12 slots
        assertEquals(new RoutedMaximum(2, 12, 2).factor(4096), replica(2, 1, 4, 0).experts().load(4096), 0);
        // dispatch + combine of 4,096 tokens, 2 layers of L·x·k·h·2 B each way at 1 ps/B:
        // 2 · 2 · L · 4096 · 2 · 256 · 2 = 16,777,216·L ps: 50,331,648 at R = 0, 16,777,216·1.179 at R = 4
        assertEquals(50_331_648, communicationPs(3, 0), 2);
        assertEquals(16_777_216 * levelled, communicationPs(3, 4), 2);
    }

    private static long communicationPs(double skew, int redundant) {
        return iterationPs(replica(4, skew, redundant, 1)) - iterationPs(replica(4, skew, redundant, 0));
    }

    private static long iterationPs(ServingModel model) {
        return model.iterationPs(4096, 4096, 0, 0, 0, 4096 * 50, 0);
    }
}
