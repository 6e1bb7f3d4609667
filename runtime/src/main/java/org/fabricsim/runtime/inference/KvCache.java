package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * The size of the KV cache.
 *
 * <p>Standard (MHA/GQA) attention keeps a key and a value per layer and KV head:
 * {@code bytes/token = 2 · layers · kvHeads · headDim · bytesPerElement}. Multi-head latent
 * attention (DeepSeek-V2/V3) keeps one compressed latent plus the decoupled RoPE key per layer:
 * {@code bytes/token = (kvLoraRank + ropeDim) · layers · bytesPerElement}. O(1).
 */
public final class KvCache {
    private KvCache() {
    }

    /** Bytes of KV cache one token occupies across all layers of the whole model. */
    public static double bytesPerToken(TransformerSpec model, double bytesPerElement) {
        if (model.kvLoraRank() > 0) {
            return (double) (model.kvLoraRank() + model.ropeDim()) * model.layers() * bytesPerElement;
        }
        return 2.0 * model.layers() * model.kvHeads() * model.headDim() * bytesPerElement;
    }

    /**
     * Into how many disjoint shards the cache of one sequence is split across tensor-parallel ranks:
     * KV heads split across TP up to one head per rank (GQA replicates beyond that); an MLA latent
     * is shared by all heads and is replicated on every TP rank.
     */
    public static int tensorShards(TransformerSpec model, int tensorParallel) {
        if (model.kvLoraRank() > 0) {
            return 1;
        }
        return Math.max(1, Math.min(tensorParallel, model.kvHeads()));
    }
}
