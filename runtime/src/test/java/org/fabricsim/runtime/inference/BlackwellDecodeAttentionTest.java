package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/**
 * A decode-attention call on Blackwell reads its cache on the line measured for TensorRT-LLM's SM100 generation kernel
 * (trtllm-gen, FlashInfer PR 1415 on a B200 under a CUDA graph): 11.1 µs + the bytes at 0.815 of HBM. A call without
 * decoding tokens, and every call on Hopper, keeps the element-wise read (0.8 of HBM, nothing fixed).
 */
class BlackwellDecodeAttentionTest {
    /** B200 (catalog): 8.0 TB/s, Blackwell, FP4 9,000 TFLOP/s. */
    private static final AcceleratorSpec B200 = new AcceleratorSpec("t.B200", "NVIDIA", 2250e12, 4500e12,
            180_000_000_000L, 8.0e12, 0.776, 0.763, 900e9, 0.755).withArchitecture("blackwell", 148).withFp4(9000e12);
    private static final Device DEVICE = Device.of(B200, Precision.FP4, CalibrationProfile.defaults());

    @Test
    void shouldReproduceTheKernelTimesTheLineIsDrawnFrom() {
        // FlashInfer PR 1415, 128 sequences, 8 KV heads of width 64, BF16: at 1,024 tokens 128 · 1,024 · 2 · 8 · 64 · 2
        // = 268,435,456 bytes in 52.285 µs; at 4,096 tokens 1,073,741,824 bytes in 175.789 µs. The line gives 11.1 µs
        // + 268,435,456 ÷ (0.815 · 8e12) = 11.1 + 41.171 = 52.271 µs and 11.1 + 164.684 = 175.784 µs.
        DecodeAttentionRead read = DecodeAttentionRead.of(B200);
        assertEquals(52.285e-6, read.seconds(DEVICE, 268_435_456.0), 0.05e-6);
        assertEquals(175.789e-6, read.seconds(DEVICE, 1_073_741_824.0), 0.05e-6);
    }

    @Test
    void shouldCostADecodeBatchOnTheLineAndAPrefixReadAtTheElementWiseRate() {
        // Llama 3.3 70B at TP 1 with an FP8 cache: 80 layers × 2 × 8 KV heads × 128 = 163,840 bytes a token, 2,048 a
        // layer. 183 sequences at a context of 2,176 attend to 398,208 cached tokens: 815,529,984 bytes a layer.
        // Decoding: 11.1 µs + 815,529,984 ÷ 6.52e12 = 11.1 + 125.081 = 136.181 µs (its compute, 2 · 64 · 256 ·
        // 398,208 = 13.0 GFLOP, takes some 14 µs). The same cache read by one prefill token's prefix: 815,529,984 ÷
        // (0.8 · 8e12) = 127.427 µs.
        LayerKernels kernels = new LayerKernels(ServingFixtures.LLAMA3_70B, DEVICE, DEVICE, 0.5,
                ServingFixtures.tensor(1), 0, 163_840, 1, false, DecodeAttentionRead.of(B200));
        assertEquals(136.181e-6, kernels.attentionCore(0, 0, 398_208, 398_208), 0.001e-6);
        assertEquals(127.427e-6, kernels.attentionCore(1, 1, 0, 398_208), 0.001e-6);
    }

    @Test
    void shouldLeaveHopperOnTheElementWiseRead() {
        // No measured line for Hopper's generation kernel (XQA) under a CUDA graph: 1 GB at 0.8 · 3.35 TB/s = 373.1 µs.
        Device h100 = Device.of(ServingFixtures.H100, Precision.FP8, CalibrationProfile.defaults());
        DecodeAttentionRead read = DecodeAttentionRead.of(ServingFixtures.H100);
        assertSame(DecodeAttentionRead.ELEMENT_WISE, read);
        assertEquals(1e9 / (0.8 * 3.35e12), read.seconds(h100, 1e9), 1e-15);
    }
}
