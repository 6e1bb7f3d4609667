package org.fabricsim.runtime.network;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.Graph;
import org.junit.jupiter.api.Test;

/**
 * The derating's stale marks with input shares: a link whose own classes stay is read again only where a term of its
 * overload, min(w·c_F/W_F, w·c_in/W_in), moved.
 */
class StaleLinksTest {
    /** Links of 100 B/s: a = 0 (sender A's NIC), b = 1 (B's), e = 2 (E's), u = 3 (an uplink), d = 4 (after it), x = 5. */
    private static final int A = 0;
    private static final int U = 3;
    private static final int D = 4;

    @Test
    void shouldLeaveALinkUnreadWhereItsClassesTermIsAnInputShareThatStands() {
        // F0 = a→u→d, F1 = b→u→d, F2 = e→u, F3 = a→x, one flow each. F0's term on d is min(100/W_a, 100/W_u) =
        // min(100/2, 100/3) = 33.3 B/s (F1's, min(100/1, 100/3), does not change). F3 leaves a: W_a = 1, and F0's term
        // on d is min(100, 33.3) = 33.3 again: d's overload is the same sum, so d is not stale. u is (F0's term there
        // is a's share, 50 → 100), and so is a, whose own list changed. Marking every link of a's classes (a model
        // that inherits a state and keeps its first answer), d is stale too.
        int[][] paths = {{0, U, D}, {1, U, D}, {2, U}, {A, 5}};
        assertEquals("a u d: true true false", readAfterTheLastLeaves(paths, true));
        assertEquals("a u d: true true true", readAfterTheLastLeaves(paths, false));
    }

    @Test
    void shouldReadALinkAgainWhereASendersShareBindsItsClassesTerm() {
        // F0 = a→u→d, F1 = b→d, F3 = a→x, one flow each: u carries F0 alone, so F0's term on d is min(100/W_a, 100/W_u)
        // = min(100/2, 100/1) = 50 B/s, a's share. F3 leaves a: min(100, 100) = 100, so d is stale, as are u and a.
        int[][] paths = {{0, U, D}, {1, D}, {A, 5}};
        assertEquals("a u d: true true true", readAfterTheLastLeaves(paths, true));
    }

    /**
     * Starts a class of one flow on each of {@code paths}, reads every link once, then takes the last class off its
     * links and tells which of a, u and d read as stale.
     */
    private static String readAfterTheLastLeaves(int[][] paths, boolean exact) {
        Graph graph = NetworkRuns.chain(100, 100, 100, 100, 100, 100);
        int links = graph.flowLinkCount();
        MaxMinNetwork table = new MaxMinNetwork(new Simulation(1), graph, 3, 0);
        LinkFlowLists lists = new LinkFlowLists(links, 3, 16);
        int[] handles = new int[paths.length];
        for (int i = 0; i < paths.length; i++) {
            handles[i] = table.start(paths[i], paths[i].length, 100, 1, i);
            for (int j = 0; j < paths[i].length; j++) {
                lists.add(paths[i][j], handles[i], j, 1);
            }
        }
        StaleLinks stale = new StaleLinks(graph, lists, links, true, true, exact);
        for (int link = 0; link < links; link++) {
            stale.read(table, link);
        }
        int last = paths.length - 1;
        for (int j = 0; j < paths[last].length; j++) {
            lists.remove(paths[last][j], handles[last], j, 1);
            stale.loadChanged(paths[last][j]);
        }
        return "a u d: " + stale.read(table, A) + " " + stale.read(table, U) + " " + stale.read(table, D);
    }
}
