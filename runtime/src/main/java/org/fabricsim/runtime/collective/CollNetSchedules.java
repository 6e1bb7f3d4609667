package org.fabricsim.runtime.collective;

import java.util.Arrays;

import org.fabricsim.runtime.topology.AggregationTrees;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.ScaleUpParameters;

/**
 * NCCL's CollNet collectives across N nodes of k ranks each (n = N·k ranks, k from the ranks' placement:
 * a data-parallel group of one GPU per node has k = 1), on a scale-out fabric whose switches reduce
 * (SHARP; NCCL 2.30.7 {@code src/device/all_reduce.h}, {@code reduce_scatter.h}, {@code all_gather.h},
 * {@code RunWorkColl<…, NCCL_ALGO_COLLNET_DIRECT / NCCL_ALGO_COLLNET_CHAIN, NCCL_PROTO_SIMPLE>}). Each runs
 * one pipelined phase whose flows are the pipeline's steady state; local rank j heads rail j (one NIC per
 * GPU) and its NIC streams the rail's S/k up aggregation tree j:
 *
 * <ul>
 * <li><b>All-reduce, direct</b>: every GPU sends each of the k − 1 other heads their slice of S/k over the
 * scale-up switch, every head streams its slice up its tree and receives the sum, and sends it to the
 * k − 1 others. Per GPU 2(k−1)/k·S over the scale-up link each way; every tree link S/k.</li>
 * <li><b>All-reduce, chain</b>: channel c chains the local GPUs c+1, c+2, …, c (mod k); each edge carries
 * S/k towards the head c (reduce) and S/k back (broadcast).</li>
 * <li><b>Reduce-scatter</b> (direct only: NCCL's {@code tuning.cc} leaves ring, PAT, NVLS and CollNet-direct
 * to reduce-scatter and all-gather): every GPU sends each other head its rail's S/k, each head streams S/k
 * up ({@code Scatterer<false>}: nNodes·count elements per rail) and receives only its own rank's S/n (phase
 * 3, {@code ncclShmem.comm.node · countPerRank}). A link up the tree carries S/k, a link down it S/n for
 * each head below it ({@link AggregationTrees#directed}).</li>
 * <li><b>All-gather</b>: the mirror: each head sends its S/n up, every link up the tree S/n per head below
 * it, every link down S/k (multicast), and each head sends the rail's S/k to the k − 1 other GPUs.</li>
 * </ul>
 * Per NIC: the all-reduce S/k each way; the reduce-scatter S/k up and S/n down, the all-gather the reverse.
 * So with one GPU per node (k = 1) a reduce-scatter sends the whole buffer S through each NIC where a ring
 * sends (n − 1)/n·S: CollNet is slower by n/(n − 1) in bandwidth and faster only by its latency (NCCL's
 * tuner agrees: its CollNet-direct reduce-scatter bus bandwidth is ppn·min(bwIntra, 0.9·bwInter) against
 * the ring's n/(n − 1) conversion). T ≈ max(scale-up bytes/B_up, NIC bytes/B_nic) + the tree's depth in
 * flight + NCCL's CollNet latency ({@link NcclTuning#collNetLatencyPs}). O(N·k² + k·N·hops) transfers.
 */
final class CollNetSchedules {
    /** The most local ranks CollNet runs with: NCCL_MAX_DIRECT_ARITY (7) + 1 ({@code enqueue.cc}). */
    static final int MAX_LOCAL_RANKS = 8;
    private CollNetSchedules() {
    }

    /**
     * Whether {@code algorithm} can run over the first {@code ranks} of {@code accelerators} (null:
     * accelerators 0 … ranks − 1): nodes of equally many ranks ({@link #localRanks}), at least two
     * (NCCL_COLLNET_NODE_THRESHOLD, default 2, {@code init.cc}; the SHARP plugin's
     * SHARP_GROUP_SIZE_THRESH, default 2), at most 8 per node (NCCL skips both above {@code
     * NCCL_MAX_DIRECT_ARITY + 1} local ranks, {@code enqueue.cc}), switches that reduce with trees to
     * spare, placed as the aggregation manager spreads them ({@link AggregationTrees#allocateJob});
     * CollNet-direct also needs a switched domain (NCCL disables it without NVSwitch, {@code tuning.cc}).
     */
    static boolean applicable(ClusterTopology topology, int ranks, Algorithm algorithm, int[] accelerators) {
        int k = localRanks(topology, ranks, accelerators);
        return runsOn(topology, ranks, algorithm, k) && trees(topology, ranks, accelerators, k) != null;
    }

    /**
     * How many of {@code groups} (each its ranks' accelerators in rank order, all running at once) CollNet-direct
     * runs on ({@link #applicable}'s conditions) with trees the switches grant, asked for in turn and spread over
     * the roots ({@link AggregationTrees#allocateJob}). O(groups · k · R · heads · hops).
     */
    static int granted(ClusterTopology topology, int[][] groups) {
        int granted = 0;
        for (int[] choices : grants(topology, groups)) {
            granted += choices == null ? 0 : 1;
        }
        return granted;
    }

    /**
     * Bytes per link when every one of {@code groups} runs {@code operation} of {@code sizeBytes} per rank on
     * CollNet-direct at once, each on the trees granted to it ({@link #granted}'s order): each group's {@link
     * #schedule}, its tree transfers on their links and its sends inside a node on their route. Per NIC: the all-reduce
     * S/k each way, the reduce-scatter S/k up and S/n down, the all-gather the reverse; a tree link up S/k (S/n per
     * head below it for the all-gather), down the reverse. O(groups · (k² + k · heads · hops)).
     *
     * @throws IllegalArgumentException where the switches refuse some group its trees
     */
    static double[] linkBytes(ClusterTopology topology, CollectiveOperation operation, long sizeBytes,
            int[][] groups) {
        int[][] grants = grants(topology, groups);
        double[] bytes = new double[topology.graph().linkCount()];
        int[] path = new int[topology.maxRouteLinks()];
        for (int g = 0; g < groups.length; g++) {
            int[] group = groups[g];
            if (grants[g] == null) {
                throw new IllegalArgumentException("the switches grant no aggregation tree to data-parallel group "
                        + g + " of " + groups.length);
            }
            Schedule schedule = schedule(topology, operation, sizeBytes, group.length, false, group, grants[g]);
            for (int t = 0; t < schedule.endTransfer(schedule.phaseCount() - 1); t++) {
                if (schedule.kind(t) == Schedule.AGGREGATE) {
                    bytes[schedule.source(t)] += schedule.bytes(t);
                    continue;
                }
                int length = topology.route(group[schedule.source(t)], group[schedule.destination(t)],
                        (hop, firstLink, stride, candidates) -> 0, path);
                for (int l = 0; l < length; l++) {
                    bytes[path[l]] += schedule.bytes(t);
                }
            }
        }
        return bytes;
    }

    /** Each group's tree choices, granted in turn and spread over the roots, or null where refused. */
    private static int[][] grants(ClusterTopology topology, int[][] groups) {
        AggregationTrees trees = new AggregationTrees(topology);
        int[][] grants = new int[groups.length][];
        for (int g = 0; g < groups.length; g++) {
            int k = localRanks(topology, groups[g].length, groups[g]);
            grants[g] = runsOn(topology, groups[g].length, Algorithm.COLLNET_DIRECT, k)
                    ? trees.allocateJob(groups[g], k, true) : null;
        }
        return grants;
    }

    /** {@link #applicable}'s conditions but the trees, for {@code ranks} ranks {@code k} to a node. */
    private static boolean runsOn(ClusterTopology topology, int ranks, Algorithm algorithm, int k) {
        if (!topology.scaleOutReduces() || k == 0 || ranks / k < 2 || k > MAX_LOCAL_RANKS) {
            return false;
        }
        return algorithm != Algorithm.COLLNET_DIRECT || topology.scaleUpKind() == ScaleUpParameters.Kind.SWITCHED;
    }

    /**
     * The ranks per node of a group on {@code accelerators} (null: 0 … ranks − 1, whole domains): k when
     * ranks d·k … d·k + k − 1 share a scale-up domain for every d and consecutive blocks do not, else 0.
     * O(ranks).
     */
    static int localRanks(ClusterTopology topology, int ranks, int[] accelerators) {
        if (accelerators == null) {
            int k = topology.domainSize();
            return ranks % k == 0 ? k : 0;
        }
        int k = 1;
        while (k < ranks && topology.sameDomain(accelerators[0], accelerators[k])) {
            k++;
        }
        if (ranks % k != 0) {
            return 0;
        }
        for (int r = 1; r < ranks; r++) {
            boolean sameBlock = r % k != 0;
            if (topology.sameDomain(accelerators[r - 1], accelerators[r]) != sameBlock) {
                return 0;
            }
        }
        return k;
    }

    /**
     * The schedule of {@code operation} (all-reduce, reduce-scatter or all-gather) of {@code sizeBytes}
     * per rank; transfers between GPUs are in ranks, trees placed on the links the switches grant.
     */
    static Schedule schedule(ClusterTopology topology, CollectiveOperation operation, long sizeBytes, int ranks,
            boolean chain, int[] accelerators) {
        return schedule(topology, operation, sizeBytes, ranks, chain, accelerators,
                trees(topology, ranks, accelerators, localRanks(topology, ranks, accelerators)));
    }

    /** {@link #schedule} on the tree choices {@code choices}, one per local index. */
    private static Schedule schedule(ClusterTopology topology, CollectiveOperation operation, long sizeBytes,
            int ranks, boolean chain, int[] accelerators, int[] choices) {
        int k = localRanks(topology, ranks, accelerators);
        double railBytes = (double) sizeBytes / k;
        double rankBytes = (double) sizeBytes / ranks;
        boolean gathers = operation != CollectiveOperation.REDUCE_SCATTER;
        boolean reduces = operation != CollectiveOperation.ALL_GATHER;
        Schedule schedule = new Schedule();
        schedule.phase(1, 0, -1);
        for (int base = 0; base < ranks; base += k) {
            for (int c = 0; c < k; c++) {
                for (int step = 1; step < k; step++) {
                    int other = base + (c + step) % k;
                    int next = base + (c + step + 1) % k;
                    if (reduces) {
                        schedule.send(other, chain ? next : base + c, railBytes, c);
                    }
                    if (gathers) {
                        schedule.send(chain ? next : base + c, other, railBytes, c);
                    }
                }
            }
        }
        long depthPs = 0;
        int[] placement = placement(ranks, accelerators);
        for (int local = 0; local < k; local++) {
            int[] heads = AggregationTrees.heads(placement, k, local);
            for (boolean up : new boolean[] {true, false}) {
                int[][] links = AggregationTrees.directed(topology, heads, choices[local], up);
                boolean whole = up ? reduces : gathers;
                for (int i = 0; i < links[0].length; i++) {
                    double bytes = whole ? railBytes : links[1][i] * rankBytes;
                    schedule.transfer(Schedule.AGGREGATE, links[0][i], links[0][i], bytes, local);
                }
            }
            depthPs = Math.max(depthPs, AggregationTrees.depthLatencyPs(topology, heads, choices[local]));
        }
        return schedule.addFixedLatency(depthPs);
    }

    /** The tree choice the switches grant each local index of a lone group, or null when refused. */
    private static int[] trees(ClusterTopology topology, int ranks, int[] accelerators, int k) {
        return new AggregationTrees(topology).allocateJob(placement(ranks, accelerators), k, true);
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
