package org.fabricsim.runtime.network;

import java.util.Arrays;

/**
 * The spanning trees of {@link UnsplitComponents}: per searched component, the tree of its breadth-first search,
 * kept spanning while finishes remove classes, as the proof that the component has not split.
 *
 * <p>The flow–link graph is bipartite; the tree's nodes are the component's loaded links and live classes. A
 * link's parent is the class it was reached over ({@link #linkParent}, −1 at the root, the search's seed), a class's
 * the link in whose list it was first found ({@link #classParent}). A class stays on its parent link while it
 * lives, so a finish breaks only the edges to the links whose parent it was: each of them (an orphan) heads a
 * subtree cut off from the root. The subtree is joined again by any edge of the graph between it and the rest, a
 * class on one side on a link of the other ({@link #adopt}); then the tree path from the edge's inner end up to the
 * orphan is reversed (the tree is re-rooted at that end, its parents flipped), so it hangs from the edge's outer end
 * and the parents are a tree spanning the component again. If the subtree has no such edge, it is a component of its
 * own: the component split. Whether a node is outside the orphan's subtree is read by following parents from it to
 * the root ({@link #leadsToRoot}: the orphan not met, nor an orphan not joined yet).
 *
 * <p>O(the subtree's classes · P + its list entries · the walks' lengths) per orphan, capped at {@link #LIMIT}
 * links (then the component is searched); none of it allocates.
 */
final class SpanningTree {
    /** The most links of a subtree searched for an edge out of it, and the most steps of a walk to the root. */
    private static final int LIMIT = 1024;
    final int[] linkParent;
    int[] classParent;
    /** Per link, whether it is an orphan not joined yet. */
    final boolean[] orphan;
    /** The subtree's links, breadth first. */
    private final int[] queue;

    SpanningTree(int linkCount, int classCapacity) {
        linkParent = new int[linkCount];
        Arrays.fill(linkParent, -1);
        orphan = new boolean[linkCount];
        queue = new int[Math.min(linkCount, LIMIT)];
        classParent = new int[classCapacity];
    }

    /** Room for class handles below {@code capacity}. */
    void grow(int capacity) {
        if (classParent.length < capacity) {
            classParent = Arrays.copyOf(classParent, capacity);
        }
    }

    /**
     * Joins the subtree of orphan {@code link} to the rest of the tree by an edge out of it; false when none is found
     * within {@link #LIMIT} links of the subtree. {@code records} and {@code stride}: the classes' paths.
     */
    boolean adopt(LinkFlowLists lists, int[] records, int stride, int link) {
        int[] linkFlowCount = lists.count;
        int entryShift = lists.entryShift;
        queue[0] = link;
        int tail = 1;
        for (int head = 0; head < tail; head++) {
            int at = queue[head];
            int[] list = lists.entries[at];
            for (int k = 0, count = linkFlowCount[at]; k < count; k++) {
                int flow = list[k] >>> entryShift;
                if (classParent[flow] != at) {
                    if (leadsToRoot(flow, link)) {
                        evert(at, flow, link);
                        return true;
                    }
                    continue;
                }
                int base = flow * stride;
                for (int p = base + FlowTable.LINKS, end = p + records[base + FlowTable.LENGTH]; p < end; p++) {
                    int next = records[p];
                    if (linkParent[next] == flow) {
                        if (tail == queue.length) {
                            return false;
                        }
                        queue[tail++] = next;
                    } else if (next != at && !orphan[next]
                            && (linkParent[next] < 0 || leadsToRoot(linkParent[next], link))) {
                        classParent[flow] = next;
                        evert(at, flow, link);
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * Whether class {@code flow}'s parents reach the root within {@link #LIMIT} steps without meeting {@code link}
     * or an orphan not joined yet: then {@code flow} is outside {@code link}'s subtree and joined to the root.
     */
    private boolean leadsToRoot(int flow, int link) {
        for (int step = 0; step < LIMIT; step++) {
            int parent = classParent[flow];
            if (parent == link || orphan[parent]) {
                return false;
            }
            flow = linkParent[parent];
            if (flow < 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Hangs {@code at}, a link of orphan {@code link}'s subtree, from class {@code flow}, reversing the tree path
     * from {@code at} up to {@code link}: each link on it takes the class below it as its parent, each class the
     * link below it. O(the path's length).
     */
    private void evert(int at, int flow, int link) {
        while (at != link) {
            int up = linkParent[at];
            linkParent[at] = flow;
            int next = classParent[up];
            classParent[up] = at;
            flow = up;
            at = next;
        }
        linkParent[link] = flow;
        orphan[link] = false;
    }
}
