package org.fabricsim.dsl;

import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * The inference memory check uses the simulator's own KV capacity (ReplicaMemory): a replica must
 * hold one request, and a batch limit beyond what its cache holds at once is accepted, as
 * trtllm-bench's derived limits are.
 */
class InferenceMemoryValidationTest extends FabricModelTest {

    /** Llama 3.3 70B on one DGX H100 (81,559 MiB per GPU) with {@code pool} as its serving pool's body. */
    private Model llama70b(String precision, String pool, int prompt) throws Exception {
        return parser.parse("""
                import fabric.catalog.nvidia.*
                model L transformer {
                    layers 80 hidden 8192 ffn 28672 heads 64 kv-heads 8 head-dim 128 vocab 128256 activation swiglu
                }
                cluster C { nodes 1 x DGX_H100 }
                inference Serve {
                    model L on C
                    precision %s
                    serving pool { replicas 1 %s }
                    traffic { arrival all-at-once prompt fixed %d output fixed 1000 requests 3000 }
                }
                """.formatted(precision, pool, prompt));
    }

    @Test
    void shouldAcceptTrtllmBenchsDerivedBatchLimitBeyondWhatTheCacheHoldsAtOnce() throws Exception {
        // trt-llama33-70b-h100-1000-1000 (validation/reference/inference.csv): trtllm-bench derives 384 sequences
        // and 2,048 tokens at TP2. The cache holds about 276 such requests at once (the former rule refused the
        // pool: 384 × 2,000 tokens × 80 KiB per GPU beside 35 GB of weights is 98 GB); the framework's scheduler
        // stops admitting at the cache, and so does the simulator.
        validation.assertNoIssue(llama70b("fp8", "parallel tensor 2 max-sequences 384 max-batch-tokens 2048", 1000),
                Literals.POOL, IssueCodes.INFERENCE_MEMORY);
    }

    @Test
    void shouldRefuseAReplicaWhoseCacheCannotHoldOneRequest() throws Exception {
        // TP1 FP8: about 72 GB of weights leave 0.9 × 13 GB = 12 GB of cache, ~74k tokens at 160 KiB: a
        // 100,000-token prompt does not fit. The counts with separators and the H100's 81,559 MiB in GB and GiB
        // (8.552e10 B; 81,559 / 1,024 = 79.6 GiB, its "80 GB"), not "101000" and a bare "85.5 GB" (session 70).
        validation.assertError(llama70b("fp8", "parallel tensor 1", 100_000), Literals.POOL,
                IssueCodes.INFERENCE_MEMORY, "less than one request's 101,000 on each accelerator's 85.5 GB (79.6 GiB).");
        validation.assertNoIssue(llama70b("fp8", "parallel tensor 1", 1000), Literals.POOL,
                IssueCodes.INFERENCE_MEMORY);
    }

    @Test
    void shouldRefuseWeightsThatFillTheAccelerators() throws Exception {
        // BF16 at TP1: 141 GB of weights on an 85.5 GB GPU
        validation.assertError(llama70b("bf16", "parallel tensor 1", 1000), Literals.POOL,
                IssueCodes.INFERENCE_MEMORY, "its weights alone take 141.1 GB on each accelerator's 85.5 GB (79.6 GiB).");
    }
}
