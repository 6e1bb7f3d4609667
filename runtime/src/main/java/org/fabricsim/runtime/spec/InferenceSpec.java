package org.fabricsim.runtime.spec;

import java.util.List;

/**
 * An inference deployment.
 *
 * @param name        qualified name
 * @param model       the model
 * @param cluster     the cluster
 * @param precision   precision of the weights (and of the GEMMs that read them)
 * @param kvCachePrecision  precision of the KV cache's elements: its bytes per token, hence the
 *                    cache's capacity, the bytes attention reads and the bytes a disaggregated
 *                    deployment transfers
 * @param pools       serving pools: one {@code SERVING} pool (aggregated), or {@code PREFILL} and {@code DECODE}
 * @param traffic     the requests
 * @param slos        service-level objectives
 * @param layerByLayerKvTransfer  KV cache streamed layer by layer as prefill proceeds, rather than in bulk
 * @param kvOver      the network a disaggregated deployment's KV cache crosses between scale-up domains: the
 *                    scale-out fabric, or the cluster's data-centre network
 */
public record InferenceSpec(String name, TransformerSpec model, ClusterSpec cluster, Precision precision,
        Precision kvCachePrecision, List<Pool> pools, Traffic traffic, List<Slo> slos, boolean layerByLayerKvTransfer,
        NetworkPlacement kvOver) implements WorkloadSpec {

    public InferenceSpec {
        Specs.requireName(name);
        if (precision == null || kvCachePrecision == null) {
            throw new IllegalArgumentException(name + ": the weight and KV-cache precisions are required");
        }
        pools = List.copyOf(pools);
        slos = List.copyOf(slos);
        if (kvOver == NetworkPlacement.DATA_CENTRE && cluster.dataCentre() == null) {
            throw new IllegalArgumentException(name + " transfers its KV cache over a data-centre network, but cluster "
                    + cluster.name() + " has none");
        }
    }

    /** A deployment whose KV cache crosses the scale-out fabric. */
    public InferenceSpec(String name, TransformerSpec model, ClusterSpec cluster, Precision precision,
            Precision kvCachePrecision, List<Pool> pools, Traffic traffic, List<Slo> slos,
            boolean layerByLayerKvTransfer) {
        this(name, model, cluster, precision, kvCachePrecision, pools, traffic, slos, layerByLayerKvTransfer,
                NetworkPlacement.SCALE_OUT);
    }

    /** A deployment whose KV cache is kept at the weight precision (the language's default). */
    public InferenceSpec(String name, TransformerSpec model, ClusterSpec cluster, Precision precision, List<Pool> pools,
            Traffic traffic, List<Slo> slos, boolean layerByLayerKvTransfer) {
        this(name, model, cluster, precision, precision, pools, traffic, slos, layerByLayerKvTransfer);
    }

    /**
     * Replicas serving one role.
     *
     * @param role            what the pool does
     * @param replicas        model replicas
     * @param parallel        each replica's parallel plan
     * @param maxBatchTokens  tokens per iteration at most; 0 for no limit
     * @param maxSequences    concurrent sequences per replica at most; 0 for no limit
     * @param chunkedPrefill  prefill chunk in tokens; 0 for none
     * @param features        two-batch overlap, redundant experts, speculative decoding, KV admission, batching
     *                        and host time per iteration
     */
    public record Pool(Role role, int replicas, ParallelismSpec parallel, int maxBatchTokens, int maxSequences,
            int chunkedPrefill, PoolFeatures features) {
        public Pool {
            Specs.requirePositive("replicas", replicas);
            if (features == null) {
                throw new IllegalArgumentException("a pool's features are required (PoolFeatures.NONE for none)");
            }
        }

        /** A pool without two-batch overlap, redundant experts or speculative decoding. */
        public Pool(Role role, int replicas, ParallelismSpec parallel, int maxBatchTokens, int maxSequences,
                int chunkedPrefill) {
            this(role, replicas, parallel, maxBatchTokens, maxSequences, chunkedPrefill, PoolFeatures.NONE);
        }

        /** This pool with another parallel plan. */
        public Pool withParallel(ParallelismSpec plan) {
            return new Pool(role, replicas, plan, maxBatchTokens, maxSequences, chunkedPrefill, features);
        }
    }

    /**
     * How a pool runs beyond its batch limits.
     *
     * @param twoBatchOverlap   each iteration runs as two micro-batches whose MoE dispatch and combine
     *                          overlap the other's compute (DeepSeek's and SGLang's two-batch overlap)
     * @param redundantExperts  extra replicas of routed experts spread over the EP ranks (EPLB); the
     *                          ranks hold (experts + redundant) ÷ EP experts each
     * @param speculative       speculative decoding of the pool's decode iterations; null for none
     * @param admission         what a request must find free in the KV cache to be admitted
     * @param batching          whether an iteration mixes prefill with decode, or prefill goes alone first
     * @param host              the stack's host time per iteration and whether it overlaps the GPU's
     */
    public record PoolFeatures(boolean twoBatchOverlap, int redundantExperts, Speculative speculative,
            Admission admission, Batching batching, IterationHost host) {
        /** No overlap, no redundancy, no speculation; preempting admission. */
        public static final PoolFeatures NONE = new PoolFeatures(false, 0, null);

        public PoolFeatures {
            Specs.requireNonNegative("redundant experts", redundantExperts);
            if (admission == null) {
                throw new IllegalArgumentException("a pool's admission policy is required (Admission.PREEMPT for vLLM's)");
            }
            if (batching == null) {
                throw new IllegalArgumentException("a pool's batching is required (Batching.MIXED for continuous batching)");
            }
            if (host == null) {
                throw new IllegalArgumentException("a pool's host time is required (IterationHost.NONE for none)");
            }
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

    /** Pool roles. */
    public enum Role {
        SERVING, PREFILL, DECODE
    }

    /**
     * Requests: arrivals and token lengths.
     *
     * @param arrival   how requests arrive
     * @param prompt    prompt length in tokens
     * @param output    output length in tokens
     * @param requests  requests to simulate
     * @param prefixHitRatio  h: the share of each prompt whose KV cache is already held by the
     *                  replicas (a system prompt, earlier turns of a session): ⌊h·prompt⌋ tokens, at
     *                  most prompt − 1, are not computed, nor transferred to a decode pool
     */
    public record Traffic(Arrival arrival, Distribution prompt, Distribution output, int requests,
            double prefixHitRatio) {
        public Traffic {
            if (!(prefixHitRatio >= 0 && prefixHitRatio <= 1)) {
                throw new IllegalArgumentException("a prefix-cache hit ratio lies in [0, 1]: " + prefixHitRatio);
            }
        }

        /** Traffic without prefix-cache hits. */
        public Traffic(Arrival arrival, Distribution prompt, Distribution output, int requests) {
            this(arrival, prompt, output, requests, 0);
        }

        /** This traffic arriving by {@code other}. */
        public Traffic withArrival(Arrival other) {
            return new Traffic(other, prompt, output, requests, prefixHitRatio);
        }
    }

    /** Arrival processes. */
    public sealed interface Arrival permits Poisson, Trace, AllAtOnce, ClosedLoop {
    }

    /**
     * Closed-loop load: {@code clients} clients each send a request at time zero and their next one
     * when the last completes (vLLM's benchmark_serving with a maximum concurrency, genai-perf's
     * concurrency mode).
     */
    public record ClosedLoop(int clients) implements Arrival {
        public ClosedLoop {
            Specs.requirePositive("clients", clients);
        }
    }

    /** Poisson arrivals at {@code requestsPerSecond}. */
    public record Poisson(double requestsPerSecond) implements Arrival {
    }

    /** Arrivals replayed from a CSV file (timestamp, prompt tokens, output tokens). */
    public record Trace(String file) implements Arrival {
    }

    /** Every request queued at time zero: offline maximum throughput. */
    public record AllAtOnce() implements Arrival {
    }

    /** Token-length distributions. */
    public sealed interface Distribution permits Fixed, Uniform, Lognormal, Empirical {
    }

    /** Always {@code tokens}. */
    public record Fixed(int tokens) implements Distribution {
    }

    /** Uniform on [min, max]. */
    public record Uniform(int min, int max) implements Distribution {
    }

    /** Lognormal with the given median and σ of the underlying normal. */
    public record Lognormal(int median, double sigma) implements Distribution {
    }

    /** Drawn from the lengths listed in a file. */
    public record Empirical(String file) implements Distribution {
    }

    /**
     * A service-level objective: the percentile of a latency must not exceed the limit.
     *
     * @param metric        TTFT, ITL or end-to-end
     * @param percentile    50, 90 or 99
     * @param limitSeconds  the limit
     */
    public record Slo(SloMetric metric, int percentile, double limitSeconds) {
    }

    /** Latency metrics an SLO can bound. */
    public enum SloMetric {
        TTFT, ITL, E2E
    }
}
