package org.fabricsim.runtime.inference;

/**
 * The one set of constants of the serving model. Each states its source; none is fitted to the
 * throughputs it is checked against ({@code validation/reference/inference.csv}).
 */
final class ServingCalibration {
    /**
     * Fraction of the HBM left free after the weights that the serving engine gives to the KV
     * cache: TensorRT-LLM's default {@code kv_cache_free_gpu_mem_fraction} 0.90
     * (TensorRT-LLM docs/source/performance/perf-overview.md, "the default setting of 0.90").
     */
    static final double KV_CACHE_FREE_MEMORY_FRACTION = 0.90;

    /**
     * Bytes per element of activations exchanged by TP all-reduces, pipeline sends and the EP
     * combine: BF16, as in TensorRT-LLM and vLLM (weights may be FP8; activations between layers
     * stay BF16). The EP dispatch is FP8 with FP8 GEMMs ({@code Device#dispatchElementBytes}).
     */
    static final double ACTIVATION_BYTES = 2;

    private ServingCalibration() {
    }
}
