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
 * E/EP whole experts, and ZeRO shards them over TP·CP·DP/EP ranks.
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
        // TP 2 × DP 32 = 64 GPUs, EP 8: a rank holds NON_EXPERT/2 = 802,818,048 and EXPERTS/8 = 5,637,144,576
        // (one whole expert of each layer, not halved by TP) = 6,439,962,624 parameters: 12,879,925,248 bytes of
        // bf16 weights and 25,759,850,496 of fp32 gradients (EP × TP splitting would give 7,242,780,672 weights).
        Memory.Breakdown memory = zeroOne(new ParallelismSpec(2, 1, 32, 1, 8, false));
        assertEquals(12_879_925_248L, memory.weightBytes(), 1);
        assertEquals(25_759_850_496L, memory.gradientBytes(), 1);
        // ZeRO-1 optimizer state, 12 bytes: non-experts over DP·CP = 32 (25,088,064) and experts over the expert data
        // group TP·CP·DP/EP = 8 (704,643,072): 729,731,136 × 12 = 8,756,773,632
        assertEquals(8_756_773_632L, memory.optimizerBytes(), 1);
    }

    @Test
    void shouldLeaveExpertStateUnshardedWhenOneExpertGroupFillsTheStage() {
        // TP 4 × DP 2 = 8 GPUs, EP 8 > DP: the expert data group TP·CP·DP/EP is 1, so ZeRO-1 shards only the
        // non-experts (NON_EXPERT/4 = 401,409,024 over DP 2 = 200,704,512); experts EXPERTS/8 = 5,637,144,576
        // stay whole: 12 × 5,837,849,088 = 70,054,189,056
        Memory.Breakdown memory = zeroOne(new ParallelismSpec(4, 1, 2, 1, 8, false));
        assertEquals(12 * (NON_EXPERT / 4 / 2 + EXPERTS / 8), memory.optimizerBytes(), 1);
        assertEquals(70_054_189_056L, memory.optimizerBytes(), 1);
        assertEquals(2 * (NON_EXPERT / 4 + EXPERTS / 8), memory.weightBytes(), 1);
    }
}
