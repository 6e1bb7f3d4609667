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
 * E/EP whole experts, and ZeRO shards them over TP·CP·DP/EP ranks. The routers and norms are whole on every TP rank,
 * the rest of the non-expert parameters split by TP.
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
    /**
     * Held whole on every TP rank, of NON_EXPERT: the routers 4096·8 × 32 layers = 1,048,576, the norms 2·4096 × 32 =
     * 262,144 and the final norm 4,096: 1,314,816.
     */
    private static final double WHOLE = 1_314_816.0;
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
        // TP 2 × DP 32 = 64 GPUs, EP 8: a rank holds (NON_EXPERT − WHOLE)/2 + WHOLE = 802,160,640 + 1,314,816 =
        // 803,475,456 and EXPERTS/8 = 5,637,144,576 (one whole expert of each layer, not halved by TP) =
        // 6,440,620,032 parameters: 12,881,240,064 bytes of bf16 weights and 25,762,480,128 of fp32 gradients
        // (EP × TP splitting would give 7,242,780,672 weights).
        Memory.Breakdown memory = zeroOne(new ParallelismSpec(2, 1, 32, 1, 8, false));
        assertEquals(12_881_240_064L, memory.weightBytes(), 1);
        assertEquals(25_762_480_128L, memory.gradientBytes(), 1);
        // ZeRO-1 optimizer state, 12 bytes: non-experts over DP·CP = 32 (25,108,608) and experts over the expert data
        // group TP·CP·DP/EP = 8 (704,643,072): 729,751,680 × 12 = 8,757,020,160
        assertEquals(8_757_020_160L, memory.optimizerBytes(), 1);
    }

    @Test
    void shouldLeaveExpertStateUnshardedWhenOneExpertGroupFillsTheStage() {
        // TP 4 × DP 2 = 8 GPUs, EP 8 > DP: the expert data group TP·CP·DP/EP is 1, so ZeRO-1 shards only the
        // non-experts ((NON_EXPERT − WHOLE)/4 + WHOLE = 402,395,136 over DP 2 = 201,197,568); experts EXPERTS/8 =
        // 5,637,144,576 stay whole: 12 × 5,838,342,144 = 70,060,105,728
        Memory.Breakdown memory = zeroOne(new ParallelismSpec(4, 1, 2, 1, 8, false));
        assertEquals(12 * (((NON_EXPERT - WHOLE) / 4 + WHOLE) / 2 + EXPERTS / 8), memory.optimizerBytes(), 1);
        assertEquals(70_060_105_728L, memory.optimizerBytes(), 1);
        assertEquals(2 * ((NON_EXPERT - WHOLE) / 4 + WHOLE + EXPERTS / 8), memory.weightBytes(), 1);
    }

    @Test
    void shouldHoldTheRoutersAndNormsWholeOnEachTensorParallelRank() {
        // TP 8 × DP 8 = 64 GPUs, EP 8: each TP rank holds the 32 routers, the 64 norms and the final norm whole
        // (WHOLE = 1,314,816: neither is a tensor-parallel layer in Megatron-Core) and 1/8 of the other non-experts
        // (1,604,321,280/8 = 200,540,160): 201,854,976, with EXPERTS/8 = 5,637,144,576 → 5,838,999,552 parameters,
        // 11,677,999,104 bytes of bf16 weights; all divided by TP would give 200,704,512 and 11,675,698,176 bytes
        Memory.Breakdown memory = zeroOne(new ParallelismSpec(8, 1, 8, 1, 8, false));
        assertEquals(11_677_999_104L, memory.weightBytes(), 1);
        // ZeRO-1: 201,854,976 over DP 8 = 25,231,872, experts over TP·DP/EP = 8: 704,643,072; × 12 = 8,758,499,328
        assertEquals(8_758_499_328L, memory.optimizerBytes(), 1);
    }
}
