package org.fabricsim.runtime.network;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

/** When a component is taken whole from its last search: while its search tree, kept spanning, shows it is whole. */
class UnsplitComponentsTest {
    /** Class i's path: a = {0, 1}, b = {1, 2}, c = {2, 3}, d = {1, 2}, on links 0-3. */
    private static final int[][] PATHS = {{0, 1}, {1, 2}, {2, 3}, {1, 2}};
    private static final int A = 0;
    private static final int B = 1;
    private static final int C = 2;
    private static final int D = 3;
    /** Class records as {@link FlowTable} lays them out: length, multiplicity, then the path's links. */
    private static final int STRIDE = FlowTable.LINKS + 2;

    @Test
    void shouldTakeAComponentWholeWhileAnEdgeJoinsEachCutSubtreeAgainAndSearchItOnceNoneDoes() {
        // The search from link 0 finds a in its list, link 1 over a, b and d in link 1's list, link 2 over b, c in
        // link 2's list, link 3 over c: the tree 0 - a - 1 - {b - 2 - c - 3, d}.
        LinkFlowLists lists = new LinkFlowLists(4, 2, 4);
        int[] records = new int[PATHS.length * STRIDE];
        for (int flow = 0; flow < PATHS.length; flow++) {
            records[flow * STRIDE + FlowTable.LENGTH] = PATHS[flow].length;
            for (int j = 0; j < PATHS[flow].length; j++) {
                lists.add(PATHS[flow][j], flow, j, 1);
                records[flow * STRIDE + FlowTable.LINKS + j] = PATHS[flow][j];
            }
        }
        UnsplitComponents unsplit = new UnsplitComponents(4, 4);
        assertTrue(unsplit.begin(lists, records, STRIDE));
        unsplit.root(0);
        unsplit.reachClass(A, 0, 0);
        unsplit.reachLink(1, A, 0);
        unsplit.reachClass(B, 1, 0);
        unsplit.reachClass(D, 1, 0);
        unsplit.reachLink(2, B, 0);
        unsplit.reachClass(C, 2, 0);
        unsplit.reachLink(3, C, 0);

        // b finishes: the subtree 2 - c - 3 is cut off, and d, on link 2 and hanging from link 1, joins it again.
        finish(lists, unsplit, B);
        assertTrue(unsplit.begin(lists, records, STRIDE));
        assertTrue(unsplit.take(2));
        int[] componentLinks = new int[4];
        int[] componentEnd = new int[1];
        assertEquals(4, unsplit.appendLinks(lists, componentLinks, 0, componentEnd, 0));
        Arrays.sort(componentLinks);
        assertArrayEquals(new int[] {0, 1, 2, 3}, componentLinks);
        assertEquals(4, componentEnd[0]);
        int[] componentOf = {-1, -1, -1, -1};
        long live = 1L << A | 1L << C | 1L << D;
        assertEquals(live, unsplit.members(0, live, componentOf, 0));
        assertArrayEquals(new int[] {0, -1, 0, 0}, componentOf);

        // d finishes: link 2's parent now; the subtree 2 - c - 3 has no edge to 0 - a - 1 left: the component split.
        finish(lists, unsplit, D);
        assertTrue(unsplit.begin(lists, records, STRIDE));
        assertFalse(unsplit.take(2));
        assertFalse(unsplit.take(1));
    }

    @Test
    void shouldSearchEveryComponentAfterAStart() {
        LinkFlowLists lists = new LinkFlowLists(1, 1, 1);
        lists.add(0, 0, 0, 1);
        UnsplitComponents unsplit = new UnsplitComponents(1, 1);
        unsplit.begin(lists, new int[STRIDE], STRIDE);
        unsplit.root(0);
        unsplit.reachClass(0, 0, 0);
        unsplit.started();

        assertFalse(unsplit.begin(lists, new int[STRIDE], STRIDE));
    }

    private static void finish(LinkFlowLists lists, UnsplitComponents unsplit, int flow) {
        for (int j = 0; j < PATHS[flow].length; j++) {
            lists.remove(PATHS[flow][j], flow, j, 1);
            unsplit.left(PATHS[flow][j], flow);
        }
    }
}
