package org.fabricsim.runtime.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class FixLogTest {
    /** 2^-54: 1 − 2^-54 rounds to 1 (a tie, to even), so 1 − 2^-54 − 1 = 0 but 1 − 1 − 2^-54 = −2^-54. */
    private static final double HALF_ULP = Math.scalb(1.0, -54);
    private static final int STRIDE = FlowTable.LINKS + 1;

    /** Records of {@code n} classes of multiplicity 1: classes 0 and 1 on link 0, class f ≥ 2 on link f − 1. */
    private static int[] records(int n) {
        int[] records = new int[n * STRIDE];
        for (int flow = 0; flow < n; flow++) {
            records[flow * STRIDE + FlowTable.LENGTH] = 1;
            records[flow * STRIDE + FlowTable.MULTIPLICITY] = 1;
            records[flow * STRIDE + FlowTable.LINKS] = Math.max(0, flow - 1);
        }
        return records;
    }

    /** Logs one fill of {@code order}'s classes at {@code rates}, charging a scratch state. */
    private static void fill(FixLog log, int[] records, int[] order, double[] rates) {
        double[] scratch = new double[2 * records.length];
        log.begin(order.length);
        for (int flow : order) {
            log.append(flow, records, flow * STRIDE, rates[flow], scratch);
        }
    }

    /** Capacity 1 and unfixed weight 2 on link 0, capacity 10 and weight 1 on links 1 .. links − 1. */
    private static double[] state(int links) {
        double[] state = new double[2 * links];
        for (int link = 0; link < links; link++) {
            state[2 * link] = link == 0 ? 1 : 10;
            state[2 * link + 1] = link == 0 ? 2 : 1;
        }
        return state;
    }

    /** Marks the classes below {@code level} of the component {@code flows} and replays them into a fresh state. */
    private static double[] replay(FixLog log, int[] flows, double[] rates, double level, int kept, long[] fixed) {
        log.begin(flows.length);
        assertEquals(kept, log.keepSlower(flows, flows.length, rates, level, null, null));
        double[] state = state(flows.length);
        log.replayKept(kept, flows, state, fixed);
        return state;
    }

    @Test
    void shouldKeepEachComponentsClassesBelowTheirComponentsOwnLevel() {
        // classes 0, 1 (rates 4, 6) in component 0 at level 5, classes 2, 3 (rates 8, 12) in component 1 at level
        // 10: classes 0 and 2 are kept, though class 2 is above component 0's level and the batch's (5)
        int[] records = records(4);
        double[] rates = {4, 6, 8, 12};
        FixLog log = new FixLog(1, 4);
        fill(log, records, new int[] {0, 1, 2, 3}, rates);
        log.begin(4);
        int[] flows = {0, 1, 2, 3};
        assertEquals(2, log.keepSlower(flows, 4, rates, 5, new double[] {5, 10}, new int[] {0, 0, 1, 1}));
        long[] fixed = new long[1];
        log.replayKept(2, flows, state(3), fixed);
        assertEquals(0b0101L, fixed[0]);
    }

    @Test
    void shouldReplayTheSlowerClassesInFixOrderAtTheirLoggedRates() {
        // a fill fixed 1, 0, 2 at 2^-54, 1, 3 (classes 0 and 1 share link 0 of capacity 1); a partial fill at
        // level 2 keeps 1 then 0: link 0 has 1 − 2^-54 − 1 = 0 left (the other order leaves −2^-54) and no
        // unfixed weight, link 1 (class 2's) keeps its capacity 10 and its weight 1
        int[] records = records(3);
        double[] rates = {1, HALF_ULP, 3};
        FixLog log = new FixLog(1, 3);
        fill(log, records, new int[] {1, 0, 2}, rates);
        long[] fixed = new long[1];
        double[] state = replay(log, new int[] {0, 1, 2}, rates, 2, 2, fixed);
        assertEquals(0.0, state[0]);
        assertEquals(0.0, state[1]);
        assertEquals(10.0, state[2]);
        assertEquals(1.0, state[3]);
        assertEquals(0b011L, fixed[0]);
    }

    @Test
    void shouldReplayInFixOrderWhenOtherFillsLieBetween() {
        // twenty classes fixed after them make the log from the first kept entry longer than 4 entries of
        // the longest size per kept class (4 · 2 · 6 ints): the offsets are sorted instead of scanned, and
        // the order is the same (the component lists 0 before 1, the log 1 before 0)
        int[] records = records(23);
        double[] rates = new double[23];
        rates[0] = 1;
        rates[1] = HALF_ULP;
        rates[2] = 3;
        FixLog log = new FixLog(1, 23);
        fill(log, records, new int[] {1, 0, 2}, rates);
        int[] others = new int[20];
        for (int i = 0; i < others.length; i++) {
            others[i] = 3 + i;
            rates[3 + i] = 5;
        }
        fill(log, records, others, rates);
        double[] state = replay(log, new int[] {0, 1, 2}, rates, 2, 2, new long[1]);
        assertEquals(0.0, state[0]);
    }

    @Test
    void shouldKeepTheLastFillsOrderThroughCompactions() {
        // 500 fills of classes 0 and 1, in alternating order, overflow the log of 1,024 ints many times;
        // compaction drops the stale entries and keeps the log's size; the last fill (0, then 1) decides:
        // 1 − 1 − 2^-54 = −2^-54 on link 0
        int[] records = records(2);
        double[] rates = {1, HALF_ULP};
        FixLog log = new FixLog(1, 2);
        for (int k = 0; k < 500; k++) {
            fill(log, records, k % 2 == 0 ? new int[] {1, 0} : new int[] {0, 1}, rates);
        }
        assertEquals(1024, log.entries.length);
        double[] state = replay(log, new int[] {0, 1}, rates, 2, 2, new long[1]);
        assertEquals(-HALF_ULP, state[0]);
    }

    @Test
    void shouldSizeTheLogOnceForOneComponentFilledAgainAndAgain() {
        // 1,000 classes on paths of 1 link: entries of 5 + 1 = 6 ints, 6,000 per fill. The first fill finds the
        // 1,024 ints of a log made for 1 class too short and replaces it by 2 · (0 + 6,000) = 12,000 ints; every later fill finds
        // at most the 6,000 ints of each class's latest entry after a compaction, 6,000 + 6,000 = 12,000, room
        // enough: the same array throughout, no second copy (doubling would reach 24,000 at the third fill)
        int n = 1000;
        int[] records = records(n);
        int[] order = new int[n];
        double[] rates = new double[n];
        for (int flow = 0; flow < n; flow++) {
            order[flow] = flow;
            rates[flow] = 1;
        }
        FixLog log = new FixLog(1, 1);
        log.grow(n);
        fill(log, records, order, rates);
        int[] sized = log.entries;
        assertEquals(12_000, sized.length);
        for (int k = 0; k < 10; k++) {
            fill(log, records, order, rates);
        }
        assertSame(sized, log.entries);
    }

    @Test
    void shouldStandForEachFixedClassRecordAtItsRecordOffsets() {
        // classes 0, 1, 2 of records(3) lie on links 0, 0, 1 with multiplicity 1; fixed in the order 2, 0, 1,
        // each entry's image reads as the record would: path length 1, multiplicity 1, its link
        int[] records = records(3);
        FixLog log = new FixLog(1, 3);
        fill(log, records, new int[] {2, 0, 1}, new double[] {1, 1, 1});
        int[] expectedLink = {0, 0, 1};
        for (int flow = 0; flow < 3; flow++) {
            int at = log.record(flow);
            assertEquals(1, log.entries[at + FlowTable.LENGTH]);
            assertEquals(1, log.entries[at + FlowTable.MULTIPLICITY]);
            assertEquals(expectedLink[flow], log.entries[at + FlowTable.LINKS]);
        }
    }

    @Test
    void shouldCopyARefixedClassFromItsEntryUntilItFinishes() {
        // class 2 is fixed on link 1; its handle's record then names link 6 (a new class reusing the handle):
        // fixed again before it is forgotten, its entry still names link 1 (copied from its last entry, the
        // class's own path); after forget, the new class's record gives link 6
        int[] records = records(3);
        FixLog log = new FixLog(1, 3);
        double[] rates = {1, 1, 1};
        fill(log, records, new int[] {2}, rates);
        records[2 * STRIDE + FlowTable.LINKS] = 6;
        fill(log, records, new int[] {2}, rates);
        assertEquals(1, log.entries[log.record(2) + FlowTable.LINKS]);
        log.forget(2);
        fill(log, records, new int[] {2}, rates);
        assertEquals(6, log.entries[log.record(2) + FlowTable.LINKS]);
    }
}
