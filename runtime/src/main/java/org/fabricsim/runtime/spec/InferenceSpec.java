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
 */
public record InferenceSpec(String name, TransformerSpec model, ClusterSpec cluster, Precision precision,
        Precision kvCachePrecision, List<Pool> pools, Traffic traffic, List<Slo> slos, boolean layerByLayerKvTransfer)
        implements WorkloadSpec {

    public InferenceSpec {
        Specs.requireName(name);
        if (precision == null || kvCachePrecision == null) {
            throw new IllegalArgumentException(name + ": the weight and KV-cache precisions are required");
        }
        pools = List.copyOf(pools);
        slos = List.copyOf(slos);
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
     */
    public record Pool(Role role, int replicas, ParallelismSpec parallel, int maxBatchTokens, int maxSequences,
            int chunkedPrefill) {
        public Pool {
            Specs.requirePositive("replicas", replicas);
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
     */
    public record Traffic(Arrival arrival, Distribution prompt, Distribution output, int requests) {
    }

    /** Arrival processes. */
    public sealed interface Arrival permits Poisson, Trace, AllAtOnce {
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
