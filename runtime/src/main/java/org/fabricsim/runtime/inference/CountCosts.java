package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.compute.ComputeCalibration;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * The parts of one pipeline stage of a serving iteration that depend on its token count alone,
 * memoized per count: decode batches repeat the same few hundred counts millions of times, so an
 * iteration's count costs O(1) once seen (memory O(largest count)). With the symbols of {@link
 * ServingModel} (x = T/(DP·CP), L layers of which L_m MoE, PP stages, f the MLP width, t = TP):
 * <ul>
 * <li>T tokens ({@link #tokenSeconds}): L/PP × the attention projections of x; (L − L_m)/PP × the
 * dense MLP of width f/t plus its element-wise kernels; L_m/PP × the busiest EP rank's experts at load
 * L(T) plus theirs (each element-wise kernel at least the generation's fixed time, {@link DecodeKernelFloor}); r·L/PP TP all-reduces of x·h·2 bytes (r = 2, 1 in a parallel block:
 * {@link TransformerSpec#tensorReductionsPerLayer}); L_m/PP EP dispatches and combines; less
 * two-batch overlap's gain;</li>
 * <li>T_l logit tokens ({@link #logitSeconds}): 1/PP of the LM head on T_l/(DP·CP) tokens.</li>
 * </ul>
 * Each part's FLOPs are stored with its seconds ({@link #flops}).
 */
final class CountCosts {
    private static final double PICOSECONDS_PER_SECOND = 1e12;

    private final TransformerSpec model;
    private final LayerKernels kernels;
    private final ExpertExchange experts;
    private final CollectiveFit allReduce;
    private final int tensor;
    private final int pipeline;
    private final int tokenShards;
    private final int moeLayers;
    private final double layersPerStage;
    private final CountMemo tokenParts = new CountMemo();
    private final CountMemo logitParts = new CountMemo();

    /**
     * @param moeLayers L_m, the MoE layers (0 for a dense model)
     * @param allReduce TP all-reduce cost over the replica's TP group (null when TP = 1)
     */
    CountCosts(TransformerSpec model, ParallelismSpec parallel, int moeLayers, LayerKernels kernels,
            ExpertExchange experts, CollectiveFit allReduce) {
        this.model = model;
        this.kernels = kernels;
        this.experts = experts;
        this.allReduce = allReduce;
        this.tensor = parallel.tensor();
        this.pipeline = parallel.pipeline();
        this.tokenShards = parallel.data() * parallel.context();
        this.moeLayers = moeLayers;
        this.layersPerStage = (double) model.layers() / pipeline;
    }

    /** L/PP, the layers each pipeline stage runs (the layers split evenly over the stages). */
    double layersPerStage() {
        return layersPerStage;
    }

    /**
     * Everything of an iteration of {@code tokens} that depends on its token count alone (projections,
     * MLP or experts, element-wise traffic, TP and EP collectives), seconds per stage; O(1) once seen.
     * The look-up is a method apart from the costing ({@link #costTokens}), small enough for the JIT to
     * inline into {@link ServingModel#iterationPs}, which runs it (and {@link #logitSeconds}'s) for each of
     * the millions of iterations.
     */
    double tokenSeconds(long tokens) {
        int index = Math.toIntExact(tokens);
        return tokenParts.has(index) ? tokenParts.seconds(index) : costTokens(index);
    }

    /** Costs and stores {@link #tokenSeconds} of a count not seen before. */
    private double costTokens(int tokens) {
        double x = (double) tokens / tokenShards;
        int h = model.hidden();
        double hiddenElements = ComputeCalibration.HIDDEN_PASSES_PER_LAYER * x * h;
        double passes = model.gatedMlp() ? ComputeCalibration.SWIGLU_PASSES : ComputeCalibration.GELU_PASSES;
        double seconds = kernels.times(layersPerStage, kernels.attentionProjections(x));
        double denseWidth = model.ffn() / (double) tensor;
        seconds += kernels.times((model.layers() - moeLayers) / (double) pipeline, kernels.mlp(x, denseWidth)
                + kernels.elementwise(hiddenElements, passes * x * denseWidth));
        double load = experts.load(tokens);
        if (moeLayers > 0) {
            seconds += kernels.times(moeLayers / (double) pipeline, kernels.moe(x, tokens, load)
                    + kernels.elementwise(hiddenElements, passes * x * model.topK() * load * model.expertFfn()));
        }
        double communicationPs = 0;
        if (allReduce != null) {
            communicationPs += model.tensorReductionsPerLayer() * layersPerStage
                    * allReduce.timePs(x * h * ServingCalibration.ACTIVATION_BYTES);
        }
        if (experts.exchanges()) {
            communicationPs += moeLayers / (double) pipeline * experts.exchangePs(x, load);
        }
        if (experts.overlaps() && tokens > 1) {
            seconds += moeLayers / (double) pipeline * experts.overlapGainSeconds(x, tokens);
        }
        return tokenParts.put(tokens, seconds + communicationPs / PICOSECONDS_PER_SECOND, kernels.takeTotal());
    }

    /** The LM head's time for {@code logitTokens}, per stage, memoized like {@link #tokenSeconds}. */
    double logitSeconds(long logitTokens) {
        int index = Math.toIntExact(logitTokens);
        return logitParts.has(index) ? logitParts.seconds(index) : costLogits(index);
    }

    /** Costs and stores {@link #logitSeconds} of a count not seen before. */
    private double costLogits(int index) {
        double seconds = kernels.times(1.0 / pipeline, kernels.logits(index / (double) tokenShards));
        return logitParts.put(index, seconds, kernels.takeTotal());
    }

    /** {@link #tokenSeconds} plus {@link #logitSeconds}: an iteration's time that depends on its counts alone. */
    double seconds(long tokens, long logitTokens) {
        return tokenSeconds(tokens) + logitSeconds(logitTokens);
    }

    /** FLOPs of one accelerator for the count parts of {@code tokens} and {@code logitTokens}, both seen. */
    double flops(int tokens, int logitTokens) {
        return tokenParts.flops(tokens) + logitParts.flops(logitTokens);
    }
}
