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
