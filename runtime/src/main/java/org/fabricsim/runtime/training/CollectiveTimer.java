package org.fabricsim.runtime.training;

import java.util.Map;

import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;

/**
 * The communication times a training step needs, every group of an axis communicating at once
 * (identical DP replicas and stages are one computation, but the fabric carries all of them).
 */
public interface CollectiveTimer {
    /**
     * Seconds of one ring step along {@code axis}: every rank sends {@code bytesPerRank} to its
     * successor in its group, all groups at once, while every pipeline rank also sends {@code
     * pipelineBytes} to the next stage (0 for none); includes the per-step software latency.
     */
    double ringStepSeconds(Axis axis, double bytesPerRank, double pipelineBytes);

    /**
     * Seconds for every pipeline rank to send {@code bytes} to the next stage, all at once: the
     * pattern of the pipeline's fill (and, mirrored, of its drain), when sends are on the critical
     * path; in the steady state they overlap compute.
     */
    double pipelineSendSeconds(double bytes);

    /**
     * Seconds of a direct all-to-all in every expert group of G ranks, routed as {@code routing}
     * says: with balanced routing each rank sends {@code bytesPerRank} in total, B/G to every member;
     * the busiest rank of each group receives {@link ExpertRoutingSpec#busiestLoad} times the mean,
     * each other rank {@link ExpertRoutingSpec#otherLoad} times it. A non-null {@code dispatch}
     * ({@link DeduplicatedDispatch#of}, DeepEP's kernels) gives the pairs its deduplicated weights; a
     * timer without scale-up domains may time the uniform all-to-all.
     */
    double expertAllToAllSeconds(double bytesPerRank, ExpertRoutingSpec routing, DeduplicatedDispatch dispatch);

    /**
     * Seconds of a ring reduce-scatter or all-gather of {@code bufferBytes} (the full buffer) along
     * {@code axis}: (n − 1) steps of bufferBytes ÷ n.
     */
    default double ringSeconds(Axis axis, int ranks, double bufferBytes, double pipelineBytes) {
        if (ranks < 2 || !(bufferBytes > 0)) {
            return 0;
        }
        return (ranks - 1) * ringStepSeconds(axis, bufferBytes / ranks, pipelineBytes);
    }

    /**
     * Seconds of an all-reduce of {@code bufferBytes} along {@code axis}: a reduce-scatter and an all-gather of
     * {@link #ringSeconds} plus NCCL's ring plateau ({@link #allReducePlateauSeconds}); 0 for one rank or no bytes.
     */
    default double allReduceSeconds(Axis axis, int ranks, double bufferBytes, double pipelineBytes) {
        if (ranks < 2 || !(bufferBytes > 0)) {
            return 0;
        }
        return 2 * ringSeconds(axis, ranks, bufferBytes, pipelineBytes) + allReducePlateauSeconds(axis, ranks);
    }

    /**
     * Seconds NCCL's "plateau effect of ring" adds to a Simple ring all-reduce of {@code ranks} along {@code axis}
     * (a reduce-scatter and an all-gather of {@link #ringSeconds}, 2(n − 1) steps) when the ring leaves a scale-up
     * domain: NCCL multiplies such an all-reduce's latency by a factor (src/graph/tuning.cc, ncclTopoGetAlgoTime),
     * as the collective engine does ({@link org.fabricsim.runtime.collective.StepOverheads#ringPlateau}). Default 0,
     * for timers without NCCL's step latencies.
     */
    default double allReducePlateauSeconds(Axis axis, int ranks) {
        return 0;
    }

    /** {@link #allReducePlateauSeconds} of an all-reduce over the expert data-parallel groups of {@code ranks}. */
    default double expertDataAllReducePlateauSeconds(int ranks) {
        return 0;
    }

    /**
     * Seconds of a ring reduce-scatter or all-gather of {@code bufferBytes} over the expert data-parallel groups of
     * {@code ranks} ({@link Placement#expertData}: the ranks of a stage holding the same experts, over which the
     * expert weights' gradients reduce and their optimizer shards). Default: a ring along the data axis, for timers
     * that do not place the groups.
     */
    default double expertDataRingSeconds(int ranks, double bufferBytes, double pipelineBytes) {
        return ringSeconds(Axis.DATA, ranks, bufferBytes, pipelineBytes);
    }

    /** Adds {@code times} rings of {@link #expertDataRingSeconds} to the link traffic. */
    default void countExpertDataRing(int ranks, double bufferBytes, double pipelineBytes, double times) {
        countRing(Axis.DATA, ranks, bufferBytes, pipelineBytes, times);
    }

    /**
     * Adds {@code steps} ring steps of {@link #ringStepSeconds} (its pipeline sends not counted)
     * to the step's link traffic. Default: no traffic is kept.
     */
    default void countRingSteps(Axis axis, double bytesPerRank, double pipelineBytes, double steps) {
    }

    /**
     * Adds {@code times} data-parallel calls of {@code operation} (reduce-scatter, all-gather or all-reduce) of
     * {@code bufferBytes} over groups of {@code ranks} to the link traffic. Default: the rings', one ring for a
     * reduce-scatter or all-gather and two for an all-reduce ({@link #countRing}).
     */
    default void countDataParallel(CollectiveOperation operation, int ranks, double bufferBytes, double pipelineBytes,
            double times) {
        countRing(Axis.DATA, ranks, bufferBytes, pipelineBytes,
                operation == CollectiveOperation.ALL_REDUCE ? 2 * times : times);
    }

    /** Adds {@code times} ring reduce-scatters or all-gathers of {@link #ringSeconds} to the link traffic. */
    default void countRing(Axis axis, int ranks, double bufferBytes, double pipelineBytes, double times) {
        if (ranks >= 2 && bufferBytes > 0 && times > 0) {
            countRingSteps(axis, bufferBytes / ranks, pipelineBytes, (ranks - 1) * times);
        }
    }

    /** Adds {@code times} rounds of {@link #pipelineSendSeconds} to the link traffic. */
    default void countPipelineSends(double bytes, double times) {
    }

    /** Adds {@code times} rounds of {@link #expertAllToAllSeconds} to the link traffic. */
    default void countExpertAllToAll(double bytesPerRank, ExpertRoutingSpec routing, DeduplicatedDispatch dispatch,
            double times) {
    }

    /**
     * Per link tier, the summary of each link's average utilization over {@code stepSeconds} under
     * the counted traffic (see {@link LinkTraffic}); empty when the timer keeps no traffic.
     */
    default Map<String, TierUtilization> linkUtilization(double stepSeconds) {
        return Map.of();
    }

    /** Discrete events the network model processed in every solve so far (0 without one). */
    default long eventsFired() {
        return 0;
    }

    /** Flows the network model started in every solve so far (0 without one). */
    default long flowsStarted() {
        return 0;
    }
}
