package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.PoolFeatures;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/**
 * A pool's stated expert balance b (mean ÷ busiest EP rank's routed tokens on real routing, SGLang's
 * "balancedness") sets the busiest rank's load to 1/b in place of EPLB's levelled skew, and both streams of
 * the MoE layer wait for that rank: its expert GEMMs and DeepEP's dispatch and combine.
 */
class ExpertBalanceTest {
    private static final TransformerSpec MODEL = ServingFixtures.DEEPSEEK_V3;
    /** SGLang's prefill pool: EP32 and attention DP32, 256 + 32 expert slots, 16,384 tokens per GPU. */
    private static final ParallelismSpec PLAN = new ParallelismSpec(1, 1, 32, 1, 32, false);
    private static final long POOL_TOKENS = 32 * 16_384L;
    /** A hand-made normal-kernel line: 100 µs fixed, 1.23 µs a token of the rank (the NDR rails' rate). */
    private static final NormalKernelExchange LINE = new NormalKernelExchange(100e6, 1.23e6, 0);

    private static ExpertExchange pool(double balance) {
        return new ServingModel(MODEL, ServingFixtures.H100, Precision.FP8, Precision.BF16, PLAN, null,
                bytes -> bytes, null, CalibrationProfile.defaults(),
                new PoolFeatures(true, 32, null).withExpertBalance(balance), false, LINE).experts();
    }

    @Test
    void shouldLoadTheBusiestRankOneOverTheStatedBalanceOnAPrefillBatch() {
        // b = 0.80 on G = 32 ranks: the busiest rank's share 1/(b·G) = 1/25.6, the mean's 1/32, so it carries
        // 32/25.6 = 1.25 times the mean. The batch's routing noise adds almost nothing at T = 524,288 tokens:
        // the busiest rank's count has σ/mean = sqrt(φ·G/(1.25·T·k)) = sqrt(0.973·32/(1.25·524,288·8)) = 0.0024
        // and it stands 0.258 (about 100 σ) above every other rank (0.992 each), so the maximum is that rank's
        // count, whose mean is 1.25.
        assertEquals(1.25, pool(0.80).load(POOL_TOKENS), 0.002);
        // the stated balance is not levelled by the 32 replicas, as a stated routing-skew 1.25 is (to within 1%)
        assertTrue(RedundantExpertLoad.levelledSkew(1.25, 256, 32, 32) < 1.01);
    }

    @Test
    void shouldKeepRandomRoutingWhenTheBalanceIsOneOrNotStated() {
        // b = 1: every share 1/32, the placement EPLB makes of balanced loads at EP32 with 32 replicas, so the
        // load is the random-routing maximum alone, the same as with no balance stated
        assertEquals(pool(PoolFeatures.BALANCE_NOT_STATED).load(POOL_TOKENS), pool(1).load(POOL_TOKENS), 1e-12);
        double[] even = new double[32];
        Arrays.fill(even, 1.0 / 32);
        assertArrayEquals(even, RedundantExpertLoad.placedShares(1, 256, 32, 32, 1), 1e-15);
    }

    @Test
    void shouldWaitForTheBusiestRanksDispatchAndCombine() {
        // one micro-batch of 8,192 tokens a rank at load 1.25: the rank that receives (and returns) the most moves
        // 1.25 × 8,192 = 10,240 tokens' worth, t = α + β·L·x = 100 µs + 1.23 µs × 10,240 = 12.695 ms; the mean rank
        // alone would take 100 µs + 1.23 µs × 8,192 = 10.176 ms
        ExpertExchange busiest = pool(0.80);
        double load = busiest.load(POOL_TOKENS / 2);
        assertEquals(12.695e-3, busiest.exchangePs(8_192, load) / 1e12, 12.695e-3 * 0.002);
    }

    @Test
    void shouldDropWhatTheCapacityCannotTakeOfTheBusiestRanksShare() {
        // capacity 1.1 times the mean at b = 0.80: the busiest rank is routed 1.25, keeps 1.1 and drops
        // (1.25 − 1.1)/1.25 = 12% of its copies
        ExpertRoutingSpec capped = new ExpertRoutingSpec(1.1, ExpertRoutingSpec.BALANCED);
        assertEquals(0.12, RedundantExpertLoad.placed(capped, 256, 32, 32, 0.80).droppedTokenFraction(), 1e-12);
        // without the balance, EPLB levels balanced routing completely and nothing is dropped
        assertEquals(0, RedundantExpertLoad.placed(capped, 256, 32, 32, 0).droppedTokenFraction(), 0);
    }
}
