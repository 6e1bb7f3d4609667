package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.ComputeCalibration;
import org.fabricsim.runtime.compute.ComputeRates;
import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.Fp8Scaling;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.PoolFeatures;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * The cost of one forward iteration of one pipeline stage of a model replica, and the replica's
 * KV-cache capacity, on the compute model of {@code org.fabricsim.runtime.compute}.
 *
 * <p><b>An iteration</b> processes T new tokens (prefill chunks plus one token per decoding
 * sequence), T_l of which produce logits, with A_p query–key pairs of attention from prefill
 * chunks (A_x of them against the chunks' cached prefixes, unmasked) and A_d from decoding tokens,
 * and K = K_p + K_d cached tokens read (K_p the prefixes the prefill chunks continue, K_d the
 * decoding sequences' contexts). The replica has G = TP·PP·DP·CP
 * accelerators; each runs L/PP layers on x = T/(DP·CP) tokens with TP-sharded weights (t = TP, h
 * hidden, a heads, g KV heads, d head width, f MLP width, e weight bytes). Per accelerator of a stage:
 * <ul>
 * <li>the layer's kernels ({@link LayerKernels}): every GEMM of the layer as in training's forward,
 * the LM head in BF16, the routed experts of the busiest EP rank at load L ({@link
 * ExpertExchange#load}) and the attention core, each at its roofline;</li>
 * <li>element-wise traffic: {@link ComputeCalibration#HIDDEN_PASSES_PER_LAYER} hidden vectors and
 * the activation's passes over the MLP width per token, at the element-wise HBM rate B_e, each kernel at least
 * the generation's minimum kernel duration ({@link DecodeKernelFloor});</li>
 * <li>communication: 2 TP all-reduces of x·h·2 bytes per layer (1 in a parallel block) and, for MoE layers, an EP
 * dispatch of x·k·h·e_d bytes per rank (e_d {@link Device#dispatchElementBytes}: 1 + 4/128 with FP8 GEMMs,
 * the FP8 channels and their per-128 scales, else 2) and a combine of x·k·h·2, each at the engine's cost on
 * the fabric ({@link CollectiveFit})
 * for L times those bytes: the busiest rank receives (and sends back) L times the mean, and the
 * uniform pattern the engine ran is scaled to its share; a pool on DeepEP's normal kernels
 * (prefill and serving pools) deduplicates instead, a token crossing to another domain once per domain
 * holding one of its experts, at the cost fitted for L·x tokens ({@link NormalKernelExchange}).</li>
 * </ul>
 * The layers split evenly over the PP stages and the LM head is spread over them (its 1/PP share
 * per stage), so every stage of an iteration takes the same time s = {@link #iterationPs}, PP·s
 * being the whole forward pass: pipelining adds no speed to one batch. Between consecutive stages
 * the activations cross the fabric point to point ({@link #stageSendPs}: x·h·2 bytes per rank,
 * the engine's cost of a send/recv on the fabric between the first ranks of stages 1 and 2).
 * {@link PipelineStages} overlaps the batches of a replica's PP slots on its stages. KV capacity:
 * {@link ReplicaMemory}. With R redundant experts (EPLB) each EP rank holds (E + R)/max(EP,TP)
 * experts, each replica's rows being L·T·k/(E + R), L's stated skew replaced by the busiest rank's
 * load once EPLB has placed the replicas ({@link RedundantExpertLoad}) and each batch routed over the ranks
 * as placed ({@link UnevenRanksMaximum}). With two-batch overlap an MoE layer costs
 * {@link TwoBatchOverlap#layerSeconds} of its halves instead of compute plus dispatch and combine.
 * Speculative decoding adds {@link #draftPs}. <b>Attention DP ranks</b> (DP > 1) each hold their own
 * sequences, and a decode-only iteration waits for the rank holding the most ({@link BusiestDataRank}: its
 * attention takes f_D(n) times the mean rank's); an iteration with prefill work is costed at the mean.
 * The dense MLP, element-wise passes and the dispatch of the busiest rank's extra tokens are left at
 * the mean (this leans fast). The parts that depend on T (or T_l) alone are {@link CountCosts}, memoized
 * per count, so an iteration costs O(1) once its count has been seen; memory O(largest T).
 */
final class ServingModel {
    private static final double PICOSECONDS_PER_SECOND = 1e12;

    private final TransformerSpec model;
    private final int accelerators;
    private final int pipeline;
    private final int tokenShards;
    private final ExpertExchange experts;
    private final PoolFeatures.Speculative speculative;
    private final double layersPerStage;
    private final double kvBytesPerToken;
    private final int kvShards;
    private final long kvCapacityTokens;
    private final CollectiveFit stageSend;
    private double lastFlops;
    private final CountCosts counts;
    /** The busiest of the attention DP ranks; null without attention data parallelism. */
    private final BusiestDataRank busiestDataRank;
    private final LayerKernels kernels;

    /**
     * @param precision   precision of the weights and their GEMMs
     * @param kvPrecision precision of the KV cache's elements
     * @param allReduce   TP all-reduce cost over the replica's TP group (null when TP = 1)
     * @param allToAll    EP all-to-all cost over the replica's EP group (null when EP = 1 or dense)
     * @param stageSend   send/recv cost between adjacent pipeline stages (null when PP = 1)
     * @param profile     the calibration profile (the sustained fraction of the part's generation)
     */
    ServingModel(TransformerSpec model, AcceleratorSpec accelerator, Precision precision, Precision kvPrecision,
            ParallelismSpec parallel, CollectiveFit allReduce, CollectiveFit allToAll, CollectiveFit stageSend,
            CalibrationProfile profile) {
        this(model, accelerator, precision, kvPrecision, parallel, allReduce, allToAll, stageSend, profile,
                PoolFeatures.NONE, false, null);
    }

    /** With {@code features} and every copy of a token crossing in the EP exchange (no normal-kernel fit). */
    ServingModel(TransformerSpec model, AcceleratorSpec accelerator, Precision precision, Precision kvPrecision,
            ParallelismSpec parallel, CollectiveFit allReduce, CollectiveFit allToAll, CollectiveFit stageSend,
            CalibrationProfile profile, PoolFeatures features, boolean lowLatencyKernels) {
        this(model, accelerator, precision, kvPrecision, parallel, allReduce, allToAll, stageSend, profile, features,
                lowLatencyKernels, null);
    }

    /**
     * @param features          two-batch overlap, redundant experts, speculative decoding
     * @param lowLatencyKernels the pool dispatches with DeepEP's low-latency kernels (decode), which
     *                          overlap without SMs, rather than the normal ones (prefill)
     * @param normalKernels     the normal kernels' deduplicated exchange on the pool's fabric (null: a copy
     *                          per token and expert through {@code allToAll}); unused with low-latency kernels
     */
    ServingModel(TransformerSpec model, AcceleratorSpec accelerator, Precision precision, Precision kvPrecision,
            ParallelismSpec parallel, CollectiveFit allReduce, CollectiveFit allToAll, CollectiveFit stageSend,
            CalibrationProfile profile, PoolFeatures features, boolean lowLatencyKernels,
            NormalKernelExchange normalKernels) {
        this(model, accelerator, precision, Fp8Scaling.TENSOR, kvPrecision, parallel, allReduce, allToAll, stageSend,
                profile, features, lowLatencyKernels, normalKernels, 0);
    }

    /**
     * As above, with the pool's tokens per iteration at most ({@code iterationTokens}, 0: no limit),
     * which size the engine's profiling pass and so its reservation ({@link EngineReservation}), and the FP8
     * weights' {@code scaling}: blockwise GEMMs run at {@link org.fabricsim.runtime.compute.BlockwiseFp8}'s rate.
     */
    ServingModel(TransformerSpec model, AcceleratorSpec accelerator, Precision precision, Fp8Scaling scaling,
            Precision kvPrecision, ParallelismSpec parallel, CollectiveFit allReduce, CollectiveFit allToAll,
            CollectiveFit stageSend, CalibrationProfile profile, PoolFeatures features, boolean lowLatencyKernels,
            NormalKernelExchange normalKernels, int iterationTokens) {
        this.model = model;
        ComputeRates.requireBf16Rate(accelerator);
        Device device = Device.of(accelerator, precision, scaling, profile);
        this.stageSend = stageSend;
        this.accelerators = parallel.accelerators();
        this.pipeline = parallel.pipeline();
        this.tokenShards = parallel.data() * parallel.context();
        int moeLayers = model.moe() ? model.layers() - model.denseLayers() : 0;
        int expertSlots = model.experts() + features.redundantExperts();
        this.speculative = features.speculative();
        this.kvBytesPerToken = KvCache.bytesPerToken(model, kvPrecision.bytes());
        this.kvShards = ReplicaMemory.kvShards(model, parallel);
        this.kernels = new LayerKernels(model, device, Device.of(accelerator, Precision.BF16, profile),
                precision.bytes(), parallel, expertSlots, kvBytesPerToken, kvShards,
                features.separateQuantization() && Device.runsFp8(accelerator, precision),
                DecodeAttentionRead.of(accelerator), DecodeKernelFloor.of(accelerator, precision));
        TwoBatchOverlap overlap = features.twoBatchOverlap() && moeLayers > 0 && allToAll != null
                ? TwoBatchOverlap.of(lowLatencyKernels, accelerator, device) : null;
        this.experts = new ExpertExchange(model, parallel, moeLayers, expertSlots, allToAll,
                Device.dispatchElementBytes(accelerator, precision, model.hidden()), overlap, kernels,
                lowLatencyKernels ? null : normalKernels, features.expertBalance());
        this.counts = new CountCosts(model, parallel, moeLayers, kernels, experts, allReduce);
        this.layersPerStage = counts.layersPerStage();
        this.busiestDataRank = parallel.data() > 1
                ? new BusiestDataRank(kernels, parallel.data(), tokenShards, layersPerStage, tokensPerDecodeStep()) : null;
        this.kvCapacityTokens = ReplicaMemory.requireKvCapacityTokens(model, accelerator, precision, kvPrecision,
                parallel, features.redundantExperts(), iterationTokens);
    }

    /** KV-cache capacity of one replica, in tokens. */
    long kvCapacityTokens() {
        return kvCapacityTokens;
    }

    /** KV-cache bytes of one token (whole model). */
    double kvBytesPerToken() {
        return kvBytesPerToken;
    }

    /** The replica's expert parallelism: routing load, dispatch and combine, two-batch overlap. */
    ExpertExchange experts() {
        return experts;
    }

    /** Data-parallel (attention DP × CP) ranks of one replica; a sequence's cache lives on one of them. */
    int dataRanks() {
        return tokenShards;
    }

    /** Accelerators over which one sequence's cache is split: PP stages × KV-head shards. */
    int sequenceShards() {
        return kvShards / tokenShards;
    }

    /** Accelerators of one replica. */
    int accelerators() {
        return accelerators;
    }

    /** Pipeline stages of one replica. */
    int pipeline() {
        return pipeline;
    }

    /**
     * The activations' hop from one pipeline stage to the next for an iteration of {@code tokens}:
     * each rank sends its x = T/(DP·CP) tokens' hidden vectors, x·h·2 bytes, picoseconds; 0 without
     * pipeline parallelism. O(1).
     */
    long stageSendPs(long tokens) {
        if (stageSend == null) {
            return 0;
        }
        double bytes = (double) tokens / tokenShards * model.hidden() * ServingCalibration.ACTIVATION_BYTES;
        return Math.round(stageSend.timePs(bytes));
    }

    /** FLOPs the whole replica executed in the last iteration costed by {@link #iterationPs}. */
    double lastFlops() {
        return lastFlops;
    }

    /**
     * The duration of one pipeline stage of an iteration (of the whole iteration without pipeline
     * parallelism), see the class comment.
     *
     * @param tokens        new tokens processed (prefill chunk tokens plus decoding sequences)
     * @param logitTokens   tokens that produce logits
     * @param prefillPairs  A_p: query–key pairs of attention of the prefill chunks
     * @param prefixPairs   A_x: those of A_p against the chunks' cached prefixes (unmasked)
     * @param prefixTokens  K_p: cached tokens of the prefixes the prefill chunks continue
     * @param decodePairs   A_d: query–key pairs of attention of the decoding tokens
     * @param contextTokens K_d: cached tokens the decoding tokens attend to
     */
    long iterationPs(long tokens, long logitTokens, double prefillPairs, double prefixPairs, double prefixTokens,
            double decodePairs, double contextTokens) {
        if (tokens == 0) {
            lastFlops = 0;
            return 0;
        }
        return iterationPs(counts.seconds(tokens, logitTokens), counts.flops((int) tokens, (int) logitTokens), tokens,
                prefillPairs, prefixPairs, prefixTokens, decodePairs, contextTokens);
    }

    /** The costs that depend on an iteration's token counts alone, memoized per count. */
    CountCosts counts() {
        return counts;
    }

    /** {@link #iterationPs} of {@code tokens} &gt; 0 with its {@link #counts} parts given (a decode run takes them once). */
    long iterationPs(double countSeconds, double countFlops, long tokens, double prefillPairs, double prefixPairs,
            double prefixTokens, double decodePairs, double contextTokens) {
        double seconds = countSeconds;
        double kvTokens = prefixTokens + contextTokens + tokens;
        double core = kernels.attentionCore(perTokenShard(prefillPairs), perTokenShard(prefixPairs),
                perTokenShard(decodePairs), kvTokens);
        seconds += kernels.times(layersPerStage, core);
        if (busiestDataRank != null && prefillPairs == 0 && prefixTokens == 0) {
            seconds += busiestDataRank.busiestDataRankSeconds(tokens, decodePairs, kvTokens, core);
        }
        if (model.kvLoraRank() > 0) {
            seconds += kernels.times(layersPerStage, kernels.latentUpProjection(perTokenShard(prefixTokens)));
        }
        lastFlops = (countFlops + kernels.takeTotal()) * accelerators;
        return Math.max(1, Math.round(seconds * PICOSECONDS_PER_SECOND));
    }

    /** {@code value} ÷ (DP·CP); without DP and CP the value itself, the same bits (v ÷ 1 = v) without a division. */
    private double perTokenShard(double value) {
        return tokenShards == 1 ? value : value / tokenShards;
    }

    /**
     * Speculative decoding's draft for {@code sequences} decoding sequences, per pipeline stage,
     * picoseconds: k drafted tokens, each a pass of the draft's layers (each costed as the average
     * layer of this model for that many tokens) and the LM head, the whole spread over the PP
     * stages; 0 without speculation. O(1) once the count has been seen.
     */
    long draftPs(long sequences) {
        if (speculative == null) {
            return 0;
        }
        double pass = speculative.draftLayers() * counts.tokenSeconds(sequences) / layersPerStage
                + counts.logitSeconds(sequences) * pipeline;
        return Math.round(speculative.draftTokens() * pass / pipeline * PICOSECONDS_PER_SECOND);
    }

    /** Tokens a decoding sequence puts through an iteration: 1 + k drafted with speculation, else 1. */
    int tokensPerDecodeStep() {
        return speculative == null ? 1 : 1 + speculative.draftTokens();
    }

    /** Tokens a decoding sequence gains per iteration: 1 + a + … + a^k with speculation, else 1. */
    double tokensPerDecodeIteration() {
        return speculative == null ? 1 : speculative.tokensPerIteration();
    }
}
