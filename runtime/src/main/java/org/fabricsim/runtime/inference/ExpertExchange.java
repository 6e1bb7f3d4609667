package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.sim.RoutedMaximum;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * What expert parallelism costs an MoE layer of a serving replica beyond its kernels: the busiest
 * EP rank's load L ({@link #load}), the dispatch and combine all-to-alls ({@link #exchangePs}), the
 * bytes of them that leave a scale-up domain ({@link #bytesLeavingDomain}) and what two-batch
 * overlap changes ({@link #overlapGainSeconds}); see {@link ServingModel} for the maths. Each call
 * O(1) once the token count's random-routing maximum is known ({@link UnevenRanksMaximum}).
 */
final class ExpertExchange {
    private static final double PICOSECONDS_PER_SECOND = 1e12;

    private final TransformerSpec model;
    private final int tokenShards;
    private final int pipeline;
    private final int expert;
    private final int moeLayers;
    private final ExpertRoutingSpec routing;
    /** L_p(T) of the expert ranks as placed; null for a dense model or one expert rank. */
    private final UnevenRanksMaximum routedExperts;
    private final CollectiveFit allToAll;
    private final double dispatchBytes;
    private final TwoBatchOverlap overlap;
    private final LayerKernels kernels;
    /** DeepEP's normal kernels' deduplicated exchange; null: every copy crosses (low-latency kernels). */
    private final NormalKernelExchange normal;

    /**
     * @param expertSlots   experts plus redundant replicas (EPLB)
     * @param allToAll      EP all-to-all cost over the replica's EP group (null when EP = 1 or dense)
     * @param dispatchBytes bytes of a dispatched element, e_d
     * @param overlap       two-batch overlap, or null without it
     * @param normal        the pool's exchange on DeepEP's normal kernels, or null for a copy per token and expert
     * @param balance       the placement's stated balance on real routing, mean ÷ busiest rank's tokens, or 0
     *                      when not stated ({@link RedundantExpertLoad#placed})
     */
    ExpertExchange(TransformerSpec model, ParallelismSpec parallel, int moeLayers, int expertSlots,
            CollectiveFit allToAll, double dispatchBytes, TwoBatchOverlap overlap, LayerKernels kernels,
            NormalKernelExchange normal, double balance) {
        this.model = model;
        this.tokenShards = parallel.data() * parallel.context();
        this.pipeline = parallel.pipeline();
        this.expert = parallel.expert();
        this.moeLayers = moeLayers;
        int expertShards = Math.max(expert, parallel.tensor());
        int redundant = expertSlots - model.experts();
        this.routing = RedundantExpertLoad.placed(parallel.expertRouting(), model.experts(), redundant,
                expertShards, balance);
        this.routedExperts = moeLayers > 0 && expertShards > 1
                ? new UnevenRanksMaximum(new RoutedMaximum(model.topK(), expertSlots, expertShards),
                        RedundantExpertLoad.placedShares(parallel.expertRouting().routingSkew(), model.experts(),
                                redundant, expertShards, balance),
                        model.topK(), model.experts(),
                        RedundantExpertLoad.slotsPerRank(model.experts(), redundant, expertShards))
                : null;
        this.allToAll = allToAll;
        this.dispatchBytes = dispatchBytes;
        this.overlap = overlap;
        this.kernels = kernels;
        this.normal = allToAll != null ? normal : null;
    }

    /** Whether MoE layers exchange tokens over an EP group. */
    boolean exchanges() {
        return allToAll != null && moeLayers > 0;
    }

    /** Whether MoE layers run as two overlapped batches. */
    boolean overlaps() {
        return overlap != null;
    }

    /**
     * L of an iteration of {@code tokens}: the stated routing, its skew replaced by EPLB's placement of
     * the redundant experts or by the pool's stated balance, 1/b ({@link RedundantExpertLoad#placed}), with
     * the batch's busiest rank routed at random over the ranks as placed ({@link UnevenRanksMaximum}, ≥ the
     * placement's skew). Both streams of the layer scale with it: the busiest rank's expert GEMMs ({@link
     * LayerKernels#moe}) and the dispatch and combine ({@link #exchangePs}), which wait for the rank that
     * receives (and returns) the most.
     */
    double load(long tokens) {
        return routing.busiestLoad(routedExperts == null ? 1 : routedExperts.factor(tokens));
    }

    /**
     * One MoE layer's EP dispatch and combine for x tokens per rank at busiest-rank load L, picoseconds:
     * on DeepEP's normal kernels their deduplicated cost for L·x tokens ({@link NormalKernelExchange}),
     * else a copy per token and expert, L·x·k·h·(e_d + 2) bytes, through the uniform all-to-all's fit.
     */
    double exchangePs(double x, double load) {
        if (normal != null) {
            return normal.timePs(load * x);
        }
        double routedElements = load * x * model.topK() * model.hidden();
        return allToAll.timePs(routedElements * dispatchBytes)
                + allToAll.timePs(routedElements * ServingCalibration.ACTIVATION_BYTES);
    }

    /**
     * Bytes one accelerator sends out of its scale-up domain of {@code domainSize} per iteration of
     * {@code tokens} tokens for EP dispatch and combine: (L_moe/PP)·x·k·h·(e_d + 2)·(EP − D)/EP, the share
     * of the uniform all-to-all whose peers sit in other domains, or on DeepEP's normal kernels
     * (L_moe/PP)·x times their deduplicated bytes per token ({@link NormalKernelExchange}); 0 for dense
     * models or EP ≤ D.
     */
    double bytesLeavingDomain(long tokens, int domainSize) {
        if (moeLayers == 0 || expert <= domainSize) {
            return 0;
        }
        double x = (double) tokens / tokenShards;
        if (normal != null) {
            return moeLayers / (double) pipeline * x * normal.crossBytesPerToken();
        }
        return moeLayers / (double) pipeline * x * model.topK() * model.hidden()
                * (dispatchBytes + ServingCalibration.ACTIVATION_BYTES) * (expert - domainSize) / expert;
    }

    /**
     * What two-batch overlap changes in one MoE layer of an iteration of {@code tokens} (x per rank):
     * {@link TwoBatchOverlap#layerSeconds} of the halves minus the layer run whole (its projections,
     * experts and dispatch plus combine), seconds (negative: a gain). FLOPs are counted once, whole:
     * the kernels' FLOP group is left as it was.
     */
    double overlapGainSeconds(double x, long tokens) {
        double savedGroup = kernels.flops();
        double load = load(tokens);
        double halfLoad = load(tokens / 2);
        double whole = kernels.attentionProjections(x) + kernels.moe(x, tokens, load)
                + exchangePs(x, load) / PICOSECONDS_PER_SECOND;
        double halfCompute = kernels.attentionProjections(x / 2) + kernels.moe(x / 2, tokens / 2, halfLoad);
        double halfExchange = exchangePs(x / 2, halfLoad) / PICOSECONDS_PER_SECOND;
        kernels.restoreFlops(savedGroup);
        return overlap.layerSeconds(halfCompute, halfExchange) - whole;
    }
}
