package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/**
 * The one memory rule of serving ({@link ReplicaMemory}): the KV capacity the simulator admits by,
 * and the fit the editor checks, which accepts trtllm-bench's own derived batch limits.
 */
class ReplicaMemoryTest {

    @Test
    void shouldGiveTheCacheNinetyPercentOfWhatTheWeightsAndTheReservationLeave() {
        // Llama 3.1 8B FP8 on one H100 (81,559 MiB = 85,521,137,664 B): 8,030,261,248 parameters, of which the
        // LM head 128,256 × 4,096 = 525,336,576 stays BF16: weights 7,504,924,672 + 2 × 525,336,576 =
        // 8,555,597,824 B. Held back, no token limit: what the driver hides, 85,521,137,664 − 79.22 GiB
        // (85,062,154,977) = 458,982,687, and 1.79 GiB outside torch (1,921,997,865): 2,380,980,552 B.
        // Cache (85,521,137,664 − 2,380,980,552 − 8,555,597,824) × 0.90 ÷ 65,536 B per FP8 token = 1,024,258
        // tokens (1,056,944 without the reservation).
        long capacity = ReplicaMemory.kvCapacityTokens(ServingFixtures.LLAMA3_8B, ServingFixtures.H100, Precision.FP8,
                Precision.FP8, ServingFixtures.tensor(1), 0);
        assertEquals(1_024_258, capacity, 0.002 * 1_024_258);
        // the same on one H200 (143,771 MiB = 150,754,820,096 B, of which CUDA shows 139.80 GiB): held back
        // 645,713,101 + 1,921,997,865 B; (150,754,820,096 − 2,567,710,966 − 8,555,597,824) × 0.90 ÷ 65,536
        // = 1,917,547 tokens, 1.87 times the H100's
        assertEquals(1_917_547, ReplicaMemory.kvCapacityTokens(ServingFixtures.LLAMA3_8B, ServingFixtures.H200,
                Precision.FP8, Precision.FP8, ServingFixtures.tensor(1), 0), 0.002 * 1_917_547);
    }

    @Test
    void shouldHoldBackTheCommunicatorAndTheProfilingPassesActivations() {
        // Llama 3.3 70B at TP2 on H100 with max_num_tokens 8,192: driver 458,982,687 B, outside torch 1.79 GiB
        // and the communicator 1.79 GiB (3.58 GiB at TP2 in vLLM's log): 4,302,978,417 B; and the MLP at 8,192
        // tokens, 2 B × 8,192 × (2 × 8,192 + 3 × 28,672 ÷ 2) = 973,078,528 B; 5,276,056,945 B in all
        ParallelismSpec tp2 = ServingFixtures.tensor(2);
        assertEquals(5_276_056_945.0, EngineReservation.bytesPerAccelerator(ServingFixtures.LLAMA3_70B,
                ServingFixtures.H100, tp2, 8192), 2);
        // without a token limit the pass is not sized, and only the first three are held back
        assertEquals(4_302_978_417.0, EngineReservation.bytesPerAccelerator(ServingFixtures.LLAMA3_70B,
                ServingFixtures.H100, tp2, 0), 2);
        // the cache loses exactly what is held back, spread over the TP shards at 0.90 of each byte
        long unlimited = ReplicaMemory.kvCapacityTokens(ServingFixtures.LLAMA3_70B, ServingFixtures.H100,
                Precision.FP8, Precision.FP8, tp2, 0, 0);
        long limited = ReplicaMemory.kvCapacityTokens(ServingFixtures.LLAMA3_70B, ServingFixtures.H100,
                Precision.FP8, Precision.FP8, tp2, 0, 8192);
        assertEquals(973_078_528.0 * 0.90 * 2 / KvCache.bytesPerToken(ServingFixtures.LLAMA3_70B, 1),
                unlimited - limited, 1);
    }

    @Test
    void shouldAcceptTrtllmBenchsOwnBatchLimitsForEveryPublishedRow() throws IOException {
        // The editor's former rule asked the whole batch limit to fit at once (max-sequences × (ISL + OSL) of
        // cache beside the weights, in all of HBM). trtllm-bench rounds its derived limit up past the cache
        // (8B 1000/1000: 532 requests fit, limit 640), so the former rule refused the three rows with 1,000 or
        // more tokens (for example 70B 1000/1000: 384 × 2,000 tokens × 80 KiB per GPU = 63 GB beside 36 GB of
        // weights). The frameworks cap a batch by the cache; the rule now asks the cache to hold one request.
        List<String> beyondTheCache = new ArrayList<>();
        int rows = 0;
        for (String line : InferenceCalibrationTest.reference()) {
            if (!line.startsWith("\"")) {
                continue;
            }
            String[] cells = line.substring(line.indexOf("\",") + 2).split(",");
            TransformerSpec model = InferenceCalibrationTest.model(cells[1]);
            AcceleratorSpec gpu = InferenceCalibrationTest.accelerator(cells[3]);
            int tp = Integer.parseInt(cells[5]);
            int context = Integer.parseInt(cells[6]) + Integer.parseInt(cells[7]);
            int[] limits = InferenceCalibrationTest.trtllmBenchLimits(model, Precision.FP8, gpu, tp,
                    Integer.parseInt(cells[6]), Integer.parseInt(cells[7]));
            ParallelismSpec plan = ServingFixtures.tensor(tp);
            long capacity = ReplicaMemory.kvCapacityTokens(model, gpu, Precision.FP8, Precision.FP8, plan, 0);
            assertTrue(capacity >= context, cells[0] + ": the cache holds " + capacity + " tokens");
            double wholeBatch = ReplicaMemory.weightBytesPerAccelerator(model, Precision.FP8, plan, 0)
                    + (double) limits[0] * context * KvCache.bytesPerToken(model, 1) / KvCache.tensorShards(model, tp);
            if (wholeBatch > gpu.memoryBytes()) {
                beyondTheCache.add(cells[0]);
            }
            rows++;
            System.out.printf(Locale.ROOT, "%-32s limit %4d sequences, cache %8d tokens = %5.0f requests%n", cells[0],
                    limits[0], capacity, (double) capacity / context);
        }
        assertEquals(60, rows);
        // 31 of the 60 rows (16 of the 30 on H100, 15 of the 30 on H200): each one's limit × (ISL + OSL) beside
        // the weights exceeds the GPU's memory, though one request fits (the printed limits against the
        // requests the cache holds show the margin).
        assertEquals(List.of("trt-llama31-8b-h100-1000-1000", "trt-llama33-70b-h100-1000-1000",
                "trt-llama31-405b-h100-20000-2000", "trt-llama31-8b-h100-500-2000", "trt-llama31-8b-h100-2048-2048",
                "trt-llama31-8b-h100-5000-500", "trt-llama31-8b-h100-20000-2000", "trt-llama33-70b-h100-128-4096",
                "trt-llama33-70b-h100-2048-2048", "trt-llama33-70b-h100-5000-500", "trt-llama33-70b-h100-20000-2000",
                "trt-llama31-405b-h100-128-2048", "trt-llama31-405b-h100-128-4096", "trt-llama31-405b-h100-500-2000",
                "trt-llama31-405b-h100-1000-2000", "trt-llama31-405b-h100-2048-128",
                "trt-llama31-8b-h200-128-2048", "trt-llama31-8b-h200-500-2000", "trt-llama31-8b-h200-1000-2000",
                "trt-llama31-8b-h200-2048-128", "trt-llama33-70b-h200-128-2048", "trt-llama33-70b-h200-128-4096",
                "trt-llama33-70b-h200-2048-128", "trt-llama33-70b-h200-2048-2048", "trt-llama33-70b-h200-5000-500",
                "trt-llama33-70b-h200-20000-2000", "trt-llama31-405b-h200-128-2048", "trt-llama31-405b-h200-128-4096",
                "trt-llama31-405b-h200-500-2000", "trt-llama31-405b-h200-2048-128",
                "trt-llama31-405b-h200-2048-2048"), beyondTheCache, "rows whose derived limit exceeds HBM at once");
    }

    @Test
    void shouldFitAsManyRedundantExpertsAsLeaveRoomForTheCacheAndSplitOverTheRanks() {
        // DeepSeek-V3 FP8 at EP32/DP32 on H100 with a BF16 cache: R experts fit while the capacity still holds
        // the tokens and 256 + R splits over the 32 ranks; the next R that splits (32 more) does not fit.
        ParallelismSpec plan = new ParallelismSpec(1, 1, 32, 1, 32, false);
        long tokens = 1_000_000;
        int fit = ReplicaMemory.redundantExpertsThatFit(ServingFixtures.DEEPSEEK_V3, ServingFixtures.H100,
                Precision.FP8, Precision.BF16, plan, tokens, 0);
        assertTrue(fit > 0, fit + " redundant experts");
        assertEquals(0, (256 + fit) % 32, fit + " redundant experts beside 256 on 32 ranks");
        assertTrue(ReplicaMemory.kvCapacityTokens(ServingFixtures.DEEPSEEK_V3, ServingFixtures.H100, Precision.FP8,
                Precision.BF16, plan, fit) >= tokens);
        assertTrue(ReplicaMemory.kvCapacityTokens(ServingFixtures.DEEPSEEK_V3, ServingFixtures.H100, Precision.FP8,
                Precision.BF16, plan, fit + 32) < tokens);
    }
}
