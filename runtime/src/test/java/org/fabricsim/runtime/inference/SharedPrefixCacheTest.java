package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.InferenceSpec.SharedPrefixes;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/**
 * Shared prefixes in a per-replica LRU prefix cache, against the independent reference model: each
 * request draws its prefix independently by popularity.
 */
class SharedPrefixCacheTest {
    private static final int L = 256;
    private static final int WARM_UP = 20_000;
    private static final int COUNTED = 200_000;

    @Test
    void shouldHitCOverNUnderUniformPopularity() {
        // Uniform popularity: once the cache holds C prefixes, by symmetry every state holds C of the N,
        // so each request hits with probability C/N whatever came before: the hits after warm-up are
        // Binomial(M, C/N), σ = √(p(1−p)/M) = √(0.25 · 0.75 / 200,000) = 0.000968; we allow 3σ.
        double simulated = hitRatio(new SharedPrefixes(100, L, 0, 25L * L), 7);
        double p = 25.0 / 100;
        double bound = 3 * Math.sqrt(p * (1 - p) / COUNTED);
        assertEquals(p, simulated, bound, "simulated " + simulated + " against C/N " + p);
    }

    @Test
    void shouldMatchChesApproximationUnderZipfPopularity() {
        // Che's approximation: prefix i hits with 1 − exp(−p_i·T), the characteristic time T solving
        // Σ_i (1 − exp(−p_i·T)) = C; the ratio is Σ_i p_i·(1 − exp(−p_i·T)). Its own error at C = 100 is
        // well under a percentage point (Fricker, Robert and Roberts 2012); sampling 3σ ≈ 0.003: 0.01 allowed.
        int n = 1000;
        int c = 100;
        double s = 0.8;
        double simulated = hitRatio(new SharedPrefixes(n, L, s, (long) c * L), 11);
        double che = cheHitRatio(n, s, c);
        assertEquals(che, simulated, 0.01, "simulated " + simulated + " against Che " + che);
        assertTrue(che > 0.3 && che < 0.6, "Che's ratio " + che);
    }

    @Test
    void shouldHitEveryRequestAfterItsPrefixsFirstWhenTheCacheHoldsAll() {
        // 4 prefixes of 256 tokens, a cache of 4 · 256 tokens on the one prefill replica, 200 requests of
        // 1024-token prompts: all 4 prefixes are drawn (the chance one is not, 4 · 0.75^200, is ~1e-25),
        // so 200 − 4 = 196 requests hit: 196 · 256 = 50,176 tokens cached, 204,800 − 50,176 = 154,624
        // computed and transferred to the decode pool at 65,536 B per token (Llama 3 8B, FP8 KV cache).
        RunResult result = InferenceRunner.run(spec(new SharedPrefixes(4, L, 0, 4L * L), 200));
        assertEquals(50_176.0, number(result, "cachedInputTokens"));
        assertEquals(154_624.0, number(result, "computedInputTokens"));
        assertEquals(154_624.0 * 65_536, number(result, "kvTransferBytes"));
    }

    @Test
    void shouldMissAlwaysWhenTheCacheHoldsLessThanOnePrefix() {
        RunResult result = InferenceRunner.run(spec(new SharedPrefixes(4, L, 0, L - 1), 50));
        assertEquals(0.0, number(result, "cachedInputTokens"));
    }

    @Test
    void shouldRefuseAStatedHitRatioBesideSharedPrefixes() {
        assertThrows(IllegalArgumentException.class, () -> new InferenceSpec.Traffic(new InferenceSpec.AllAtOnce(),
                new InferenceSpec.Fixed(1024), new InferenceSpec.Fixed(8), 1, 0.5, new SharedPrefixes(4, L, 0, L)));
        assertThrows(IllegalArgumentException.class, () -> new SharedPrefixes(0, L, 0, L));
        assertThrows(IllegalArgumentException.class, () -> new SharedPrefixes(4, L, 0, 0));
    }

    /** The share of hits among the {@value #COUNTED} lookups after {@value #WARM_UP} on one replica. */
    private static double hitRatio(SharedPrefixes shared, long seed) {
        int[] prefixOf = PrefixCache.draw(shared, new SplittableRandom(seed), WARM_UP + COUNTED);
        PrefixCache cache = new PrefixCache(shared, 1, prefixOf);
        long hits = 0;
        for (int q = 0; q < prefixOf.length; q++) {
            boolean hit = cache.lookup(0, prefixOf[q]);
            hits += q >= WARM_UP && hit ? 1 : 0;
        }
        return (double) hits / COUNTED;
    }

    /** Che's hit ratio for N prefixes of Zipf(s) popularity in an LRU cache of C, T by bisection. */
    static double cheHitRatio(int n, double s, int c) {
        double[] p = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            p[i] = 1 / Math.pow(i + 1, s);
            sum += p[i];
        }
        for (int i = 0; i < n; i++) {
            p[i] /= sum;
        }
        double low = 0;
        double high = 1;
        while (held(p, high) < c) {
            high *= 2;
        }
        for (int k = 0; k < 200; k++) {
            double mid = (low + high) / 2;
            if (held(p, mid) < c) {
                low = mid;
            } else {
                high = mid;
            }
        }
        double ratio = 0;
        for (double pi : p) {
            ratio += pi * (1 - Math.exp(-pi * low));
        }
        return ratio;
    }

    private static double held(double[] p, double t) {
        double held = 0;
        for (double pi : p) {
            held += 1 - Math.exp(-pi * t);
        }
        return held;
    }

    private static InferenceSpec spec(SharedPrefixes shared, int requests) {
        return new InferenceSpec("t.SharedPrefixes", ServingFixtures.LLAMA3_8B, ServingFixtures.dgxH100(1, 0),
                Precision.FP8,
                List.of(ServingFixtures.pool(Role.PREFILL, 1, ServingFixtures.tensor(1), 8192, 256, 2048),
                        ServingFixtures.pool(Role.DECODE, 1, ServingFixtures.tensor(1), 8192, 256, 0)),
                new InferenceSpec.Traffic(new InferenceSpec.AllAtOnce(), new InferenceSpec.Fixed(1024),
                        new InferenceSpec.Fixed(8), requests, 0, shared), List.of(), false);
    }

    private static double number(RunResult result, String key) {
        return ((Number) result.metrics().get(key)).doubleValue();
    }
}
