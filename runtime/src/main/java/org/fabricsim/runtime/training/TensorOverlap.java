package org.fabricsim.runtime.training;

/**
 * Exposed time of the tensor-parallel collectives of one layer pass.
 *
 * <p>Without overlap every collective waits in line with the GEMMs: exposed = C, the pass's
 * collective seconds. With overlap (Megatron-Core {@code --tp-comm-overlap}: Transformer Engine
 * userbuffers split each all-gather and reduce-scatter into t chunks pipelined with the GEMM that
 * consumes or produces them), the first of the t chunks cannot overlap, and no more than the GEMMs'
 * time G can hide: exposed = max(C/t, C − G) + σ·min(C − C/t, G), where σ is the share of the SMs
 * the communication kernels take from the GEMMs while both run. O(1).
 */
final class TensorOverlap {
    private TensorOverlap() {
    }

    /**
     * @param overlap            whether the run overlaps TP communication
     * @param collectiveSeconds  C, the pass's TP collectives back to back
     * @param gemmSeconds        G, the pass's GEMMs the collectives feed or drain
     * @param tensor             t, the TP degree (the chunks of the pipeline)
     * @param smShare            σ, 0..1
     */
    static double exposedSeconds(boolean overlap, double collectiveSeconds, double gemmSeconds, int tensor,
            double smShare) {
        if (!overlap || tensor <= 1) {
            return collectiveSeconds;
        }
        double firstChunk = collectiveSeconds / tensor;
        double hidden = Math.min(collectiveSeconds - firstChunk, gemmSeconds);
        return Math.max(firstChunk, collectiveSeconds - gemmSeconds) + smShare * hidden;
    }
}
