package org.fabricsim.runtime.inference;

import java.util.Locale;

import org.fabricsim.runtime.compute.ModelFlops;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * The memory of one serving replica: its weights per accelerator and its KV-cache capacity, what
 * is left of its accelerators' HBM after the weights. The one rule the simulator sizes its caches
 * by and the editor checks a pool against.
 *
 * <p>Per accelerator the weights take (dense ÷ (TP·PP) + routed ÷ (max(EP,TP)·PP))·e + V·h ÷ TP·2
 * bytes: the routed experts are the MoE layers' E expert MLPs (E + R with R redundant replicas), the
 * LM head V·h stays BF16 (FP8 checkpoints quantize the transformer blocks only), the rest is dense
 * at the weight precision's e bytes. The capacity is (HBM − R − weights) × f × S_kv ÷ κ tokens, R the
 * memory the engine holds back outside its weights and cache ({@link EngineReservation}: what the CUDA
 * driver does not expose, the memory outside torch and a profiling pass's activation peak at the pool's
 * T tokens per iteration), f =
 * {@link ServingCalibration#KV_CACHE_FREE_MEMORY_FRACTION} (trtllm-bench's 0.90), S_kv the
 * accelerators one token's cache is spread over (PP × DP × CP × the TP shards of {@link KvCache})
 * and κ its bytes at the cache's precision.
 *
 * <p>A pool fits when its cache holds one request: the frameworks cap a batch by the cache, not the
 * cache by the batch (TensorRT-LLM's KV-cache manager and vLLM's scheduler admit while blocks are
 * free, whatever max_num_seqs says; trtllm-bench rounds its derived batch limit up past what the
 * cache holds, tensorrt_llm/bench/build/tuning.py), so a max-sequences the cache cannot hold at once
 * is accepted and the simulator's admission stops at the cache ({@link BatchBuilder}). O(1).
 */
public final class ReplicaMemory {
    private ReplicaMemory() {
    }

    /** Bytes of weights on each accelerator of a replica with {@code redundantExperts} extra routed experts. */
    public static double weightBytesPerAccelerator(TransformerSpec model, Precision precision, ParallelismSpec parallel,
            int redundantExperts) {
        int tensor = parallel.tensor();
        int pipeline = parallel.pipeline();
        int moeLayers = model.moe() ? model.layers() - model.denseLayers() : 0;
        double expertMlp = ModelFlops.mlpParameters(model, model.expertFfn());
        double routed = moeLayers * (double) (model.experts() + redundantExperts) * expertMlp;
        double lmHead = (double) model.vocab() * model.hidden();
        double dense = ModelFlops.totalParameters(model) - moeLayers * (double) model.experts() * expertMlp - lmHead;
        return (dense / (tensor * pipeline) + routed / (Math.max(parallel.expert(), tensor) * pipeline))
                * precision.bytes() + lmHead / tensor * Precision.BF16.bytes();
    }

    /** Bytes one more redundant routed expert adds to each accelerator of the replica. */
    public static double bytesPerRedundantExpert(TransformerSpec model, Precision precision, ParallelismSpec parallel) {
        return weightBytesPerAccelerator(model, precision, parallel, 1)
                - weightBytesPerAccelerator(model, precision, parallel, 0);
    }

    /** S_kv: the accelerators over which one token's cache is spread. */
    public static int kvShards(TransformerSpec model, ParallelismSpec parallel) {
        return parallel.pipeline() * parallel.data() * parallel.context() * KvCache.tensorShards(model, parallel.tensor());
    }

    /**
     * Tokens of KV cache a replica holds at the cache's precision with no stated token limit; 0 when
     * the weights and the reservation fill the accelerators' HBM.
     */
    public static long kvCapacityTokens(TransformerSpec model, AcceleratorSpec accelerator, Precision precision,
            Precision kvPrecision, ParallelismSpec parallel, int redundantExperts) {
        return kvCapacityTokens(model, accelerator, precision, kvPrecision, parallel, redundantExperts, 0);
    }

    /**
     * Tokens of KV cache a replica holds at the cache's precision when an iteration carries at most
     * {@code iterationTokens} tokens (0: no limit); 0 when the weights and the reservation fill the
     * accelerators' HBM.
     */
    public static long kvCapacityTokens(TransformerSpec model, AcceleratorSpec accelerator, Precision precision,
            Precision kvPrecision, ParallelismSpec parallel, int redundantExperts, int iterationTokens) {
        double free = accelerator.memoryBytes()
                - EngineReservation.bytesPerAccelerator(model, accelerator, parallel, iterationTokens)
                - weightBytesPerAccelerator(model, precision, parallel, redundantExperts);
        return free <= 0 ? 0 : (long) (free * ServingCalibration.KV_CACHE_FREE_MEMORY_FRACTION
                * kvShards(model, parallel) / KvCache.bytesPerToken(model, kvPrecision.bytes()));
    }

    /**
     * As {@link #kvCapacityTokens}, for the simulator.
     *
     * @throws IllegalArgumentException when the weights alone overflow an accelerator, naming the
     *                                  model and part and what to raise
     */
    static long requireKvCapacityTokens(TransformerSpec model, AcceleratorSpec accelerator, Precision precision,
            Precision kvPrecision, ParallelismSpec parallel, int redundantExperts, int iterationTokens) {
        double weights = weightBytesPerAccelerator(model, precision, parallel, redundantExperts);
        if (weights >= accelerator.memoryBytes()) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%s does not fit: %.1f GB of weights per accelerator on %.1f GB of %s; raise tensor, pipeline"
                            + " or expert parallelism", model.name(), weights / 1e9,
                    accelerator.memoryBytes() / 1e9, accelerator.name()));
        }
        return kvCapacityTokens(model, accelerator, precision, kvPrecision, parallel, redundantExperts,
                iterationTokens);
    }

    /** f: the fraction of the HBM left after the weights that the engine gives to the KV cache. */
    public static double kvCacheFraction() {
        return ServingCalibration.KV_CACHE_FREE_MEMORY_FRACTION;
    }

    /**
     * HBM each accelerator needs for the weights, the reservation and a cache of {@code tokens}:
     * weights + R + tokens · κ ÷ (S_kv · f), the cache's share counted at the fraction the engine
     * gives it.
     */
    public static double bytesPerAccelerator(TransformerSpec model, AcceleratorSpec accelerator, Precision precision,
            Precision kvPrecision, ParallelismSpec parallel, int redundantExperts, long tokens, int iterationTokens) {
        return weightBytesPerAccelerator(model, precision, parallel, redundantExperts)
                + EngineReservation.bytesPerAccelerator(model, accelerator, parallel, iterationTokens)
                + tokens * KvCache.bytesPerToken(model, kvPrecision.bytes()) / (kvCacheFraction() * kvShards(model, parallel));
    }

    /**
     * The most redundant experts a replica takes while its cache still holds {@code tokens} and its E + R
     * routed experts still split evenly over its EP ranks (the pool's rule, whole experts on every rank):
     * the largest R with (HBM − reservation − weights(R)) × f × S_kv ÷ κ ≥ tokens and EP | E + R; 0 when
     * none. Without the second condition the bound could name an R that the split rule refuses, whose
     * fix (the next R that splits) the memory then refuses (DeepSeek-V3 at EP128 on H100: 3,005, then
     * 3,072; 2,944 fits and splits).
     */
    public static int redundantExpertsThatFit(TransformerSpec model, AcceleratorSpec accelerator, Precision precision,
            Precision kvPrecision, ParallelismSpec parallel, long tokens, int iterationTokens) {
        double room = accelerator.memoryBytes()
                - bytesPerAccelerator(model, accelerator, precision, kvPrecision, parallel, 0, tokens, iterationTokens);
        double perExpert = bytesPerRedundantExpert(model, precision, parallel);
        if (room <= 0 || perExpert <= 0) {
            return 0;
        }
        long bound = (long) Math.min(Integer.MAX_VALUE, Math.floor(room / perExpert));
        long ranks = Math.max(1, parallel.expert());
        long splitting = (model.experts() + bound) / ranks * ranks - model.experts();
        return (int) Math.max(0, splitting);
    }
}
