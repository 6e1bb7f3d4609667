package org.fabricsim.runtime.training;

import java.util.function.IntBinaryOperator;

import org.fabricsim.runtime.collective.Generation;
import org.fabricsim.runtime.collective.MeshRings;
import org.fabricsim.runtime.fabricbehaviour.FabricBehaviour;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.TorusShape;

/**
 * The step patterns {@link FabricCollectiveTimer} solves, each built as one {@link FabricPhase}
 * of concurrent transfers (class {@link #FOREGROUND} timed, class {@link #BACKGROUND} only sharing
 * the links): a ring step along an axis or over the expert data-parallel groups, a step of the
 * bidirectional rings along a torus dimension, the pipeline sends between consecutive stages, and
 * the expert all-to-all. A transfer between scale-up domains is spread over the scale-out fabric's
 * flows per peer. Building a
 * pattern costs O(ranks) transfers on the flow model; on the analytical one, where groups never
 * contend, only the group of rank 0 is built ({@link #represents}), O(group).
 */
final class FabricPatterns {
    static final int FOREGROUND = 0;
    static final int BACKGROUND = 1;

    private final ClusterTopology topology;
    private final Placement placement;
    private final RoutingMode routing;
    private final long seed;
    private final NetworkKind network;
    private final FabricBehaviour behaviour;
    private final int flowsPerPeer;
    /** Rank r's accelerator, or null when rank r runs on accelerator r. */
    private final int[] accelerators;
    /** The accelerators' generation, which picks a full mesh's rings ({@link MeshRings#successors}). */
    private final Generation generation;
    private final DomainCrossings crossings;

    FabricPatterns(ClusterTopology topology, Placement placement, RoutingMode routing, long seed, NetworkKind network,
            FabricBehaviour behaviour, int flowsPerPeer, int[] accelerators, Generation generation) {
        this.topology = topology;
        this.placement = placement;
        this.routing = routing;
        this.seed = seed;
        this.network = network;
        this.behaviour = behaviour;
        this.flowsPerPeer = flowsPerPeer;
        this.accelerators = accelerators;
        this.generation = generation;
        this.crossings = new DomainCrossings(topology, placement);
    }

    /** How the patterns' rings and expert groups cross scale-up domains. */
    DomainCrossings crossings() {
        return crossings;
    }

    /**
     * One ring step along {@code axis}: every rank sends {@code bytesPerRank} to its successor
     * (across a domain boundary as NCCL's channels, {@link #addDomainCrossing}; inside one full-mesh
     * domain 1/R of it along each of the mesh's R link-disjoint rings, and over whole domains of 8 CDNA3 GPUs 1/8
     * along each of RCCL's paths, {@link #meshSuccessors}), with
     * the pipeline sends of {@code pipelineBytes} in the background on the flow model.
     */
    FabricPhase ringStep(Axis axis, double bytesPerRank, double pipelineBytes) {
        FabricPhase phase = newPhase();
        int n = placement.accelerators();
        int[][] meshSuccessors = meshSuccessors(axis);
        boolean acrossDomains = meshSuccessors != null && placement.size(axis) > topology.domainSize();
        IntBinaryOperator shift = (r, j) -> placement.shift(r, axis, j);
        for (int rank = 0; rank < n; rank++) {
            if (!represents(rank, axis)) {
                continue;
            }
            int next = placement.shift(rank, axis, 1);
            if (meshSuccessors != null && (acrossDomains || crossings.crossingHops(rank, placement.size(axis), shift) == 0)) {
                int position = placement.coordinate(rank, axis);
                for (int[] successor : meshSuccessors) {
                    int target = placement.shift(rank, axis, successor[position] - position);
                    phase.add(rank, target, bytesPerRank / meshSuccessors.length,
                            topology.sameDomain(rank, target) ? 1 : flowsPerPeer, FOREGROUND);
                }
            } else if (topology.sameDomain(rank, next)) {
                phase.add(rank, next, bytesPerRank, 1, FOREGROUND);
            } else {
                addDomainCrossing(phase, rank, next, placement.size(axis), shift, bytesPerRank);
            }
        }
        return withPipelineSends(phase, pipelineBytes);
    }

    /**
     * One ring step of the expert data-parallel groups ({@link Placement#expertDataShift}): every rank sends {@code
     * bytesPerRank} to its successor there, across a domain boundary as NCCL's channels ({@link #addDomainCrossing}),
     * with the pipeline sends of {@code pipelineBytes} in the background on the flow model.
     */
    FabricPhase expertDataRingStep(double bytesPerRank, double pipelineBytes) {
        FabricPhase phase = newPhase();
        int n = placement.accelerators();
        for (int rank = 0; rank < n; rank++) {
            if (network != NetworkKind.MAX_MIN && (placement.coordinate(rank, Axis.PIPELINE) != 0
                    || placement.foldedIndex(rank) % placement.expert() != 0)) {
                continue;
            }
            int next = placement.expertDataShift(rank, 1);
            if (topology.sameDomain(rank, next)) {
                phase.add(rank, next, bytesPerRank, 1, FOREGROUND);
            } else {
                addDomainCrossing(phase, rank, next, placement.expertData(), placement::expertDataShift, bytesPerRank);
            }
        }
        return withPipelineSends(phase, pipelineBytes);
    }

    /**
     * On a full-mesh scale-up domain, the successor tables of the mesh's rings over an axis group of g ranks ({@link
     * MeshRings#successors}: the link-disjoint directed rings, or RCCL's 14 on 8 CDNA3 GPUs), so that a step inside
     * one domain sends 1/R of the rank's bytes along each of the R rings, as the collective engine's ring deals its
     * channels; across whole domains of 8 CDNA3 GPUs RCCL's 8 paths of {@code rome_model_81}, each crossing to the
     * next node rail to rail, 1/8 of the bytes on each, as the benchmarks' rings do ({@link #wholeDomains}); null on
     * any other scale-up, where the group exceeds a domain otherwise, or lies across domains in another layout.
     */
    private int[][] meshSuccessors(Axis axis) {
        int g = placement.size(axis);
        int[][] successors = MeshRings.successors(topology, g, generation);
        return successors != null && g > topology.domainSize() && !wholeDomains(axis) ? null : successors;
    }

    /**
     * Whether rank 0's group along {@code axis} (the others are translates of it) holds whole domains in position
     * order, members 8·n … 8·n + 7 one domain, and the members at the same place of every domain on one local index
     * (one NIC rail), so RCCL's paths over positions cross between domains rail to rail. O(g).
     */
    private boolean wholeDomains(Axis axis) {
        int g = placement.size(axis);
        int k = topology.domainSize();
        for (int j = 0; j < g; j++) {
            int member = placement.shift(0, axis, j);
            int first = placement.shift(0, axis, j - j % k);
            int sameRail = placement.shift(0, axis, j % k);
            if (!topology.sameDomain(member, first) || member % k != sameRail % k) {
                return false;
            }
        }
        return true;
    }

    /**
     * One step of the bidirectional rings along torus {@code dimension}: every rank of the axis's
     * groups sends half of {@code bytesPerRank} to its + neighbour and half to its − neighbour,
     * with the pipeline sends in the background on the flow model.
     */
    FabricPhase torusStep(Axis axis, int dimension, double bytesPerRank, double pipelineBytes) {
        TorusShape torus = topology.torusShape();
        FabricPhase phase = newPhase();
        int n = placement.accelerators();
        for (int rank = 0; rank < n; rank++) {
            if (represents(rank, axis)) {
                phase.add(rank, torus.neighbour(rank, dimension, 1), bytesPerRank / 2, 1, FOREGROUND);
                phase.add(rank, torus.neighbour(rank, dimension, -1), bytesPerRank / 2, 1, FOREGROUND);
            }
        }
        return withPipelineSends(phase, pipelineBytes);
    }

    /** Every stage but the last sends {@code bytes} to the next, in the foreground. */
    FabricPhase pipelineSends(double bytes) {
        FabricPhase phase = newPhase();
        addPipelineSends(phase, bytes, FOREGROUND);
        return phase;
    }

    /**
     * The skewed all-to-all ({@link FabricCollectiveTimer#expertAllToAllSeconds}): every rank sends
     * {@code toBusiest} to the first member of its expert group and {@code toOthers} to each other,
     * each weighted by {@code dedup} (null: uniform) by whether the member shares the rank's domain; with a
     * {@code dedup} the copies for a member of another domain cross the network to the rank's peer there
     * ({@link DeduplicatedDispatch#networkPeers}), on the rank's own rail.
     */
    FabricPhase expertAllToAll(double toBusiest, double toOthers, DeduplicatedDispatch dedup) {
        FabricPhase phase = newPhase();
        int n = placement.accelerators();
        for (int rank = 0; rank < n; rank++) {
            int[] members = placement.expertGroup(rank);
            int[] domains = new int[members.length];
            int local = 0;
            int self = 0;
            for (int j = 0; j < members.length; j++) {
                domains[j] = members[j] / topology.domainSize();
                local += topology.sameDomain(rank, members[j]) ? 1 : 0;
                self = members[j] == rank ? j : self;
            }
            double remoteWeight = dedup == null ? 1 : dedup.remoteWeight(members.length, local);
            double localWeight = dedup == null ? 1 : dedup.localWeight(members.length, local);
            int[] peers = dedup == null ? null : DeduplicatedDispatch.networkPeers(domains, self);
            double[] sent = new double[members.length];
            for (int j = 0; j < members.length; j++) {
                double weight = topology.sameDomain(rank, members[j]) ? localWeight : remoteWeight;
                sent[peers == null ? j : peers[j]] += weight * (j == 0 ? toBusiest : toOthers);
            }
            for (int j = 0; j < members.length; j++) {
                phase.add(rank, members[j], sent[j], 1, FOREGROUND);
            }
        }
        return phase;
    }

    private FabricPhase newPhase() {
        return new FabricPhase(topology, routing, seed, network, behaviour, accelerators);
    }

    /** {@code phase} with the pipeline sends in the background on the flow model (analytical classes never contend). */
    private FabricPhase withPipelineSends(FabricPhase phase, double pipelineBytes) {
        if (network == NetworkKind.MAX_MIN) {
            addPipelineSends(phase, pipelineBytes, BACKGROUND);
        }
        return phase;
    }

    /**
     * The ring edge from the last group member of one scale-up domain to the first of the next,
     * as NCCL lays out multi-channel rings: with k members of the group in the domain, k channels
     * each leave through a different member's NIC, so the edge's bytes go as k transfers of 1/k
     * from the j-th member of this domain to the j-th of the next (same local index, same rail). {@code shift}
     * gives the group member a number of steps from a rank.
     */
    private void addDomainCrossing(FabricPhase phase, int rank, int next, int groupSize, IntBinaryOperator shift,
            double bytes) {
        int first = rank;
        int k = 1;
        while (k < groupSize && topology.sameDomain(shift.applyAsInt(first, -1), rank)) {
            first = shift.applyAsInt(first, -1);
            k++;
        }
        for (int j = 0; j < k; j++) {
            phase.add(shift.applyAsInt(first, j), shift.applyAsInt(next, j), bytes / k, flowsPerPeer, FOREGROUND);
        }
    }

    private void addPipelineSends(FabricPhase phase, double bytes, int transferClass) {
        if (placement.size(Axis.PIPELINE) < 2 || !(bytes > 0)) {
            return;
        }
        int stages = placement.size(Axis.PIPELINE);
        int n = placement.accelerators();
        for (int rank = 0; rank < n; rank++) {
            int stage = placement.coordinate(rank, Axis.PIPELINE);
            if (stage + 1 < stages && represents(rank, Axis.PIPELINE)) {
                int next = placement.shift(rank, Axis.PIPELINE, 1);
                phase.add(rank, next, bytes, connections(rank, next), transferClass);
            }
        }
    }

    /**
     * Whether {@code rank}'s transfers along {@code axis} are solved: every rank's on the flow model;
     * on the analytical one, where groups never contend, only those of the group of rank 0 (the
     * groups are translates of it on the same tiers), so a pattern costs O(group) instead of O(ranks).
     */
    private boolean represents(int rank, Axis axis) {
        if (network == NetworkKind.MAX_MIN) {
            return true;
        }
        for (Axis other : Axis.values()) {
            if (other != axis && placement.coordinate(rank, other) != 0) {
                return false;
            }
        }
        return true;
    }

    private int connections(int src, int dst) {
        return topology.sameDomain(src, dst) ? 1 : flowsPerPeer;
    }
}
