package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.collective.ExpertKernels;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * The EP dispatch and combine of a pool that runs DeepEP's normal kernels (prefill and serving pools, as
 * {@link TwoBatchOverlap} takes them): the kernels deduplicate, so a token crosses to another scale-up
 * domain once per domain holding one of its k experts and is forwarded inside it over the scale-up
 * links, and the combine returns the same way ({@link ExpertKernels}, normal, the model the DeepEP rows
 * of validation/reference/collectives.csv check). A uniform all-to-all of every one of the k copies
 * ({@link ExpertExchange#exchangePs} without this) sends k·(n − D)/n copies of a token across where
 * these send (n/D − 1)·(1 − P_miss): at EP32 over four 8-GPU nodes and 288 expert slots, 7 against 2.7.
 *
 * <p>The cost of one MoE layer's dispatch plus combine for T tokens per rank is the line
 * t(T) = α + β·T through the two kernels run on the pool's fabric at {@link #SMALL_TOKENS} and
 * {@link #LARGE_TOKENS} tokens per rank (each run includes the kernels' fixed cost): the traffic is
 * linear in T. O(1) per call; the fit runs four flow simulations over the pool's EP ranks.
 *
 * @param alphaPs          fixed cost of a dispatch plus a combine, picoseconds
 * @param psPerToken       cost per token of the rank, picoseconds
 * @param crossBytesPerToken bytes of one token's dispatch plus combine that leave its scale-up domain
 */
record NormalKernelExchange(double alphaPs, double psPerToken, double crossBytesPerToken) {
    /** A decode-sized batch per rank. */
    static final int SMALL_TOKENS = 128;
    /** A long prefill batch per rank (DeepSeek's profiled 16K tokens per GPU). */
    static final int LARGE_TOKENS = 16_384;

    /** Dispatch plus combine of {@code tokens} tokens per rank, picoseconds. */
    double timePs(double tokens) {
        return alphaPs + psPerToken * tokens;
    }

    /**
     * Fits the normal kernels of {@code model} with {@code expertSlots} experts (redundant ones
     * included) over the first {@code ranks} accelerators of {@code cluster}'s {@code topology}; null
     * when the slots do not divide evenly over the ranks (the uniform all-to-all then stays).
     *
     * @param fp8Dispatch the dispatch carries FP8 (with one scale per 128 channels), else BF16
     */
    static NormalKernelExchange fit(ClusterTopology topology, ClusterSpec cluster, Calibration calibration, int ranks,
            TransformerSpec model, int expertSlots, boolean fp8Dispatch) {
        if (ranks < 2 || expertSlots % ranks != 0) {
            return null;
        }
        CollectiveRequest request = CollectiveFit.onFabric(CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, 0, ranks),
                cluster);
        double small = layerPs(topology, calibration, ranks, model, expertSlots, fp8Dispatch, SMALL_TOKENS, request);
        double large = layerPs(topology, calibration, ranks, model, expertSlots, fp8Dispatch, LARGE_TOKENS, request);
        double perToken = Math.max(0, (large - small) / (LARGE_TOKENS - SMALL_TOKENS));
        ExpertKernels one = new ExpertKernels(false, 1, model.hidden(), model.topK(), expertSlots, fp8Dispatch);
        double crossBytes = one.crossDomainCopiesPerToken(ranks, topology.domainSize())
                * (one.copyBytes(true) + one.copyBytes(false));
        return new NormalKernelExchange(Math.max(0, small - perToken * SMALL_TOKENS), perToken, crossBytes);
    }

    private static double layerPs(ClusterTopology topology, Calibration calibration, int ranks, TransformerSpec model,
            int expertSlots, boolean fp8Dispatch, int tokens, CollectiveRequest request) {
        ExpertKernels kernels = new ExpertKernels(false, tokens, model.hidden(), model.topK(), expertSlots, fp8Dispatch);
        return 1e12 * (kernels.run(topology, ranks, true, request, calibration.expertKernelFixedPs()).timeSeconds()
                + kernels.run(topology, ranks, false, request, calibration.expertKernelFixedPs()).timeSeconds());
    }
}
