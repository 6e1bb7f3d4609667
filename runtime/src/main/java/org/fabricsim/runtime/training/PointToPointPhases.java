package org.fabricsim.runtime.training;

import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;

/**
 * The exchanges of a {@link FabricCollectiveTimer} that are point-to-point sends rather than ring collectives: the
 * pipeline sends between adjacent stages and the expert all-to-all. Each is one phase of the flow model built by
 * {@link FabricPatterns} and solved whole, once per distinct size ({@link SolvedPatterns#once}), except that the
 * analytical network's one pipeline-send pattern is solved once and scaled by size (its flows run at fixed rates).
 * A pipeline send pays the network's step latency when it leaves its domain. The count methods add the solved
 * phase's link bytes, scaled, to the run's traffic. O(1) per lookup once solved, O(links) per count.
 */
final class PointToPointPhases {
    /** The analytical network's one pipeline-send pattern, scaled by size (its flows run at fixed rates). */
    private static final String PIPELINE_REFERENCE = "pp";

    private final Placement placement;
    private final NetworkKind network;
    private final FabricPatterns patterns;
    private final SolvedPatterns solved;
    /** By axis ordinal, the share of rank 0's ring hops that leave a scale-up domain. */
    private final double[] axisCrossingShare;

    /**
     * The phases of {@code placement}'s job built by {@code patterns} on {@code network}, solved into {@code solved};
     * {@code axisCrossingShare} as {@link DomainCrossings#axisCrossingShares}.
     */
    PointToPointPhases(Placement placement, NetworkKind network, FabricPatterns patterns, SolvedPatterns solved,
            double[] axisCrossingShare) {
        this.placement = placement;
        this.network = network;
        this.patterns = patterns;
        this.solved = solved;
        this.axisCrossingShare = axisCrossingShare;
    }

    /** The same phases for the next run, solved into {@code next} ({@link SolvedPatterns#nextRun}). */
    PointToPointPhases nextRun(SolvedPatterns next) {
        return new PointToPointPhases(placement, network, patterns, next, axisCrossingShare);
    }

    /** Seconds for every pipeline rank to send {@code bytes} to the next stage, all at once. */
    double pipelineSendSeconds(double bytes) {
        if (placement.size(Axis.PIPELINE) < 2 || !(bytes > 0)) {
            return 0;
        }
        if (network == NetworkKind.ANALYTICAL) {
            double reference = solved.referenceBytes(PIPELINE_REFERENCE, bytes);
            double referenceSeconds = pipelineSendSeconds(reference, PIPELINE_REFERENCE);
            double overhead = solved.stepOverheadSeconds(axisCrossingShare[Axis.PIPELINE.ordinal()] > 0 ? 1 : 0);
            return (referenceSeconds - overhead) * bytes / reference + overhead;
        }
        return pipelineSendSeconds(bytes, "pp " + bytes);
    }

    private double pipelineSendSeconds(double bytes, String patternKey) {
        return solved.once(patternKey, () -> patterns.pipelineSends(bytes),
                () -> axisCrossingShare[Axis.PIPELINE.ordinal()] > 0);
    }

    /**
     * The skewed all-to-all as one phase of the flow model: with L the busiest rank's load and L' the
     * others' ({@link ExpertRoutingSpec}), every rank sends L·B/G to the first member of its expert
     * group (that group's busiest rank) and L'·B/G to each other member, so the busiest receives
     * L·B and the others L'·B each; without drops every rank still sends B (L + (G − 1)·L' = G), so
     * the fabric carries the nominal total. The phase ends with its last flow, the busiest rank's
     * unless a shared link is slower. The combine is this pattern's transpose, the busiest rank
     * sending L·B; on links of equal rate both ways it takes the same time, so callers time both
     * with this pattern. Balanced (L = L' = 1) it is the uniform B/G to every member. With a {@code
     * dispatch} (DeepEP's kernels, {@link DeduplicatedDispatch#of}) each pair's bytes are weighted as it
     * says, by whether the pair shares a domain; null: uniform. One solve per (B, routing, dispatch).
     */
    double expertAllToAllSeconds(double bytesPerRank, ExpertRoutingSpec expertRouting,
            DeduplicatedDispatch dispatch) {
        int group = placement.expert();
        if (group < 2 || !(bytesPerRank > 0)) {
            return 0;
        }
        double toBusiest = expertRouting.busiestLoad() * bytesPerRank / group;
        double toOthers = expertRouting.otherLoad(group) * bytesPerRank / group;
        return solved.once(expertKey(bytesPerRank, expertRouting, dispatch),
                () -> patterns.expertAllToAll(toBusiest, toOthers, dispatch), patterns.crossings()::expertGroupsCrossDomains);
    }

    /** Adds {@code times} rounds of {@link #pipelineSendSeconds} to the link traffic. */
    void countPipelineSends(double bytes, double times) {
        if (times > 0 && pipelineSendSeconds(bytes) > 0) {
            boolean scaled = network == NetworkKind.ANALYTICAL;
            solved.count(scaled ? PIPELINE_REFERENCE : "pp " + bytes,
                    scaled ? times * bytes / solved.referenceBytes(PIPELINE_REFERENCE) : times);
        }
    }

    /** Adds {@code times} rounds of {@link #expertAllToAllSeconds} to the link traffic. */
    void countExpertAllToAll(double bytesPerRank, ExpertRoutingSpec expertRouting,
            DeduplicatedDispatch dispatch, double times) {
        if (times > 0 && expertAllToAllSeconds(bytesPerRank, expertRouting, dispatch) > 0) {
            solved.count(expertKey(bytesPerRank, expertRouting, dispatch), times);
        }
    }

    private static String expertKey(double bytesPerRank, ExpertRoutingSpec expertRouting, DeduplicatedDispatch dedup) {
        return "a2a " + bytesPerRank + " " + expertRouting + " " + dedup;
    }
}
