package org.fabricsim.runtime.collective;

import java.util.Arrays;

import org.fabricsim.runtime.topology.AggregationTrees;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.ScaleUpParameters;

/**
 * NCCL's CollNet all-reduces across N scale-up domains of k GPUs each (n = N·k ranks), on a
 * scale-out fabric whose switches reduce (SHARP; NCCL 2.30.7 {@code src/device/all_reduce.h},
 * {@code RunWorkColl<ncclFuncAllReduce, …, NCCL_ALGO_COLLNET_DIRECT / NCCL_ALGO_COLLNET_CHAIN,
 * NCCL_PROTO_SIMPLE>}). Both run one pipelined phase whose flows are the pipeline's steady state:
 *
 * <ul>
 * <li><b>Direct</b>: local GPU j is the head of slice j (one NIC per GPU). Every GPU sends each of
 * the k − 1 other heads their slice of S/k over the scale-up switch, every head streams its slice up
 * aggregation tree j and receives the sum, and sends it to the k − 1 others.</li>
 * <li><b>Chain</b>: channel c (one per NIC) chains the local GPUs c+1, c+2, …, c (mod k); each edge
 * carries S/k towards the head c (reduce) and S/k back (broadcast); head c streams its S/k up
 * aggregation tree c.</li>
 * </ul>
 * Per GPU: 2(k−1)/k·S over the scale-up link each way; per NIC: S/k up and S/k down, half of a ring's
 * 2(n−1)/n·S/k. Each tree link carries S/k once, whatever the number of nodes below it
 * ({@link AggregationTrees}), so an oversubscribed tier costs nothing. T ≈ max(2(k−1)/k·S/B_up,
 * S/(k·B_nic)) + the tree's depth in flight (logarithmic in the nodes: a fat tree's tiers) + NCCL's
 * CollNet latency ({@link NcclTuning#collNetLatencyPs}). O(N·k² + k·N·hops) transfers.
 */
final class CollNetSchedules {
    /** The most local ranks CollNet runs with: NCCL_MAX_DIRECT_ARITY (7) + 1 ({@code enqueue.cc}). */
    static final int MAX_LOCAL_RANKS = 8;
    private CollNetSchedules() {
    }

    /**
     * Whether {@code algorithm} can run an all-reduce over the first {@code ranks} of {@code
     * accelerators} (null: accelerators 0 … ranks − 1): whole domains, at least two, switches that
     * reduce with trees to spare, at most 8 GPUs per domain (NCCL skips both above {@code
     * NCCL_MAX_DIRECT_ARITY + 1} local ranks, {@code enqueue.cc}); CollNet-direct also needs a switched
     * domain (NCCL disables it without NVSwitch, {@code tuning.cc}).
     */
    static boolean applicable(ClusterTopology topology, int ranks, Algorithm algorithm, int[] accelerators) {
        int k = topology.domainSize();
        if (!topology.scaleOutReduces() || ranks % k != 0 || ranks / k < 2 || k > MAX_LOCAL_RANKS) {
            return false;
        }
        if (algorithm == Algorithm.COLLNET_DIRECT && topology.scaleUpKind() != ScaleUpParameters.Kind.SWITCHED) {
            return false;
        }
        return new AggregationTrees(topology).allocateJob(placement(ranks, accelerators), k);
    }

    /** The all-reduce of {@code sizeBytes} per rank; transfers between GPUs are in ranks, trees placed. */
    static Schedule allReduce(ClusterTopology topology, long sizeBytes, int ranks, boolean chain,
            int[] accelerators) {
        int k = topology.domainSize();
        int domains = ranks / k;
        double sliceBytes = (double) sizeBytes / k;
        Schedule schedule = new Schedule();
        schedule.phase(1, 0, -1);
        for (int d = 0; d < domains; d++) {
            int base = d * k;
            for (int c = 0; c < k; c++) {
                for (int step = 1; step < k; step++) {
                    if (chain) {
                        int from = base + (c + step) % k;
                        int to = base + (c + step + 1) % k;
                        schedule.send(from, to, sliceBytes, c);
                        schedule.send(to, from, sliceBytes, c);
                    } else {
                        int other = base + (c + step) % k;
                        schedule.send(other, base + c, sliceBytes, c);
                        schedule.send(base + c, other, sliceBytes, c);
                    }
                }
            }
        }
        long depthPs = 0;
        for (int tree = 0; tree < k; tree++) {
            int[] heads = AggregationTrees.heads(placement(ranks, accelerators), k, tree);
            for (int link : AggregationTrees.links(topology, heads, tree)) {
                schedule.transfer(Schedule.AGGREGATE, link, link, sliceBytes, tree);
            }
            depthPs = Math.max(depthPs, AggregationTrees.depthLatencyPs(topology, heads, tree));
        }
        return schedule.addFixedLatency(depthPs);
    }

    /** {@code accelerators}, or 0 … ranks − 1 when null. */
    private static int[] placement(int ranks, int[] accelerators) {
        if (accelerators != null) {
            return accelerators;
        }
        int[] identity = new int[ranks];
        Arrays.setAll(identity, i -> i);
        return identity;
    }
}
