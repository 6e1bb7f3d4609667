package org.fabricsim.runtime.inference;

import java.util.Locale;

import org.fabricsim.runtime.compute.ModelFlops;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * The KV-cache capacity of one replica, what is left of its accelerators' HBM after the weights.
 *
 * <p>Per accelerator the weights take (dense ÷ (TP·PP) + routed ÷ (max(EP,TP)·PP))·e + V·h ÷ TP·2
 * bytes: the routed experts are the MoE layers' E expert MLPs (E + R with R redundant replicas), the LM head V·h stays BF16 (FP8
 * checkpoints quantize the transformer blocks only), the rest is dense at the weight precision's e
 * bytes. The capacity is (HBM − weights) × {@link ServingCalibration#KV_CACHE_FREE_MEMORY_FRACTION}
 * × S_kv ÷ κ tokens, S_kv the accelerators one token's cache is spread over and κ its bytes
 * ({@link KvCache}). O(1).
 */
final class ReplicaMemory {
    private ReplicaMemory() {
    }

    /**
     * @param redundantExperts R: extra replicas of routed experts over the replica's EP ranks
     * @param kvShards        S_kv: accelerators over which the replica's cache is spread
     * @param kvBytesPerToken κ: KV-cache bytes of one token, whole model
     * @throws IllegalArgumentException when the weights alone overflow an accelerator, naming the
     *                                  model and part and what to raise
     */
    static long kvCapacityTokens(TransformerSpec model, AcceleratorSpec accelerator, Precision precision,
            ParallelismSpec parallel, int redundantExperts, int kvShards, double kvBytesPerToken) {
        int tensor = parallel.tensor();
        int pipeline = parallel.pipeline();
        int moeLayers = model.moe() ? model.layers() - model.denseLayers() : 0;
        double expertMlp = ModelFlops.mlpParameters(model, model.expertFfn());
        double routed = moeLayers * (double) (model.experts() + redundantExperts) * expertMlp;
        double lmHead = (double) model.vocab() * model.hidden();
        double dense = ModelFlops.totalParameters(model) - moeLayers * (double) model.experts() * expertMlp - lmHead;
        double weightsPerAccelerator = (dense / (tensor * pipeline)
                + routed / (Math.max(parallel.expert(), tensor) * pipeline)) * precision.bytes()
                + lmHead / tensor * Precision.BF16.bytes();
        double free = accelerator.memoryBytes() - weightsPerAccelerator;
        if (free <= 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%s does not fit: %.1f GB of weights per accelerator on %.1f GB of %s; raise tensor, pipeline"
                            + " or expert parallelism", model.name(), weightsPerAccelerator / 1e9,
                    accelerator.memoryBytes() / 1e9, accelerator.name()));
        }
        return (long) (free * ServingCalibration.KV_CACHE_FREE_MEMORY_FRACTION * kvShards / kvBytesPerToken);
    }
}
