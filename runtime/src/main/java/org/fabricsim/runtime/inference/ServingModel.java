package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.ComputeCalibration;
import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.compute.Gemm;
import org.fabricsim.runtime.compute.SplitKGemm;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * The cost of one forward iteration of one pipeline stage of a model replica, and the replica's
 * KV-cache capacity, on the compute model of {@code org.fabricsim.runtime.compute}.
 *
 * <p><b>An iteration</b> processes T new tokens (prefill chunks plus one token per decoding
 * sequence), T_l of which produce logits, with A_p query–key pairs of attention from prefill
 * chunks and A_d from decoding tokens, and K = K_p + K_d cached tokens read (K_p the prefixes the
 * prefill chunks continue, K_d the decoding sequences' contexts). The replica has G = TP·PP·DP·CP
 * accelerators; each runs L/PP layers on x = T/(DP·CP) tokens with TP-sharded weights (t = TP, h
 * hidden, a heads, g KV heads, d head width, f MLP width, e weight bytes). Per accelerator of a stage:
 * <ul>
 * <li>every GEMM (m, n, k) of the layer, as in training's forward (QKV (x, (a+2g)d/t, h), output
 * (x, h, ad/t), MLP up/down; MLA's Q, KV-down and KV-up; the router; shared experts as a dense
 * MLP), takes max(2mnk ÷ (P·η(m,n,k)), (e·kn + 2·(mk + mn)) ÷
 * B_e): P the peak at the weight precision, η the compute model's shape-dependent GEMM efficiency
 * with split-K for skinny shapes ({@link SplitKGemm#efficiency}), B_e the element-wise HBM rate ({@link Device#memorySeconds});</li>
 * <li>the LM head (T_l/(DP·CP), V/t, h) stays BF16 (NVIDIA ModelOpt FP8 checkpoints quantize the
 * linear layers of the transformer blocks only), so it runs at the BF16 peak with 2-byte weights;</li>
 * <li>routed experts: the accelerator holds E/max(EP,TP) experts; on the busiest EP rank each gets
 * L·T·k/E token rows, L = min(max(skew, L_r(T)), capacity) ({@link
 * org.fabricsim.runtime.spec.ExpertRoutingSpec#busiestLoad(double)}), L_r(T) the expected busiest
 * rank's share over the mean when the iteration's T tokens each route to k of the E + R expert slots
 * at random ({@link RoutedMaximum}: 6.4 for one decoding token with k = 8, E = 256 over 32 ranks, 1.06
 * for 4,096 tokens; with R redundant experts, EPLB's replicas even the expected loads, so the slots
 * are taken as equally likely), and its weights are read only if
 * some token picked it, probability 1 − (1 − k/E)^T; the FLOPs counted stay the nominal T·k/E
 * rows, and the element-wise passes over the expert width scale by L likewise;</li>
 * <li>attention core: max(2·(a/t)·(A_p·(q_p + v_p) + A_d·(q_d + v_d)) ÷ (P₁₆·η_att), κ·(K + T) ÷
 * (S_kv·B_e)) with q = v = d for standard attention. MLA (latent c, RoPE ρ) is costed as serving
 * kernels run it: decoding in the weight-absorbed form on the latent (q_d = c + ρ, v_d = c; FlashMLA,
 * DeepSeek-V2 arXiv 2405.04434 §2.1.3), prefill on heads expanded from the latent (q_p = d + ρ,
 * v_p = d, the model's value head being as wide as its key head), whose chunk also up-projects the
 * K_p cached latents of its prefix, a GEMM (K_p/(DP·CP), 2ad/t, c) (the KV-up of the new tokens is
 * among the projections above; no prefix is shared across requests, so K_p is the sequence's own
 * earlier chunks). The cache read stays the latent either way. η_att {@link
 * SoftwareSpec#MEGATRON_CORE}'s cuDNN fused attention forward efficiency (the kernel TensorRT-LLM's context phase also runs), κ the KV bytes per token of the model at the
 * KV-cache precision, which may differ from the weights' ({@link KvCache}), and S_kv =
 * PP·DP·CP·(KV-head shards);</li>
 * <li>element-wise traffic: {@link ComputeCalibration#HIDDEN_PASSES_PER_LAYER} hidden vectors and
 * the activation's passes over the MLP width per token, at B_e;</li>
 * <li>communication: 2 TP all-reduces of x·h·2 bytes per layer and, for MoE layers, an EP
 * dispatch of x·k·h·e_d bytes per rank (e_d {@link Device#dispatchElementBytes}: 1 with FP8 GEMMs,
 * else 2) and a combine of x·k·h·2, each at the (α, β) fitted on the fabric ({@link CollectiveFit})
 * for L times those bytes: the busiest rank receives (and sends back) L times the mean, and the
 * uniform pattern the fit was made on is scaled to its share.</li>
 * </ul>
 * The layers split evenly over the PP stages and the LM head is spread over them (its 1/PP share
 * per stage), so every stage of an iteration takes the same time s = {@link #iterationPs}, PP·s
 * being the whole forward pass: pipelining adds no speed to one batch. Between consecutive stages
 * the activations cross the fabric point to point ({@link #stageSendPs}: x·h·2 bytes per rank,
 * α + β·bytes of a send/recv fitted on the fabric between the first ranks of stages 1 and 2).
 * {@link PipelineStages} overlaps the batches of a replica's PP slots on its stages. KV capacity:
 * {@link ReplicaMemory}. With R redundant experts (EPLB) each EP rank holds (E + R)/max(EP,TP)
 * experts, each replica's rows being L·T·k/(E + R). With two-batch overlap an MoE layer costs
 * {@link TwoBatchOverlap#layerSeconds} of its halves instead of compute plus dispatch and combine.
 * Speculative decoding adds {@link #draftPs}. <b>Attention DP ranks</b> (DP > 1) each hold their own
 * sequences, and a decode-only iteration waits for the rank holding the most: taking each of the n
 * decoding sequences to sit on a uniformly random one of the D ranks (round-robin admission, as
 * SGLang's default {@code load_balance_method round_robin}, with sequences finishing in random order;
 * an upper bound: a dispatcher that balances counts, or fixed lengths admitted together, spread them
 * more evenly), that rank holds f_D(n) = E[max] ÷ (n/D) times the mean ({@link RoutedMaximum}: 1.5 for
 * two sequences on two ranks, 1.30 for 88 per rank over 144) and its attention takes f_D times the
 * mean rank's ({@link #busiestDataRankSeconds}); an iteration with prefill work is costed at the mean.
 * The dense MLP, element-wise passes and the dispatch of the busiest rank's extra tokens are left at
 * the mean (this leans fast). The parts that depend on T (or T_l) alone are memoized per count, so an
 * iteration costs O(1) once its count has been seen; memory O(largest T).
 */
final class ServingModel {
    private static final double PICOSECONDS_PER_SECOND = 1e12;

    private final TransformerSpec model;
    private final Device device;
    private final Device head;
    private final double weightBytes;
    private final double dispatchBytes;
    private final int accelerators;
    private final int tensor;
    private final int pipeline;
    private final int tokenShards;
    private final int expert;
    private final int expertShards;
    private final ExpertRoutingSpec routing;
    /** L_r(T) of the expert ranks; null for a dense model or one expert rank. */
    private final RoutedMaximum routedExperts;
    private final int moeLayers;
    private final int expertSlots;
    private final TwoBatchOverlap overlap;
    private final InferenceSpec.Speculative speculative;
    private final double layersPerStage;
    private final double prefillAttentionWidth;
    private final double decodeAttentionWidth;
    private final double kvBytesPerToken;
    private final int kvShards;
    private final long kvCapacityTokens;
    private final CollectiveFit allReduce;
    private final CollectiveFit allToAll;
    private final CollectiveFit stageSend;
    private double lastFlops;
    private final CountMemo tokenParts = new CountMemo();
    private final CountMemo logitParts = new CountMemo();
    /** f_D(n) of the attention DP ranks; null without attention data parallelism. */
    private final RoutedMaximum busiestDataRank;
    private final CountMemo busiestRankParts = new CountMemo();
    private double flopsGroup;
    private double flopsTotal;

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
                InferenceSpec.PoolFeatures.NONE, false);
    }

    /**
     * @param features          two-batch overlap, redundant experts, speculative decoding
     * @param lowLatencyKernels the pool dispatches with DeepEP's low-latency kernels (decode), which
     *                          overlap without SMs, rather than the normal ones (prefill)
     */
    ServingModel(TransformerSpec model, AcceleratorSpec accelerator, Precision precision, Precision kvPrecision,
            ParallelismSpec parallel, CollectiveFit allReduce, CollectiveFit allToAll, CollectiveFit stageSend,
            CalibrationProfile profile, InferenceSpec.PoolFeatures features, boolean lowLatencyKernels) {
        this.model = model;
        this.device = Device.of(accelerator, precision, profile);
        this.head = Device.of(accelerator, Precision.BF16, profile);
        this.weightBytes = precision.bytes();
        this.dispatchBytes = Device.dispatchElementBytes(accelerator, precision);
        this.allReduce = allReduce;
        this.allToAll = allToAll;
        this.stageSend = stageSend;
        this.accelerators = parallel.accelerators();
        this.tensor = parallel.tensor();
        this.pipeline = parallel.pipeline();
        this.tokenShards = parallel.data() * parallel.context();
        this.busiestDataRank = parallel.data() > 1 ? new RoutedMaximum(1, parallel.data(), parallel.data()) : null;
        this.expert = parallel.expert();
        this.expertShards = Math.max(expert, tensor);
        this.routing = parallel.expertRouting();
        this.moeLayers = model.moe() ? model.layers() - model.denseLayers() : 0;
        this.expertSlots = model.experts() + features.redundantExperts();
        this.routedExperts = moeLayers > 0 && expertShards > 1
                ? new RoutedMaximum(model.topK(), expertSlots, expertShards) : null;
        this.overlap = features.twoBatchOverlap() && moeLayers > 0 && allToAll != null
                ? new TwoBatchOverlap(lowLatencyKernels ? 0 : TwoBatchOverlap.smShare(device)) : null;
        this.speculative = features.speculative();
        this.layersPerStage = (double) model.layers() / pipeline;
        boolean mla = model.kvLoraRank() > 0;
        this.prefillAttentionWidth = mla ? 2.0 * model.headDim() + model.ropeDim() : 2.0 * model.headDim();
        this.decodeAttentionWidth = mla ? 2.0 * model.kvLoraRank() + model.ropeDim() : 2.0 * model.headDim();
        this.kvBytesPerToken = KvCache.bytesPerToken(model, kvPrecision.bytes());
        this.kvShards = ReplicaMemory.kvShards(model, parallel);
        this.kvCapacityTokens = ReplicaMemory.requireKvCapacityTokens(model, accelerator, precision, kvPrecision,
                parallel, features.redundantExperts());
    }

    /** KV-cache capacity of one replica, in tokens. */
    long kvCapacityTokens() {
        return kvCapacityTokens;
    }

    /** KV-cache bytes of one token (whole model). */
    double kvBytesPerToken() {
        return kvBytesPerToken;
    }

    /**
     * Bytes one accelerator sends out of its scale-up domain of {@code domainSize} per iteration of
     * {@code tokens} tokens for EP dispatch and combine: (L_moe/PP)·x·k·h·(e_d + 2)·(EP − D)/EP, the share
     * of the uniform all-to-all whose peers sit in other domains; 0 for dense models or EP ≤ D.
     */
    double expertBytesLeavingDomain(long tokens, int domainSize) {
        if (moeLayers == 0 || expert <= domainSize) {
            return 0;
        }
        double x = (double) tokens / tokenShards;
        return moeLayers / (double) pipeline * x * model.topK() * model.hidden()
                * (dispatchBytes + ServingCalibration.ACTIVATION_BYTES) * (expert - domainSize) / expert;
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
     * @param prefixTokens  K_p: cached tokens of the prefixes the prefill chunks continue
     * @param decodePairs   A_d: query–key pairs of attention of the decoding tokens
     * @param contextTokens K_d: cached tokens the decoding tokens attend to
     */
    long iterationPs(long tokens, long logitTokens, double prefillPairs, double prefixTokens, double decodePairs,
            double contextTokens) {
        if (tokens == 0) {
            lastFlops = 0;
            return 0;
        }
        double seconds = tokenSeconds(tokens) + logitSeconds(logitTokens);
        flopsTotal = 0;
        double kvTokens = prefixTokens + contextTokens + tokens;
        double core = attentionCore(prefillPairs / tokenShards, decodePairs / tokenShards, kvTokens);
        seconds += times(layersPerStage, core);
        if (busiestDataRank != null && prefillPairs == 0 && prefixTokens == 0) {
            seconds += busiestDataRankSeconds(tokens, decodePairs, kvTokens, core);
        }
        if (model.kvLoraRank() > 0) {
            seconds += times(layersPerStage, latentUpProjection(prefixTokens / tokenShards));
        }
        lastFlops = (tokenParts.flops((int) tokens) + logitParts.flops((int) logitTokens) + flopsTotal) * accelerators;
        return Math.max(1, Math.round(seconds * PICOSECONDS_PER_SECOND));
    }

    /**
     * Everything of an iteration that depends on its token count alone (projections, MLP or experts,
     * element-wise traffic, TP and EP collectives), memoized per count: decode batches repeat the
     * same few hundred counts millions of times.
     */
    private double tokenSeconds(long tokens) {
        int index = Math.toIntExact(tokens);
        if (tokenParts.has(index)) {
            return tokenParts.seconds(index);
        }
        double x = (double) tokens / tokenShards;
        int h = model.hidden();
        double elementwiseBytes = ComputeCalibration.HIDDEN_PASSES_PER_LAYER * x * h;
        double passes = model.gatedMlp() ? ComputeCalibration.SWIGLU_PASSES : ComputeCalibration.GELU_PASSES;
        flopsTotal = 0;
        double seconds = times(layersPerStage, attentionProjections(x));
        double denseWidth = model.ffn() / (double) tensor;
        seconds += times((model.layers() - moeLayers) / (double) pipeline, mlp(x, denseWidth)
                + device.memorySeconds((elementwiseBytes + passes * x * denseWidth) * device.activationBytes()));
        double load = expertLoad(tokens);
        if (moeLayers > 0) {
            seconds += times(moeLayers / (double) pipeline, moe(x, tokens, load) + device.memorySeconds(
                    (elementwiseBytes + passes * x * model.topK() * load * model.expertFfn()) * device.activationBytes()));
        }
        double communicationPs = 0;
        if (allReduce != null) {
            communicationPs += 2 * layersPerStage * allReduce.timePs(x * h * ServingCalibration.ACTIVATION_BYTES);
        }
        if (allToAll != null && moeLayers > 0) {
            communicationPs += moeLayers / (double) pipeline * expertExchangePs(x, load);
        }
        if (overlap != null && tokens > 1) {
            seconds += moeLayers / (double) pipeline * overlapGainSeconds(x, tokens);
        }
        return tokenParts.put(index, seconds + communicationPs / PICOSECONDS_PER_SECOND, flopsTotal);
    }

    /**
     * What the busiest attention DP rank adds to a decode-only iteration of {@code tokens}: its f_D(n)
     * times the mean rank's sequences ({@link RoutedMaximum} with one pick of D ranks; n = tokens ÷
     * tokens per decode step) run f_D times the mean's attention projections and attention core
     * (pairs and cached tokens), and the iteration waits for it: L/PP·(a(f_D·x) − a(x)) + L/PP·(core at
     * f_D times the work − {@code meanCore}), seconds. The FLOPs stay the nominal ones (the other ranks
     * do less). O(1) once the count has been seen.
     */
    private double busiestDataRankSeconds(long tokens, double decodePairs, double kvTokens, double meanCore) {
        double savedGroup = flopsGroup;
        double savedTotal = flopsTotal;
        double share = busiestDataRank.factor(tokens / tokensPerDecodeStep());
        int index = Math.toIntExact(tokens);
        double projections;
        if (busiestRankParts.has(index)) {
            projections = busiestRankParts.seconds(index);
        } else {
            double x = (double) tokens / tokenShards;
            projections = busiestRankParts.put(index,
                    layersPerStage * (attentionProjections(share * x) - attentionProjections(x)), 0);
        }
        double core = attentionCore(0, share * decodePairs / tokenShards, share * kvTokens);
        flopsGroup = savedGroup;
        flopsTotal = savedTotal;
        return projections + layersPerStage * (core - meanCore);
    }

    /** L of an iteration of {@code tokens}: the stated routing with the batch's random-routing maximum. */
    double expertLoad(long tokens) {
        return routing.busiestLoad(routedExperts == null ? 1 : routedExperts.factor(tokens));
    }

    /** One MoE layer's EP dispatch and combine for x tokens per rank at busiest-rank load L, picoseconds. */
    private double expertExchangePs(double x, double load) {
        double routedElements = load * x * model.topK() * model.hidden();
        return allToAll.timePs(routedElements * dispatchBytes)
                + allToAll.timePs(routedElements * ServingCalibration.ACTIVATION_BYTES);
    }

    /**
     * What two-batch overlap changes in one MoE layer of an iteration of {@code tokens} (x per rank):
     * {@link TwoBatchOverlap#layerSeconds} of the halves minus the layer run whole (its projections,
     * experts and dispatch plus combine), seconds (negative: a gain). FLOPs are counted once, whole.
     */
    private double overlapGainSeconds(double x, long tokens) {
        double savedGroup = flopsGroup;
        double savedTotal = flopsTotal;
        double load = expertLoad(tokens);
        double halfLoad = expertLoad(tokens / 2);
        double whole = attentionProjections(x) + moe(x, tokens, load) + expertExchangePs(x, load) / PICOSECONDS_PER_SECOND;
        double halfCompute = attentionProjections(x / 2) + moe(x / 2, tokens / 2, halfLoad);
        double halfExchange = expertExchangePs(x / 2, halfLoad) / PICOSECONDS_PER_SECOND;
        flopsGroup = savedGroup;
        flopsTotal = savedTotal;
        return overlap.layerSeconds(halfCompute, halfExchange) - whole;
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
        double savedTotal = flopsTotal;
        double pass = speculative.draftLayers() * tokenSeconds(sequences) / layersPerStage
                + logitSeconds(sequences) * pipeline;
        flopsTotal = savedTotal;
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

    /** The LM head's time for {@code logitTokens}, memoized like {@link #tokenSeconds}. */
    private double logitSeconds(long logitTokens) {
        int index = Math.toIntExact(logitTokens);
        if (logitParts.has(index)) {
            return logitParts.seconds(index);
        }
        flopsTotal = 0;
        double seconds = times(1.0 / pipeline, logits(index / (double) tokenShards));
        return logitParts.put(index, seconds, flopsTotal);
    }

    /** {@code count} repetitions of a group just costed: scales its time, and its FLOPs into the total. */
    private double times(double count, double groupSeconds) {
        flopsTotal += count * flopsGroup;
        flopsGroup = 0;
        return count * groupSeconds;
    }

    private double attentionProjections(double x) {
        double t = tensor;
        int h = model.hidden();
        int a = model.heads();
        int d = model.headDim();
        double output = gemm(x, h, a * (double) d / t, 1);
        if (model.kvLoraRank() > 0) {
            int r = model.kvLoraRank();
            int rope = model.ropeDim();
            return output + gemm(x, a * (double) (d + rope) / t, h, 1) + gemm(x, r + rope, h, 1)
                + latentUpProjection(x);
        }
        return output + gemm(x, (a + 2.0 * model.kvHeads()) * d / t, h, 1);
    }

    /** MLA's KV up-projection (m, 2ad/t, c) of {@code m} latents into this rank's heads' keys and values. */
    private double latentUpProjection(double m) {
        return gemm(m, 2.0 * model.heads() * model.headDim() / tensor, model.kvLoraRank(), 1);
    }

    /**
     * Flash attention over this rank's {@code prefillPairs} and {@code decodePairs} query–key pairs,
     * each at its phase's width, reading {@code kvTokens} cached tokens.
     */
    private double attentionCore(double prefillPairs, double decodePairs, double kvTokens) {
        double flops = 2 * (model.heads() / (double) tensor)
                * (prefillPairs * prefillAttentionWidth + decodePairs * decodeAttentionWidth);
        flopsGroup += flops;
        double compute = flops / (device.attentionFlopsPerSecond() * SoftwareSpec.MEGATRON_CORE.attentionForwardEfficiency());
        double memory = device.memorySeconds(kvTokens * kvBytesPerToken / model.layers() / kvShards * pipeline);
        return Math.max(compute, memory);
    }

    /** The LM head (m, V/t, h), kept in BF16 by FP8 checkpoints, so at the BF16 peak with 2-byte weights. */
    private double logits(double m) {
        double n = model.vocab() / (double) tensor;
        int k = model.hidden();
        if (m <= 0) {
            return 0;
        }
        double flops = Gemm.flops(m, n, k);
        flopsGroup += flops;
        double compute = flops / (head.gemmFlopsPerSecond() * SplitKGemm.efficiency(head, m, n, k));
        return Math.max(compute, head.memorySeconds(head.activationBytes() * (k * n + m * k + m * n)));
    }

    private double mlp(double x, double widthPerRank) {
        int h = model.hidden();
        double up = model.gatedMlp() ? 2 * widthPerRank : widthPerRank;
        return gemm(x, up, h, 1) + gemm(x, h, widthPerRank, 1);
    }

    private double moe(double x, long replicaTokens, double load) {
        int h = model.hidden();
        double router = gemm(x, model.experts(), h, 1);
        double localExperts = Math.max(1.0, expertSlots / (double) expertShards);
        double rowsPerExpert = load * replicaTokens * model.topK() / expertSlots;
        double touched = 1 - Math.pow(1 - (double) model.topK() / model.experts(), replicaTokens);
        double width = model.expertFfn();
        double up = model.gatedMlp() ? 2 * width : width;
        double before = flopsGroup;
        double experts = localExperts * (gemm(rowsPerExpert, up, h, touched) + gemm(rowsPerExpert, h, width, touched));
        flopsGroup = before + (flopsGroup - before) * localExperts / load;
        double shared = model.sharedExperts() > 0 ? mlp(x, width * model.sharedExperts() / tensor) : 0;
        return router + experts + shared;
    }

    /**
     * Roofline seconds of a GEMM (m, n, k) whose weights (k×n, at the weight precision) are read
     * with probability {@code weightRead}; adds its FLOPs to the group's.
     */
    private double gemm(double m, double n, double k, double weightRead) {
        if (m <= 0 || n <= 0 || k <= 0) {
            return 0;
        }
        double flops = Gemm.flops(m, n, k);
        flopsGroup += flops;
        double compute = flops / (device.gemmFlopsPerSecond() * SplitKGemm.efficiency(device, m, n, k));
        double memory = device.memorySeconds(weightRead * k * n * weightBytes + device.activationBytes() * (m * k + m * n));
        return Math.max(compute, memory);
    }
}
