package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.compute.PassTime;
import org.fabricsim.runtime.compute.TransformerCompute;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TrainingSpec.Recompute;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/**
 * The loss as flash-attn's fused softmax cross entropy (llm-foundry's MPT default) against Megatron-Core's
 * vocab-parallel cross entropy over an FP32 copy of the logits.
 */
class FusedCrossEntropyTest {
    private static final Device H100_LIKE = new Device(989e12, 989e12, 3.35e12, 0.8, 132, 2);
    private static final TransformerSpec MODEL = TrainingFixtures.dense("small", 2, 1024, 4096, 8, 8, 50368, false);
    private static final double TOKENS = 4096;
    private static final double KERNEL_SECONDS = 5e-6;

    /**
     * By hand: 4,096 tokens × 50,368 logits = 206.3 M logits. The vocab-parallel loss moves 38 B per logit forward in
     * six kernels and 14 B backward in three; the fused one 4 B each way (two reads of the BF16 row; one read and one
     * write) in one kernel each. Forward saves 34 B per logit through 3.35 TB/s at 0.8 and five launches, backward
     * 10 B per logit and two launches; the logits GEMM is the same in both.
     */
    @Test
    void shouldChargeTheFusedLossFourBytesPerLogitEachWayInOneKernel() {
        PassTime megatron = logits(SoftwareSpec.FLASH_ATTENTION_2);
        PassTime fused = logits(SoftwareSpec.FLASH_ATTENTION_2.withFusedCrossEntropy("test.Fused"));
        double logits = TOKENS * 50368;
        double bandwidth = 3.35e12 * 0.8;
        double forwardSaved = logits * 34 / bandwidth + 5 * KERNEL_SECONDS;
        double backwardSaved = logits * 10 / bandwidth + 2 * KERNEL_SECONDS;
        assertEquals(forwardSaved, megatron.forwardSeconds() - fused.forwardSeconds(), 1e-9 * forwardSaved);
        assertEquals(backwardSaved, megatron.backwardSeconds() - fused.backwardSeconds(), 1e-9 * backwardSaved);
        assertEquals(megatron.hardwareFlops(), fused.hardwareFlops());
    }

    @Test
    void shouldKeepTheFusedLossThroughAChangeOfGradientHandling() {
        SoftwareSpec stack = SoftwareSpec.FLASH_ATTENTION_2.withFusedCrossEntropy("test.Fused")
                .withGradientHandling("test.FusedFsdp", 4, false);
        assertTrue(stack.fusedCrossEntropy());
        assertEquals(4, stack.gradientAccumulationBytes());
    }

    @Test
    void shouldGiveTheMptRowsTheFusedLossAndTheOtherStacksMegatronsLoss() {
        assertTrue(ShardedRows.software(Map.of("stack", "composer-fsdp", "accelerator", "A100_SXM"))
                .fusedCrossEntropy());
        assertFalse(ShardedRows.software(Map.of("stack", "torchtitan-fsdp2", "accelerator", "A100_SXM"))
                .fusedCrossEntropy());
        assertFalse(SoftwareSpec.MEGATRON_CORE.fusedCrossEntropy());
    }

    private static PassTime logits(SoftwareSpec software) {
        return new TransformerCompute(H100_LIKE, MODEL, TOKENS, TOKENS, 1, 1, 1, false, Recompute.NONE, software,
                KERNEL_SECONDS).logits();
    }
}
