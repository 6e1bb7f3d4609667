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
 * @param fp8Scaling  how an FP8 checkpoint's weights and the activations its GEMMs quantize are scaled ({@link
 *                    Fp8Scaling}, as a training recipe's); {@code BLOCKWISE} only with {@code precision} FP8
 */
public record InferenceSpec(String name, TransformerSpec model, ClusterSpec cluster, Precision precision,
        Precision kvCachePrecision, List<Pool> pools, Traffic traffic, List<Slo> slos, boolean layerByLayerKvTransfer,
        NetworkPlacement kvOver, Fp8Scaling fp8Scaling) implements WorkloadSpec {

    public InferenceSpec {
        Specs.requireName(name);
        if (precision == null || kvCachePrecision == null) {
            throw new IllegalArgumentException(name + ": the weight and KV-cache precisions are required");
        }
        if (fp8Scaling == null || fp8Scaling == Fp8Scaling.BLOCKWISE && precision != Precision.FP8) {
            throw new IllegalArgumentException(name + ": blockwise scaling is an FP8 checkpoint's: serve at fp8 or "
                    + "leave it out");
        }
        pools = List.copyOf(pools);
        slos = List.copyOf(slos);
        if (kvOver == NetworkPlacement.DATA_CENTRE && cluster.dataCentre() == null) {
            throw new IllegalArgumentException(name + " transfers its KV cache over a data-centre network, but cluster "
                    + cluster.name() + " has none");
        }
    }

    /** A deployment whose KV cache crosses the scale-out fabric and whose FP8 weights, if any, scale per tensor. */
    public InferenceSpec(String name, TransformerSpec model, ClusterSpec cluster, Precision precision,
            Precision kvCachePrecision, List<Pool> pools, Traffic traffic, List<Slo> slos,
            boolean layerByLayerKvTransfer) {
        this(name, model, cluster, precision, kvCachePrecision, pools, traffic, slos, layerByLayerKvTransfer,
                NetworkPlacement.SCALE_OUT, Fp8Scaling.TENSOR);
    }

    /** This deployment on {@code other}, every other setting as it is. */
    public InferenceSpec withCluster(ClusterSpec other) {
        return new InferenceSpec(name, model, other, precision, kvCachePrecision, pools, traffic, slos,
                layerByLayerKvTransfer, kvOver, fp8Scaling);
    }

    /** This deployment serving {@code other}, every other setting as it is. */
    public InferenceSpec withModel(TransformerSpec other) {
        return new InferenceSpec(name, other, cluster, precision, kvCachePrecision, pools, traffic, slos,
                layerByLayerKvTransfer, kvOver, fp8Scaling);
    }

    /** This deployment with {@code other} for its pools, every other setting as it is. */
    public InferenceSpec withPools(List<Pool> other) {
        return new InferenceSpec(name, model, cluster, precision, kvCachePrecision, other, traffic, slos,
                layerByLayerKvTransfer, kvOver, fp8Scaling);
    }

    /** This deployment under {@code other} traffic, every other setting as it is. */
    public InferenceSpec withTraffic(Traffic other) {
        return new InferenceSpec(name, model, cluster, precision, kvCachePrecision, pools, other, slos,
                layerByLayerKvTransfer, kvOver, fp8Scaling);
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
     * @param sharedPrefixes  the prompts' shared prefixes and each replica's prefix cache, or null;
     *                  exclusive with a positive {@code prefixHitRatio}
     */
    public record Traffic(Arrival arrival, Distribution prompt, Distribution output, int requests,
            double prefixHitRatio, SharedPrefixes sharedPrefixes) {
        public Traffic {
            if (!(prefixHitRatio >= 0 && prefixHitRatio <= 1)) {
                throw new IllegalArgumentException("a prefix-cache hit ratio lies in [0, 1]: " + prefixHitRatio);
            }
            if (sharedPrefixes != null && prefixHitRatio > 0) {
                throw new IllegalArgumentException("a stated prefix-cache hit ratio and shared prefixes exclude each other");
            }
        }

        /** Traffic with a stated prefix-cache hit ratio and no shared-prefix distribution. */
        public Traffic(Arrival arrival, Distribution prompt, Distribution output, int requests, double prefixHitRatio) {
            this(arrival, prompt, output, requests, prefixHitRatio, null);
        }

        /** Traffic without prefix-cache hits. */
        public Traffic(Arrival arrival, Distribution prompt, Distribution output, int requests) {
            this(arrival, prompt, output, requests, 0);
        }

        /** This traffic arriving by {@code other}. */
        public Traffic withArrival(Arrival other) {
            return new Traffic(other, prompt, output, requests, prefixHitRatio, sharedPrefixes);
        }

        /** This traffic with {@code count} requests. */
        public Traffic withRequests(int count) {
            return new Traffic(arrival, prompt, output, count, prefixHitRatio, sharedPrefixes);
        }
    }

    /**
     * Shared prompt prefixes (system prompts, earlier turns of sessions): each request's prompt begins
     * with one of {@code prefixes} distinct prefixes of {@code tokens} tokens, prefix i (1-based) drawn
     * with probability i^−s ÷ Σ_j j^−s (Zipf with exponent s; s = 0 uniform). Each replica that
     * prefills keeps the prefixes it computed in a least-recently-used cache of {@code cacheTokens}
     * tokens, that is ⌊cacheTokens ÷ tokens⌋ prefixes.
     *
     * @param prefixes     N ≥ 1 distinct prefixes
     * @param tokens       L ≥ 1 tokens per prefix
     * @param zipf         s ≥ 0, the Zipf exponent of their popularity
     * @param cacheTokens  each replica's prefix-cache capacity in tokens, positive
     */
    public record SharedPrefixes(int prefixes, int tokens, double zipf, long cacheTokens) {
        public SharedPrefixes {
            if (prefixes < 1 || tokens < 1 || !(zipf >= 0) || cacheTokens < 1) {
                throw new IllegalArgumentException("shared prefixes need N ≥ 1, L ≥ 1, s ≥ 0 and a positive cache: "
                        + prefixes + ", " + tokens + ", " + zipf + ", " + cacheTokens);
            }
        }

        /** C: the prefixes one replica's cache holds, ⌊cacheTokens ÷ L⌋. */
        public int cacheEntries() {
            return (int) Math.min(Integer.MAX_VALUE, cacheTokens / tokens);
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
