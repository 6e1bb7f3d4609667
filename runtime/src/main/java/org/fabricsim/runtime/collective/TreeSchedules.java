package org.fabricsim.runtime.collective;

/**
 * Double binary tree all-reduce (NCCL 2.4+). Tree A is the heap-ordered binary tree over ranks
 * (parent of i is (i − 1)/2); tree B mirrors it (rank i plays n − 1 − i), so the interior ranks of
 * one tree are leaves of the other. Each tree carries half the data, pipelined in m = ⌈(S/2) /
 * chunk⌉ chunks: a reduce phase of d + m − 1 steps (d = tree depth) in which every child sends a
 * chunk S/(2m) to its parent in both trees, then a broadcast phase of the same length downwards.
 * Time ≈ 2(d + m − 1)·(α + S/(2m)/B′) with B′ the share of a rank's link; O(n) transfers.
 */
final class TreeSchedules {
    private static final long REDUCE_PATTERN = 3;
    private static final long BROADCAST_PATTERN = 4;

    private TreeSchedules() {
    }

    static Schedule doubleBinaryTree(long sizeBytes, int ranks, long chunkBytes) {
        Schedule schedule = new Schedule();
        if (ranks == 1) {
            return schedule;
        }
        int depth = 32 - Integer.numberOfLeadingZeros(ranks) - 1;
        long half = (sizeBytes + 1) / 2;
        long chunks = Math.max(1, (half + chunkBytes - 1) / chunkBytes);
        int steps = (int) Math.min(Integer.MAX_VALUE, depth + chunks - 1);
        double bytes = (double) sizeBytes / 2 / chunks;
        for (int direction = 0; direction < 2; direction++) {
            schedule.phase(steps, direction == 0 ? REDUCE_PATTERN : BROADCAST_PATTERN);
            for (int tree = 0; tree < 2; tree++) {
                for (int i = 1; i < ranks; i++) {
                    int child = tree == 0 ? i : ranks - 1 - i;
                    int parent = tree == 0 ? (i - 1) / 2 : ranks - 1 - (i - 1) / 2;
                    if (direction == 0) {
                        schedule.send(child, parent, bytes, tree);
                    } else {
                        schedule.send(parent, child, bytes, tree);
                    }
                }
            }
        }
        return schedule;
    }
}
