package org.fabricsim.runtime.collective;

import java.util.List;

import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.ScaleUpParameters;

/**
 * The schedule of a user-defined collective: its phases one after the other, each phase the
 * built-in schedule of its operation and algorithm for one group of its {@link PhaseScope},
 * replicated onto every group at once (group member m plays rank m). Groups are by node (k
 * accelerators per node, from the cluster spec), not by scale-up domain: a within-node phase on
 * nodes without a scale-up domain runs NIC → switch → NIC, as the topology's router routes it.
 *
 * <p>Sizes follow the data as it flows, with nccl-tests semantics per phase: a phase runs on the
 * s bytes each rank holds (s = S at the start); after a reduce-scatter over g ranks each holds
 * s/g, an all-gather over g ranks runs on (and leaves) g·s; a scatter leaves s/g too and a gather runs on g·s (each
 * member's s to the group's first member, which then holds g·s), as nccl-tests sizes them; the other operations keep
 * s. Hence
 * reduce-scatter within nodes, all-reduce per rail, all-gather within nodes is the hierarchical
 * all-reduce. Pattern keys of phase i are offset by i so that only identical steps share a solve.
 * In-network reduction runs within a node only, and only where a reducing scale-up switch spans
 * the node. O(total transfers).
 */
final class PhasedSchedules {
    private PhasedSchedules() {
    }

    /** The schedule of {@code phases} for {@code request}'s ranks on nodes of {@code acceleratorsPerNode}. */
    static Schedule schedule(ClusterTopology topology, CollectiveRequest request, List<CollectivePhase> phases,
            int acceleratorsPerNode) {
        if (request.trafficMatrixBytes() != null) {
            throw new IllegalArgumentException("a user-defined collective runs uniform sizes, not a traffic matrix");
        }
        Schedule schedule = new Schedule();
        double holdBytes = request.sizeBytes();
        for (int index = 0; index < phases.size(); index++) {
            CollectivePhase phase = phases.get(index);
            int[][] groups = phase.scope().groups(request.ranks(), acceleratorsPerNode);
            int size = groups[0].length;
            boolean gathers = phase.operation() == CollectiveOperation.ALL_GATHER
                    || phase.operation() == CollectiveOperation.GATHER;
            double phaseBytes = gathers ? holdBytes * size : holdBytes;
            if (size > 1) {
                CollectiveRequest group = CollectiveRequest.of(phase.operation(), Math.round(phaseBytes), size)
                        .withChannels(request.channels()).withPipelineChunkBytes(request.pipelineChunkBytes())
                        .withStepOverheads(request.stepOverheads()).withRouting(request.routing())
                        .withNetwork(request.network()).withSeed(request.seed())
                        .withFabricBehaviour(request.fabricBehaviour());
                Algorithm algorithm = algorithm(topology, phase, group);
                append(schedule, AlgorithmSelector.schedule(topology, group, algorithm, null), groups, index);
            }
            if (phase.operation() == CollectiveOperation.REDUCE_SCATTER
                    || phase.operation() == CollectiveOperation.SCATTER) {
                holdBytes /= size;
            } else if (gathers) {
                holdBytes = phaseBytes;
            }
        }
        return schedule;
    }

    private static Algorithm algorithm(ClusterTopology topology, CollectivePhase phase, CollectiveRequest group) {
        if (phase.algorithm() == Algorithm.IN_NETWORK) {
            requireReducingSwitch(topology, phase, group.ranks());
        }
        if (phase.algorithm().collNet()) {
            throw new IllegalArgumentException("phase " + phase.operation().label() + " " + phase.algorithm().label()
                    + ": CollNet is a whole all-reduce across nodes; give it as the collective's algorithm, not a"
                    + " phase's");
        }
        if (phase.algorithm() != Algorithm.AUTO) {
            return phase.algorithm();
        }
        if (phase.scope() == PhaseScope.WITHIN_NODE) {
            return CollectiveEngine.select(topology, group);
        }
        return Algorithm.RING.serves(group.operation()) ? Algorithm.RING : Algorithm.DIRECT;
    }

    /**
     * Refuses in-network reduction unless the phase is within-node and a reducing scale-up switch
     * spans each node's {@code nodeRanks} accelerators (domains are aligned blocks, so a domain size
     * that is a multiple of the node's covers it).
     */
    private static void requireReducingSwitch(ClusterTopology topology, CollectivePhase phase, int nodeRanks) {
        String what = "phase " + phase.operation().label() + " " + phase.algorithm().label() + " "
                + phase.scope().label() + ": ";
        if (phase.scope() != PhaseScope.WITHIN_NODE) {
            throw new IllegalArgumentException(what + "in-network reduction runs inside a node's scale-up switches;"
                    + " use within-node, or another algorithm for " + phase.scope().label());
        }
        boolean covered = topology.scaleUpKind() == ScaleUpParameters.Kind.SWITCHED
                && topology.domainSize() % nodeRanks == 0 && topology.domainReduces(0);
        if (!covered) {
            throw new IllegalArgumentException(what + "in-network reduction needs a scale-up switch that reduces and"
                    + " spans the node's " + nodeRanks + " accelerators, but the cluster has " + topology.describe()
                    + "; use ring or another algorithm");
        }
    }

    /** Appends every phase of {@code part} once, with its transfers copied onto every group. */
    private static void append(Schedule schedule, Schedule part, int[][] groups, int index) {
        for (int p = 0; p < part.phaseCount(); p++) {
            long key = part.patternKey(p);
            schedule.phase(part.repeat(p), key < 0 ? -1 : ((long) (index + 1) << 32) + key);
            for (int[] group : groups) {
                for (int t = part.firstTransfer(p); t < part.endTransfer(p); t++) {
                    schedule.transfer(part.kind(t), group[part.source(t)], group[part.destination(t)], part.bytes(t),
                            part.channel(t));
                }
            }
        }
    }
}
