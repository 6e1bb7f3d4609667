package org.fabricsim.runtime.collective;

/**
 * NCCL's double binary tree all-reduce (NCCL 2.4+), node-aware as NCCL builds it: inside each
 * scale-up domain of k ranks a chain, across the D domains two complementary binary trees. Tree A
 * is heap-ordered over the domains (parent of domain i is (i − 1)/2); tree B mirrors it (domain i
 * plays D − 1 − i), so the interior domains of one tree are leaves of the other. Each tree carries
 * half the data.
 *
 * <p>Channels: the data is split over L = min(channels, k) lanes. Lane c's chain starts at the
 * domain's local rank c (its head, whose NIC, on rail c, carries the lane's inter-domain edges)
 * and runs c, c+1, …, c−1; heads of the same rail link the domains, as NCCL's trees do. Where the
 * caller gives each lane its own chain (RCCL's platform model across nodes of 8 CDNA GPUs, {@link
 * RcclMeshRings#treeChains}), lane c runs that chain instead, still headed by local rank c.
 *
 * <p>Pipelining: per lane and tree S/(2L) bytes go in m = ⌈S/(2L) / chunk⌉ chunks: a reduce phase
 * of d + m − 1 steps (d = (k − 1) + ⌊log₂ D⌋, the pipeline's depth) in which every chain member
 * sends a chunk to its predecessor and every head to its parent domain's head, in both trees,
 * then a broadcast phase of the same length downwards. Only d steps of each phase pay latency
 * (NCCL's tree latency 2·((k − 1)·intraLat + log₂ D·interLat)); the chunks behind overlap it.
 * O(D·k·L) transfers.
 */
final class TreeSchedules {
    private static final long REDUCE_PATTERN = 3;
    private static final long BROADCAST_PATTERN = 4;

    private TreeSchedules() {
    }

    /**
     * The tree of {@code sizeBytes} over {@code ranks}; {@code laneChains}: lane c's chain of local indices, headed by
     * c, or null for NCCL's c, c+1, …, c−1.
     */
    static Schedule doubleBinaryTree(long sizeBytes, int ranks, int domainSize, int channels, long chunkBytes,
            int[][] laneChains) {
        Schedule schedule = new Schedule();
        if (ranks == 1) {
            return schedule;
        }
        int k = Math.min(domainSize, ranks);
        if (ranks % k != 0) {
            k = 1;
        }
        int domains = ranks / k;
        int lanes = Math.max(1, Math.min(channels, k));
        double laneBytes = (double) sizeBytes / 2 / lanes;
        long chunks = Math.max(1, (long) Math.ceil(laneBytes / chunkBytes));
        int depth = k - 1 + NcclTuning.treeLevels(domains);
        int steps = (int) Math.min(Integer.MAX_VALUE, depth + chunks - 1);
        double bytes = laneBytes / chunks;
        for (int direction = 0; direction < 2; direction++) {
            schedule.phase(steps, depth, direction == 0 ? REDUCE_PATTERN : BROADCAST_PATTERN);
            boolean up = direction == 0;
            for (int domain = 0; domain < domains; domain++) {
                if (laneChains == null) {
                    chains(schedule, up, domain * k, k, lanes, bytes);
                } else {
                    laneChains(schedule, up, domain * k, laneChains, lanes, bytes);
                }
            }
            for (int lane = 0; lane < lanes; lane++) {
                for (int tree = 0; tree < 2; tree++) {
                    for (int domain = 0; domain < domains; domain++) {
                        int parent = parentDomain(domain, domains, tree);
                        if (parent >= 0) {
                            link(schedule, up, domain * k + lane, parent * k + lane, bytes, 2 * lane + tree);
                        }
                    }
                }
            }
        }
        return schedule;
    }

    /**
     * The parent of {@code domain} in tree {@code tree} (0 or 1) of NCCL's double binary tree over {@code domains}
     * domains, or −1 at the root: tree 0 is heap-ordered by domain index (the parent of position p is (p − 1)/2) and
     * tree 1 mirrors it (position D − 1 − domain), so a domain that is a leaf of one is inner in the other. O(1).
     */
    static int parentDomain(int domain, int domains, int tree) {
        int position = tree == 0 ? domain : domains - 1 - domain;
        if (position == 0) {
            return -1;
        }
        int parentPosition = (position - 1) / 2;
        return tree == 0 ? parentPosition : domains - 1 - parentPosition;
    }

    /**
     * The chains of one domain starting at rank {@code base}: lane c's chain c, c+1, …, c−1 has
     * every member x ≠ c send to x − 1 (mod k), in both trees. The copies of one member's edge
     * (every lane but its own, both trees) share a path, so they are listed together and the
     * runner carries them as one flow class of their multiplicity.
     */
    private static void chains(Schedule schedule, boolean up, int base, int k, int lanes, double bytes) {
        for (int member = 0; member < k; member++) {
            int predecessor = (member + k - 1) % k;
            for (int lane = 0; lane < lanes; lane++) {
                if (lane == member) {
                    continue;
                }
                for (int tree = 0; tree < 2; tree++) {
                    link(schedule, up, base + member, base + predecessor, bytes, 2 * lane + tree);
                }
            }
        }
    }

    /**
     * The chains of one domain starting at rank {@code base} where each lane has its own: in lane c's chain
     * x_0 = c, x_1, …, x_{k−1} every member x_i (i ≥ 1) sends to x_{i−1}, in both trees (listed together, one flow class
     * of two).
     */
    private static void laneChains(Schedule schedule, boolean up, int base, int[][] laneChains, int lanes,
            double bytes) {
        for (int lane = 0; lane < lanes; lane++) {
            int[] chain = laneChains[lane];
            for (int i = 1; i < chain.length; i++) {
                for (int tree = 0; tree < 2; tree++) {
                    link(schedule, up, base + chain[i], base + chain[i - 1], bytes, 2 * lane + tree);
                }
            }
        }
    }

    /** A child-to-parent edge: upwards in the reduce phase, downwards in the broadcast phase. */
    private static void link(Schedule schedule, boolean up, int child, int parent, double bytes, int channel) {
        if (up) {
            schedule.send(child, parent, bytes, channel);
        } else {
            schedule.send(parent, child, bytes, channel);
        }
    }
}
