package org.fabricsim.runtime.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/**
 * Routed-expert model state under Megatron-Core's MoE parallel folding (expert-tensor-parallel size 1): a rank holds
 * E/EP whole experts, and ZeRO shards them over TP·CP·DP/EP ranks. The router is whole on every TP rank, the rest of
 * the non-expert parameters split by TP.
 */
class ExpertMemoryTest {
    /** Mixtral 8x7B: 32 layers, h 4096, 32 heads of 128, 8 KV heads, vocab 32,000, 8 SwiGLU experts of 14,336. */
    private static final TransformerSpec MIXTRAL = new TransformerSpec("Mixtral8x7B", 32, 4096, 14336, 32, 8, 128,
            32000, true, 8, 2, 0, 14336, 0, 0, 0);
    /**
     * Non-expert parameters: per layer attention 2·4096·4096 + 2·4096·1024 = 41,943,040, norms 8,192, router 4096·8 =
     * 32,768 → 41,984,000 × 32 = 1,343,488,000; embedding 131,072,000; head 131,072,000 + final norm 4,096 →
     * 1,605,636,096. Routed experts: 3·4096·14336 = 176,160,768 × 8 × 32 = 45,097,156,608 (46.7B in all).
     */
    private static final double NON_EXPERT = 1_605_636_096.0;
    /** The routers, held whole on every TP rank: 4096·8 × 32 layers = 1,048,576 of NON_EXPERT. */
    private static final double ROUTER = 1_048_576.0;
    private static final double EXPERTS = 45_097_156_608.0;

    private static Memory.Breakdown zeroOne(ParallelismSpec parallel) {
        NodeSpec node = new NodeSpec("n", new AcceleratorSpec("g", "v", 1, 0, 80_000_000_000L, 1, 0, 0), 8, null, null,
                0, false);
        ClusterSpec cluster = new ClusterSpec("c", node, Math.max(1, parallel.accelerators() / 8), null, 0, null, null);
        return Memory.training(new TrainingSpec("t", MIXTRAL, cluster, parallel.accelerators(), 4096, 256, 1,
                Precision.BF16, parallel, TrainingSpec.PipelineSchedule.ONE_F_ONE_B, 1, TrainingSpec.Sharding.ZERO_1,
                TrainingSpec.Recompute.NONE, 1));
    }

    @Test
    void shouldHoldWholeExpertsOnEachTensorParallelRank() {
        // TP 2 × DP 32 = 64 GPUs, EP 8: a rank holds (NON_EXPERT − ROUTER)/2 + ROUTER = 802,293,760 + 1,048,576 =
        // 803,342,336 and EXPERTS/8 = 5,637,144,576 (one whole expert of each layer, not halved by TP) =
        // 6,440,486,912 parameters: 12,880,973,824 bytes of bf16 weights and 25,761,947,648 of fp32 gradients
        // (EP × TP splitting would give 7,242,780,672 weights).
        Memory.Breakdown memory = zeroOne(new ParallelismSpec(2, 1, 32, 1, 8, false));
        assertEquals(12_880_973_824L, memory.weightBytes(), 1);
        assertEquals(25_761_947_648L, memory.gradientBytes(), 1);
        // ZeRO-1 optimizer state, 12 bytes: non-experts over DP·CP = 32 (25,104,448) and experts over the expert data
        // group TP·CP·DP/EP = 8 (704,643,072): 729,747,520 × 12 = 8,756,970,240
        assertEquals(8_756_970_240L, memory.optimizerBytes(), 1);
    }

    @Test
    void shouldLeaveExpertStateUnshardedWhenOneExpertGroupFillsTheStage() {
        // TP 4 × DP 2 = 8 GPUs, EP 8 > DP: the expert data group TP·CP·DP/EP is 1, so ZeRO-1 shards only the
        // non-experts ((NON_EXPERT − ROUTER)/4 + ROUTER = 402,195,456 over DP 2 = 201,097,728); experts EXPERTS/8 =
        // 5,637,144,576 stay whole: 12 × 5,838,242,304 = 70,058,907,648
        Memory.Breakdown memory = zeroOne(new ParallelismSpec(4, 1, 2, 1, 8, false));
        assertEquals(12 * (((NON_EXPERT - ROUTER) / 4 + ROUTER) / 2 + EXPERTS / 8), memory.optimizerBytes(), 1);
        assertEquals(70_058_907_648L, memory.optimizerBytes(), 1);
        assertEquals(2 * ((NON_EXPERT - ROUTER) / 4 + ROUTER + EXPERTS / 8), memory.weightBytes(), 1);
    }

    @Test
    void shouldHoldTheRouterWholeOnEachTensorParallelRank() {
        // TP 8 × DP 8 = 64 GPUs, EP 8: each TP rank holds the 32 routers whole (1,048,576, Megatron-Core's TopKRouter
        // weight is no tensor-parallel layer) and 1/8 of the other non-experts (1,604,587,520/8 = 200,573,440):
        // 201,622,016, with EXPERTS/8 = 5,637,144,576 → 5,838,766,592 parameters, 11,677,533,184 bytes of bf16
        // weights; the router divided by TP would give 200,704,512 and 11,675,698,176 bytes (917,504 parameters fewer)
        Memory.Breakdown memory = zeroOne(new ParallelismSpec(8, 1, 8, 1, 8, false));
        assertEquals(11_677_533_184L, memory.weightBytes(), 1);
        // ZeRO-1: 201,622,016 over DP 8 = 25,202,752, experts over TP·DP/EP = 8: 704,643,072; × 12 = 8,758,149,888
        assertEquals(8_758_149_888L, memory.optimizerBytes(), 1);
    }
}
