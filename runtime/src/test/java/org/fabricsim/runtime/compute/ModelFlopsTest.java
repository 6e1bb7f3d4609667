package org.fabricsim.runtime.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;

import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

class ModelFlopsTest {
    @Test
    void shouldEqualMegatronsFloatingPointOperationsForTheGpt17B() {
        // Megatron-LM num_floating_point_operations per token, L = 24, h = 2048, s = 4096, f = 8192,
        // V = 131072, MHA, no gating: 12·L·h²·((1 + 1 + s/h) + f/h) + 6·V·h
        // = 12·24·2048²·(1 + 1 + 2 + 4) + 6·131072·2048 = 9,663,676,416 + 1,610,612,736.
        TransformerSpec gpt = new TransformerSpec("t.Gpt", 24, 2048, 8192, 16, 16, 128, 131072, false, 0, 0, 0, 0, 0,
                0, 0);
        assertEquals(11_274_289_152.0, ModelFlops.perToken(gpt, 4096), 1e-3);
    }

    @Test
    void shouldCountSixTimesTheMatmulWeightsPlusFullAttentionForLlama3405B() {
        // N = V·h + L·(h·(a·d + 2·g·d) + a·d·h + 3·h·f) = 403,747,897,344 (the 405B less the input
        // embedding); 6N + 12·L·a·d·s = 2,422,487,384,064 + 203,293,... = 2,625,424,588,800.
        TransformerSpec llama = new TransformerSpec("t.Llama", 126, 16384, 53248, 128, 8, 128, 128256, true, 0, 0, 0, 0,
                0, 0, 0);
        assertEquals(403_747_897_344.0, ModelFlops.activeMatmulParameters(llama), 1e-3);
        assertEquals(2_625_424_588_800.0, ModelFlops.perToken(llama, 8192), 1e-2);
    }

    @Test
    void shouldCountOnlyTheRoutedTopKAndSharedExpertsAsActive() {
        // One MoE layer (no dense layers), h = 8, 4 experts of width 2, top-2, 1 shared, gated, V = 10:
        // attention 8·(8·... ) with a = 2, d = 4, g = 2: h·(ad + 2gd) + ad·h = 8·24 + 64 = 256;
        // router h·E = 32; experts 3·h·2 = 48 each: active (2 + 1)·48 = 144; output V·h = 80.
        TransformerSpec moe = new TransformerSpec("t.Moe", 1, 8, 16, 2, 2, 4, 10, true, 4, 2, 1, 2, 0, 0, 0);
        assertEquals(80 + 256 + 32 + 144, ModelFlops.activeMatmulParameters(moe), 1e-9);
        // Total: both embeddings 160, all 5 experts 240, router 32, attention 256, norms 2h + final h = 24.
        assertEquals(160 + 256 + 32 + 240 + 24, ModelFlops.totalParameters(moe), 1e-9);
    }

    @Test
    void shouldCountTheParametersOfBillionsOfLayersInClosedForm() {
        // The MoE above with 2^31 - 1 layers, the first 3 dense (MLP width 16): a dense layer holds attention 256 +
        // 3·8·16 = 640 weights, an MoE layer 256 + router 32 + 5 experts · 48 = 528 (active: 256 + 32 + 3 · 48 =
        // 432), each layer 2h = 16 norm weights more. Total: 2·V·h + h = 168, 3 · 656 = 1,968 and
        // 2,147,483,644 · 544 = 1,168,231,102,336: 1,168,231,104,472. Active: V·h = 80, 3 · 640 = 1,920 and
        // 2,147,483,644 · 432 = 927,712,934,208: 927,712,936,208. A loop over the layers takes seconds here.
        TransformerSpec deep = new TransformerSpec("t.Deep", Integer.MAX_VALUE, 8, 16, 2, 2, 4, 10, true, 4, 2, 1, 2, 3,
                0, 0);
        assertEquals(1_168_231_104_472.0, assertTimeoutPreemptively(Duration.ofMillis(500),
                () -> ModelFlops.totalParameters(deep)), 1e-3);
        assertEquals(927_712_936_208.0, assertTimeoutPreemptively(Duration.ofMillis(500),
                () -> ModelFlops.activeMatmulParameters(deep)), 1e-3);
    }
}
