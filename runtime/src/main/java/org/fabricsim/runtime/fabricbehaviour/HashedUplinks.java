package org.fabricsim.runtime.fabricbehaviour;

import java.util.Arrays;
import org.fabricsim.runtime.topology.Graph;

/**
 * The uplinks of each switch: the links to a switch one tier up, among which a flow's hash picks (a leaf's links to
 * its spines). A switch's tier is its hop distance from the nearest accelerator or NIC (leaves 1, spines 2), found
 * by relaxing every link until nothing changes: O(links × tiers) once per topology. For HPCC's colliding hashes
 * under adaptive routing ({@link HpccPacing#collisionLikelier}) and pulled flows' hashed choices ({@link PulledHashes}).
 */
final class HashedUplinks {
    private final int[] switchOf;
    private final int[] start;
    private final int[] uplinks;

    HashedUplinks(Graph graph) {
        int nodes = graph.nodeCount();
        int links = graph.linkCount();
        int[] tier = new int[nodes];
        for (int node = 0; node < nodes; node++) {
            tier[node] = graph.nodeKind(node) == Graph.SWITCH ? Integer.MAX_VALUE : 0;
        }
        for (boolean changed = true; changed;) {
            changed = false;
            for (int link = 0; link < links; link++) {
                int from = tier[graph.linkFrom(link)];
                int to = graph.linkTo(link);
                if (from != Integer.MAX_VALUE && from + 1 < tier[to]) {
                    tier[to] = from + 1;
                    changed = true;
                }
            }
        }
        switchOf = new int[links];
        start = new int[nodes + 1];
        for (int link = 0; link < links; link++) {
            int from = graph.linkFrom(link);
            int to = graph.linkTo(link);
            boolean up = graph.nodeKind(from) == Graph.SWITCH && graph.nodeKind(to) == Graph.SWITCH
                    && tier[to] == tier[from] + 1;
            switchOf[link] = up ? from : -1;
            start[from + 1] += up ? 1 : 0;
        }
        for (int node = 0; node < nodes; node++) {
            start[node + 1] += start[node];
        }
        uplinks = new int[start[nodes]];
        int[] next = Arrays.copyOf(start, nodes);
        for (int link = 0; link < links; link++) {
            if (switchOf[link] >= 0) {
                uplinks[next[switchOf[link]]++] = link;
            }
        }
    }

    /** The number of uplinks of the switch {@code link} leaves, 0 when {@code link} is not an uplink. */
    int siblings(int link) {
        return link < switchOf.length && switchOf[link] >= 0 ? start[switchOf[link] + 1] - start[switchOf[link]] : 0;
    }

    /** The flows on every uplink of the switch {@code link} leaves, {@code link}'s own among them. O(uplinks). */
    long flowsLeaving(int link, long[] flowsOnLink) {
        long flows = 0;
        for (int i = start[switchOf[link]]; i < start[switchOf[link] + 1]; i++) {
            flows += flowsOnLink[uplinks[i]];
        }
        return flows;
    }
}
