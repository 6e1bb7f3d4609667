package org.fabricsim.dsl.model;

import java.util.ArrayList;
import java.util.List;

import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.NodeRange;
import org.fabricsim.dsl.fabric.SharedJob;

/** The nodes a shared cluster's job is placed on, as its ranges write them. */
public final class NodeRanges {
    /** The most nodes one job may list: a guard against a range typed with a wrong bound. */
    public static final int MAX_NODES = 1 << 20;

    private NodeRanges() {
    }

    /** The range's last node: its {@code to} bound, or its one node (a range with last &lt; first is empty). */
    public static int last(NodeRange range) {
        return Written.written(range, Literals.NODE_RANGE__LAST) ? range.getLast() : range.getFirst();
    }

    /** How many nodes the job's ranges list (an empty range none, a node listed twice twice). O(ranges). */
    public static long count(SharedJob job) {
        long count = 0;
        for (NodeRange range : job.getRanges()) {
            count += Math.max(0, (long) last(range) - range.getFirst() + 1);
        }
        return count;
    }

    /**
     * The first node, in {@code later}'s written order, that {@code earlier} lists too, or -1 when none. Two ranges
     * [a, b] and [c, d] share the nodes max(a, c) to min(b, d) when that is not empty, so the first shared node of a
     * range is the least max(a, c) over the ranges it meets: O(ranges of one × ranges of the other), whatever the
     * nodes (listing them was quadratic in the nodes: two disjoint jobs of 300,000 nodes held validation minutes).
     */
    public static int firstShared(SharedJob later, SharedJob earlier) {
        return firstShared(later.getRanges(), earlier.getRanges());
    }

    /** The first node, in written order, that an earlier range of the same job lists too, or -1 when none. */
    public static int firstRepeated(SharedJob job) {
        List<NodeRange> ranges = job.getRanges();
        for (int k = 1; k < ranges.size(); k++) {
            int repeated = firstShared(ranges.subList(k, k + 1), ranges.subList(0, k));
            if (repeated >= 0) {
                return repeated;
            }
        }
        return -1;
    }

    private static int firstShared(List<NodeRange> ranges, List<NodeRange> others) {
        for (NodeRange range : ranges) {
            int first = -1;
            for (NodeRange other : others) {
                int from = Math.max(range.getFirst(), other.getFirst());
                if (from <= Math.min(last(range), last(other)) && (first < 0 || from < first)) {
                    first = from;
                }
            }
            if (first >= 0) {
                return first;
            }
        }
        return -1;
    }

    /** The job's nodes in the order written, at most {@link #MAX_NODES}. O(nodes). */
    public static List<Integer> nodes(SharedJob job) {
        List<Integer> nodes = new ArrayList<>();
        for (NodeRange range : job.getRanges()) {
            for (int node = range.getFirst(); node <= last(range) && nodes.size() < MAX_NODES; node++) {
                nodes.add(node);
            }
        }
        return nodes;
    }
}
