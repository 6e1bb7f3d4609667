package org.fabricsim.runtime.spec;

/**
 * How a pool of an {@link InferenceSpec} runs beyond its batch limits.
 *
 * @param twoBatchOverlap   each iteration runs as two micro-batches whose MoE dispatch and combine
 *                          overlap the other's compute (DeepSeek's and SGLang's two-batch overlap)
 * @param redundantExperts  extra replicas of routed experts spread over the EP ranks (EPLB); the
 *                          ranks hold (experts + redundant) ÷ EP experts each, and EPLB's placement of
 *                          them sets the busiest rank's expected load (inference's RedundantExpertLoad)
 * @param speculative       speculative decoding of the pool's decode iterations; null for none
 * @param admission         what a request must find free in the KV cache to be admitted
 * @param batching          whether an iteration mixes prefill with decode, or prefill goes alone first
 * @param host              the stack's host time per iteration and whether it overlaps the GPU's
 * @param separateQuantization the stack quantizes each FP8 GEMM's input activations to FP8 in a kernel
 *                          of their own before the GEMM (vLLM V0's {@code scaled_fp8_quant}), rather than
 *                          in the epilogue of the kernel that produced them (TensorRT-LLM); no effect
 *                          unless the GEMMs run at FP8
 * @param expertBalance     the balance the expert placement leaves on the workload's real routing, the mean EP
 *                          rank's routed tokens over the busiest rank's, in (0, 1] (SGLang's "balancedness", LMSYS
 *                          blog 2025-05-05, figure eplb-balancedness.png); {@link #BALANCE_NOT_STATED} (0): the
 *                          routing is random over the ranks as placed (inference's RedundantExpertLoad)
 * @param customAllReduceMaxBytes the framework runs a TP all-reduce of fewer bytes than this through its own
 *                          peer-memory kernel, not NCCL/RCCL (vLLM's custom all-reduce, 8 MiB; AITER's on ROCm, 64 MiB;
 *                          inference's CustomAllReduce); 0 ({@link #NO_CUSTOM_ALL_REDUCE}): NCCL/RCCL at every size
 */
public record PoolFeatures(boolean twoBatchOverlap, int redundantExperts, Speculative speculative,
        Admission admission, Batching batching, IterationHost host, boolean separateQuantization,
        double expertBalance, long customAllReduceMaxBytes) {
    /** The {@link #customAllReduceMaxBytes} of a pool whose framework runs every TP all-reduce through NCCL/RCCL. */
    public static final long NO_CUSTOM_ALL_REDUCE = 0;
    /**
     * vLLM's custom all-reduce limit, 8 MiB ({@code CustomAllreduce(max_size=8192 * 1024)},
     * vllm-project/vllm {@code vllm/distributed/device_communicators/custom_all_reduce.py}).
     */
    public static final long VLLM_CUSTOM_ALL_REDUCE_MAX_BYTES = 8L << 20;
    /**
     * AITER's custom all-reduce limit, 64 MiB ({@code max_size = 8192 * 1024 * 8}, ROCm/aiter
     * {@code aiter/dist/custom_all_reduce.py}), which AMD's vLLM runs on ROCm when AITER is on (ROCm/vllm PR 629,
     * {@code VLLM_ROCM_USE_AITER_CUSTOM_ALL_REDUCE}, default true).
     */
    public static final long AITER_CUSTOM_ALL_REDUCE_MAX_BYTES = 64L << 20;

    /**
     * Whether a framework's custom all-reduce kernel runs at a TP degree of {@code ranks}: 2, 4, 6 or 8 (vLLM's
     * {@code _SUPPORTED_WORLD_SIZES}); at any other degree NCCL/RCCL takes every all-reduce. The one rule the
     * engine and the editor both apply.
     */
    public static boolean customAllReduceRuns(int ranks) {
        return ranks >= 2 && ranks <= 8 && ranks % 2 == 0;
    }
    /** The {@link #expertBalance} of a pool that states none. */
    public static final double BALANCE_NOT_STATED = 0;
    /** No overlap, no redundancy, no speculation; preempting admission. */
    public static final PoolFeatures NONE = new PoolFeatures(false, 0, null);

    public PoolFeatures {
        Specs.requireNonNegative("redundant experts", redundantExperts);
        if (!(expertBalance >= 0 && expertBalance <= 1)) {
            throw new IllegalArgumentException("an expert balance lies in (0, 1], or is 0 when not stated: "
                    + expertBalance);
        }
        if (admission == null) {
            throw new IllegalArgumentException("a pool's admission policy is required (Admission.PREEMPT for vLLM's)");
        }
        if (batching == null) {
            throw new IllegalArgumentException("a pool's batching is required (Batching.MIXED for continuous batching)");
        }
        if (host == null) {
            throw new IllegalArgumentException("a pool's host time is required (IterationHost.NONE for none)");
        }
        Specs.requireNonNegative("custom all-reduce max bytes", customAllReduceMaxBytes);
    }

    /** Features whose TP all-reduces all run NCCL/RCCL. */
    public PoolFeatures(boolean twoBatchOverlap, int redundantExperts, Speculative speculative,
            Admission admission, Batching batching, IterationHost host, boolean separateQuantization,
            double expertBalance) {
        this(twoBatchOverlap, redundantExperts, speculative, admission, batching, host, separateQuantization,
                expertBalance, NO_CUSTOM_ALL_REDUCE);
    }

    /** Features whose routing is random over the expert ranks as placed (no balance stated). */
    public PoolFeatures(boolean twoBatchOverlap, int redundantExperts, Speculative speculative,
            Admission admission, Batching batching, IterationHost host, boolean separateQuantization) {
        this(twoBatchOverlap, redundantExperts, speculative, admission, batching, host, separateQuantization,
                BALANCE_NOT_STATED);
    }

    /** These features with the expert placement's balance on real routing {@code balance}, everything else kept. */
    public PoolFeatures withExpertBalance(double balance) {
        return new PoolFeatures(twoBatchOverlap, redundantExperts, speculative, admission, batching, host,
                separateQuantization, balance, customAllReduceMaxBytes);
    }

    /**
     * These features with the framework's custom all-reduce taking TP all-reduces under {@code maxBytes}, everything
     * else kept.
     */
    public PoolFeatures withCustomAllReduce(long maxBytes) {
        return new PoolFeatures(twoBatchOverlap, redundantExperts, speculative, admission, batching, host,
                separateQuantization, expertBalance, maxBytes);
    }

    /** Features whose activation quantization, if any, is fused into the kernels before the GEMMs. */
    public PoolFeatures(boolean twoBatchOverlap, int redundantExperts, Speculative speculative,
            Admission admission, Batching batching, IterationHost host) {
        this(twoBatchOverlap, redundantExperts, speculative, admission, batching, host, false);
    }

    /** Features without host time between iterations. */
    public PoolFeatures(boolean twoBatchOverlap, int redundantExperts, Speculative speculative,
            Admission admission, Batching batching) {
        this(twoBatchOverlap, redundantExperts, speculative, admission, batching, IterationHost.NONE);
    }

    /** Features with mixed batching. */
    public PoolFeatures(boolean twoBatchOverlap, int redundantExperts, Speculative speculative,
            Admission admission) {
        this(twoBatchOverlap, redundantExperts, speculative, admission, Batching.MIXED);
    }

    /** Features with preempting admission (vLLM's and SGLang's policy). */
    public PoolFeatures(boolean twoBatchOverlap, int redundantExperts, Speculative speculative) {
        this(twoBatchOverlap, redundantExperts, speculative, Admission.PREEMPT);
    }

    /**
     * How a pool admits a request into its KV cache, the framework's capacity-scheduler policy.
     */
    public enum Admission {
        /**
         * Admit when the cache holds the prompt (plus the first decoded token); when decoding fills
         * the cache, preempt the most recently admitted sequence and recompute it later (vLLM's
         * default recompute preemption, SGLang's retraction).
         */
        PREEMPT,
        /**
         * Admit only when the cache holds the prompt plus every token the request will still
         * decode, p + o − 1 at most, reserved until it finishes, so no sequence is ever evicted
         * (TensorRT-LLM's default {@code CapacitySchedulerPolicy.GUARANTEED_NO_EVICT},
         * tensorrt_llm/llmapi/llm_args.py {@code SchedulerConfig}).
         */
        NO_EVICT
    }

    /**
     * How a pool composes an iteration from decoding sequences and waiting prompts, the framework's
     * scheduler.
     */
    public enum Batching {
        /**
         * Every running sequence decodes and waiting prompts (or their chunks) fill the rest of the
         * token budget in the same iteration (vLLM V1, SGLang, TensorRT-LLM in-flight batching).
         */
        MIXED,
        /**
         * An iteration that can admit a waiting prompt prefills prompts only, and the running
         * sequences decode in the next iteration that admits none: the decodes stall behind every
         * prefill (vLLM V0's default scheduler without chunked prefill, {@code
         * Scheduler._schedule_default}: "prefills are scheduled first; decodes only when no prefill
         * was scheduled").
         */
        PREFILL_FIRST
    }

    /**
     * Speculative decoding (multi-token prediction, EAGLE-style drafts): each decode iteration of a
     * sequence verifies {@code draftTokens} drafted tokens, each accepted with {@code acceptance} if
     * all before it were, and the draft costs {@code draftLayers} decoder layers plus the LM head per
     * drafted token.
     *
     * @param draftTokens  k: tokens drafted per iteration, at least 1
     * @param acceptance   a: probability that a drafted token is accepted given its predecessors were, in [0, 1]
     * @param draftLayers  decoder layers of the draft model (DeepSeek-V3's MTP module: 1)
     */
    public record Speculative(int draftTokens, double acceptance, int draftLayers) {
        public Speculative {
            Specs.requirePositive("draft tokens", draftTokens);
            Specs.requirePositive("draft layers", draftLayers);
            if (!(acceptance >= 0 && acceptance <= 1)) {
                throw new IllegalArgumentException("a speculative acceptance rate lies in [0, 1]: " + acceptance);
            }
        }

        /** Tokens a sequence gains per iteration, in expectation: 1 + a + a² + … + a^k. */
        public double tokensPerIteration() {
            double tokens = 1;
            double p = 1;
            for (int i = 0; i < draftTokens; i++) {
                p *= acceptance;
                tokens += p;
            }
            return tokens;
        }
    }
}
