package org.fabricsim.runtime.collective;

import java.util.List;

import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * The schedule of a user-defined collective: its phases one after the other, each phase the
 * built-in schedule of its operation and algorithm for one group of its {@link PhaseScope},
 * replicated onto every group at once (group member m plays rank m).
 *
 * <p>Sizes follow the data as it flows, with nccl-tests semantics per phase: a phase runs on the
 * s bytes each rank holds (s = S at the start); after a reduce-scatter over g ranks each holds
 * s/g, an all-gather over g ranks runs on (and leaves) g·s; the other operations keep s. Hence
 * reduce-scatter within domains, all-reduce per rail, all-gather within domains is the
 * hierarchical all-reduce. Pattern keys of phase i are offset by i so that only identical steps
 * share a solve. O(total transfers).
 */
final class PhasedSchedules {
    private PhasedSchedules() {
    }

    static Schedule schedule(ClusterTopology topology, CollectiveRequest request, List<CollectivePhase> phases) {
        if (request.trafficMatrixBytes() != null) {
            throw new IllegalArgumentException("a user-defined collective runs uniform sizes, not a traffic matrix");
        }
        Schedule schedule = new Schedule();
        double holdBytes = request.sizeBytes();
        for (int index = 0; index < phases.size(); index++) {
            CollectivePhase phase = phases.get(index);
            int[][] groups = phase.scope().groups(request.ranks(), topology.domainSize());
            int size = groups[0].length;
            double phaseBytes = phase.operation() == CollectiveOperation.ALL_GATHER ? holdBytes * size : holdBytes;
            if (size > 1) {
                CollectiveRequest group = CollectiveRequest.of(phase.operation(), Math.round(phaseBytes), size)
                        .withChannels(request.channels()).withPipelineChunkBytes(request.pipelineChunkBytes())
                        .withStepOverheads(request.stepOverheads()).withRouting(request.routing())
                        .withNetwork(request.network()).withSeed(request.seed());
                Algorithm algorithm = algorithm(topology, phase, group);
                append(schedule, AlgorithmSelector.schedule(topology, group, algorithm), groups, index);
            }
            if (phase.operation() == CollectiveOperation.REDUCE_SCATTER) {
                holdBytes /= size;
            } else if (phase.operation() == CollectiveOperation.ALL_GATHER) {
                holdBytes = phaseBytes;
            }
        }
        return schedule;
    }

    private static Algorithm algorithm(ClusterTopology topology, CollectivePhase phase, CollectiveRequest group) {
        boolean domain = phase.scope() == PhaseScope.WITHIN_DOMAIN;
        if (phase.algorithm() == Algorithm.IN_NETWORK && !domain) {
            throw new IllegalArgumentException("in-switch reduction runs within a scale-up domain, not " + phase.scope());
        }
        if (phase.algorithm() != Algorithm.AUTO) {
            return phase.algorithm();
        }
        if (domain) {
            return CollectiveEngine.select(topology, group);
        }
        return group.operation() == CollectiveOperation.ALL_TO_ALL || group.operation() == CollectiveOperation.SEND_RECV
                ? Algorithm.DIRECT : Algorithm.RING;
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
