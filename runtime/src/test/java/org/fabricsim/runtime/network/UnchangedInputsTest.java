package org.fabricsim.runtime.network;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Which head-of-line readings may be skipped as whole ({@code UnchangedInputs}): link L = 3 carries a (sender link 0)
 * and b (sender link 1), bound for next links 4 and 5; c runs from sender link 2 into 4, so 2 is one of 4's inputs.
 * L's last reading read whole with next links 4 and 5; it stays whole while nothing it reads changes, and not once a
 * list, an offer on its next links' inputs, or the ideal rates on its links change.
 */
class UnchangedInputsTest {
    private static final int LINKS = 10;
    private static final int MAX_PATH = 3;
    private static final int STRIDE = FlowTable.LINKS + MAX_PATH;
    private static final int L = 3;

    private final LinkFlowLists lists = new LinkFlowLists(LINKS, MAX_PATH, 8);
    private final int[] records = new int[8 * STRIDE];
    private final FixLog log = new FixLog(MAX_PATH, 8);
    private final UnchangedInputs unchanged = new UnchangedInputs(lists, LINKS);

    private void start(int flow, int... path) {
        int base = flow * STRIDE;
        records[base + FlowTable.LENGTH] = path.length;
        records[base + FlowTable.MULTIPLICITY] = 1;
        for (int j = 0; j < path.length; j++) {
            records[base + FlowTable.LINKS + j] = path[j];
            lists.add(path[j], flow, j, 1);
            unchanged.loadChanged(path[j]);
        }
    }

    /** A solve whose ideal fill fixes {@code refilled} anew (their entries appended to the log). */
    private void solve(int... refilled) {
        log.begin(refilled.length);
        double[] state = new double[2 * LINKS];
        for (int flow : refilled) {
            log.append(flow, records, flow * STRIDE, 1, state);
        }
        unchanged.beginSolve(records, STRIDE, log);
    }

    /** a, b and c started, one solve fixing them all, L read whole with next links 4 and 5. */
    private void readWhole() {
        start(0, 0, L, 4);
        start(1, 1, L, 5);
        start(2, 2, 4);
        solve(0, 1, 2);
        unchanged.read(L, true, new int[] {4, 5}, 2);
    }

    @Test
    void shouldSkipTheReadingWhileOnlyLinksItDoesNotReadChange() {
        readWhole();
        start(3, 6, 7); // elsewhere: no list, offer or ideal rate L reads
        solve(3);
        assertTrue(unchanged.whole(L));
        solve();
        assertTrue(unchanged.whole(L));
    }

    @Test
    void shouldReadAgainWhenASenderOfANextLinksInputStartsAnotherClass() {
        // d from sender link 2 to 8: link 2's weight doubles, c's offer to 4 halves, so 4's shares change
        readWhole();
        start(3, 2, 8);
        solve(3);
        assertFalse(unchanged.whole(L));
    }

    @Test
    void shouldReadAgainWhenTheIdealFillFixesAClassOnANextLinkAnew() {
        readWhole();
        solve(2); // c's ideal rate, and 4's capacity left, may have moved
        assertFalse(unchanged.whole(L));
    }

    @Test
    void shouldReadAgainWhenAClassLeavesTheLink() {
        readWhole();
        lists.remove(L, 1, 1, 1);
        unchanged.loadChanged(L);
        solve();
        assertFalse(unchanged.whole(L));
    }

    @Test
    void shouldReadAgainAfterAReadingThatWasNotWhole() {
        readWhole();
        unchanged.read(L, false, new int[] {4, 5}, 2);
        solve();
        assertFalse(unchanged.whole(L));
    }
}
