package org.fabricsim.runtime.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.spec.ParallelismSpec.ContextMode;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TrainingSpec.Recompute;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

class ContextParallelAttentionTest {
    private static final Device H100_LIKE = TransformerComputeTest.H100_LIKE;
    private static final TransformerSpec GPT = TransformerComputeTest.GPT;

    @Test
    void shouldCountTwoRanksPairsOfAnEightTokenSequenceByHand() {
        // CP = 2, s = 8: four chunks of c = 2 tokens; rank 0 holds chunks 0 and 3, rank 1 chunks 1 and 2.
        // Ring, rank 0: step 0 is one causal call over its 4 tokens, 4·5/2 = 10 pairs (two triangles of
        // 3 and chunk 3 against chunk 0, 4); step 1 receives rank 1's chunks 1 and 2 from a later rank,
        // so only chunk 3 queries them, unmasked: 2 x 4 = 8. Rank 1: step 0 over chunks 1 and 2, 10
        // causal pairs; step 1 receives rank 0's chunks, both query chunks against chunk 0: 4 x 2 = 8.
        // All-gather: chunk 0 sees its triangle (3); chunk 3 its triangle (3) and chunks 0-2 fully (12):
        // rank 0 has 6 causal and 12 unmasked; rank 1 (chunks 1, 2): 3 + 3 causal, 4 + 8 unmasked.
        // Every rank holds 18 = 8·9/2 ÷ 2 pairs.
        assertEquals(new CausalPairs(10, 8), CausalPairs.perRank(ContextMode.RING, 2, 8));
        assertEquals(new CausalPairs(6, 12), CausalPairs.perRank(ContextMode.ALL_GATHER, 2, 8));
        assertEquals(new CausalPairs(36, 0), CausalPairs.perRank(ContextMode.RING, 1, 8));
    }

    @Test
    void shouldMatchTheClosedFormOnEveryRankWhenTheCallsAreEnumeratedPairByPair() {
        for (int ranks : new int[] {1, 2, 3, 4}) {
            int sequence = 24;
            for (int rank = 0; rank < ranks; rank++) {
                assertEquals(CausalPairs.perRank(ContextMode.RING, ranks, sequence),
                        enumerateRing(ranks, sequence, rank), "ring rank " + rank + " of " + ranks);
                if (ranks > 1) {
                    assertEquals(CausalPairs.perRank(ContextMode.ALL_GATHER, ranks, sequence),
                            enumerateAllGather(ranks, sequence, rank), "all-gather rank " + rank + " of " + ranks);
                }
            }
        }
    }

    @Test
    void shouldGiveEachRankTheSequencesPairsOverTheRanks() {
        // s(s + 1)/2 pairs over n ranks, e.g. 131,072 tokens on 16 ranks: 536,875,008 each.
        for (ContextMode mode : ContextMode.values()) {
            CausalPairs pairs = CausalPairs.perRank(mode, 16, 131072);
            assertEquals(131072.0 * 131073 / 2 / 16, pairs.causal() + pairs.unmasked(), 1e-6);
        }
    }

    @Test
    void shouldTimeTheUnmaskedPairsOfTheForwardAtTheUnmaskedRateUnderRingContextParallelism() {
        // CP = 2 ring, s = 8,192: c = 2,048, causal c(2c + 1) = 2,048 x 4,097, unmasked 2c² = 2,048 x 4,096,
        // u = 4,096/8,193. Forward over the all-causal one: (1 − u) + u·η/η_u = 1 − u·(1 − 1,586/1,804)
        // = 0.939586 (η_u = η x 1,804/1,586 = 0.609 < 1). FLOPs and backward unchanged.
        double tokens = 4096;
        PassTime causal = new TransformerCompute(H100_LIKE, GPT, tokens, 8192, 1, 1, 1, false, Recompute.NONE,
                SoftwareSpec.MEGATRON_CORE, 0).attentionCore();
        PassTime ring = new TransformerCompute(H100_LIKE, GPT, tokens, 8192, 1, 1, 1, false, Recompute.NONE,
                SoftwareSpec.MEGATRON_CORE, 0, CausalPairs.perRank(ContextMode.RING, 2, 8192)).attentionCore();
        double u = 4096.0 / 8193;
        assertEquals(1 - u * (1 - 1586.0 / 1804), ring.forwardSeconds() / causal.forwardSeconds(), 1e-12);
        assertEquals(0.939586, ring.forwardSeconds() / causal.forwardSeconds(), 1e-6);
        assertEquals(causal.backwardSeconds(), ring.backwardSeconds(), 0);
        assertEquals(causal.forwardFlops(), ring.forwardFlops(), 0);
        assertEquals(causal.hardwareFlops(), ring.hardwareFlops(), 0);
    }

    @Test
    void shouldLeaveAttentionUnchangedWithoutContextParallelism() {
        PassTime plain = new TransformerCompute(H100_LIKE, GPT, 8192, 8192, 1, 1, 1, false, Recompute.NONE,
                SoftwareSpec.MEGATRON_CORE, 5e-6).attentionCore();
        PassTime single = new TransformerCompute(H100_LIKE, GPT, 8192, 8192, 1, 1, 1, false, Recompute.NONE,
                SoftwareSpec.MEGATRON_CORE, 5e-6, CausalPairs.perRank(ContextMode.RING, 1, 8192)).attentionCore();
        double forwardFlops = 2 * 8192 * 4096.0 * 256 * 8;
        assertEquals(forwardFlops / (989e12 * 0.535) + 5e-6, plain.forwardSeconds(), 1e-12);
        assertEquals(plain.forwardSeconds(), single.forwardSeconds(), 0);
        assertEquals(plain.backwardSeconds(), single.backwardSeconds(), 0);
    }

    /** Transformer Engine's P2P ring, call by call: step 0 causal over the local chunks, then one unmasked call per step. */
    private static CausalPairs enumerateRing(int ranks, int sequence, int rank) {
        int c = sequence / (2 * ranks);
        int[] local = {rank, 2 * ranks - 1 - rank};
        long causal = 0;
        long unmasked = 0;
        for (int q : tokens(c, local)) {
            for (int k : tokens(c, local)) {
                causal += k <= q ? 1 : 0;
            }
        }
        for (int step = 1; step < ranks; step++) {
            int sender = (rank - step + ranks) % ranks;
            int[] remote = {sender, 2 * ranks - 1 - sender};
            int[] queries = step <= rank ? local : new int[] {local[1]};
            int[] keys = step <= rank ? new int[] {remote[0]} : remote;
            for (int q : tokens(c, queries)) {
                for (int k : tokens(c, keys)) {
                    assertTrue(k < q, "an unmasked call sees only earlier keys");
                    unmasked++;
                }
            }
        }
        return new CausalPairs(causal, unmasked);
    }

    /** Transformer Engine's all-gather: each local chunk's queries against keys up to its end, bottom-right causal. */
    private static CausalPairs enumerateAllGather(int ranks, int sequence, int rank) {
        int c = sequence / (2 * ranks);
        long causal = 0;
        long unmasked = 0;
        for (int chunk : new int[] {rank, 2 * ranks - 1 - rank}) {
            for (int q = chunk * c; q < (chunk + 1) * c; q++) {
                for (int k = 0; k <= q; k++) {
                    if (k >= chunk * c) {
                        causal++;
                    } else {
                        unmasked++;
                    }
                }
            }
        }
        return new CausalPairs(causal, unmasked);
    }

    private static int[] tokens(int c, int[] chunks) {
        int[] result = new int[c * chunks.length];
        for (int i = 0; i < chunks.length; i++) {
            for (int j = 0; j < c; j++) {
                result[i * c + j] = chunks[i] * c + j;
            }
        }
        return result;
    }
}
