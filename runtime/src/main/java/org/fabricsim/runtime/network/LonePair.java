package org.fabricsim.runtime.network;

import org.fabricsim.runtime.topology.Graph;

/**
 * Two classes of a quiet group ({@link QuietStarts}) that share links with each other and with nothing else: a
 * serving run's KV transfer on an idle fabric whose ECMP hashing puts two of its flows through one spine (221 K of
 * the 1 M transfers of {@code InferenceHarness}). Like a lone class ({@link LoneClasses}) the pair is rated in closed
 * form when the second starts and stays out of the link lists until another class starts on one of its links.
 *
 * <p><b>Same results as listing them.</b> Listed, the second's start would list the first, then itself, and mark the
 * group's links, and the re-solve after the group would take the whole network (every loaded link dirty): the two
 * classes, nothing to deduct (they started at that instant), filled, one solve. With multiplicity 1 and equal bytes,
 * and every link only one of them crosses wider than r = c ÷ 2 for the narrowest shared link's c, that fill pops a
 * shared link first (keys c_ℓ ÷ 2 on the shared links, c_ℓ on the others), fixes both at r there, as (c − 0) ÷ 2, and
 * ends: both get r, to the bit, and the group's settle counts the same solve. From then on the pair's component is
 * itself, so every re-solve keeps r, and it is handled as a lone class is: its links count as loaded, once each, as
 * the lists count them; a whole-network collection advances both ({@link #advance}); the test of the fastest live
 * class reads r. The two finish together (equal bytes at one rate, advanced together), and their finishes only free
 * links: deferred in the order their marks would have had. A class that starts on one of its links lists both,
 * first, then second, before itself, as they would have been since the second's start. A start in the still open
 * group that is neither lone nor a pair's second, or a derating, lists them as they would be by then ({@link
 * #release}: the first at its own links' rate and projection, the second without a rate), the group's replay marking
 * the links in the order the starts would have. A later fill adopts no fix order of theirs: after a listing it is a
 * start's full fill, which numbers them again.
 *
 * <p>O(P²) to form for paths of P links, O(P) to finish, advance or release.
 */
final class LonePair {
    private static final int NONE = -1;
    /** The class listed first, or {@link #NONE}; equal to {@link #second} once one of them has finished. */
    int first = NONE;
    int second = NONE;
    /** Links the pair holds, each counted once (as {@link LoneClasses#links} counts them). */
    int links;
    private double rate;
    private int[] shared = new int[0];
    private int sharedCount;

    boolean holds(int flow) {
        return first != NONE && (flow == first || flow == second);
    }

    /** The pair's rate, 0 when there is none. */
    double rate() {
        return first == NONE ? 0 : rate;
    }

    /**
     * Takes {@code flow}, just started in a quiet group and not taken lone, as the second of a pair with the lone
     * class whose links it shares, when the conditions above hold: rates and projects both; returns whether it did.
     */
    boolean take(FlowTable table, Graph graph, LoneClasses lone, int[] listCount, int flow) {
        int[] records = table.records;
        int stride = table.stride;
        int base = flow * stride;
        if (first != NONE || records[base + FlowTable.MULTIPLICITY] != 1) {
            return false;
        }
        int start = base + FlowTable.LINKS;
        int end = start + records[base + FlowTable.LENGTH];
        if (shared.length < end - start) {
            shared = new int[end - start];
        }
        int partner = NONE;
        int count = 0;
        double narrowestShared = Double.POSITIVE_INFINITY;
        double narrowestOwn = Double.POSITIVE_INFINITY;
        for (int at = start; at < end; at++) {
            int link = records[at];
            int owner = lone.owner(link);
            boolean otherOwner = owner != NONE && partner != NONE && owner != partner;
            if (listCount[link] != 0 || otherOwner || repeats(records, start, at)) {
                return false;
            }
            double capacity = graph.linkBytesPerSecond(link);
            if (owner == NONE) {
                narrowestOwn = Math.min(narrowestOwn, capacity);
            } else {
                partner = owner;
                shared[count++] = link;
                narrowestShared = Math.min(narrowestShared, capacity);
            }
        }
        if (partner == NONE || !lone.isLone(partner) || records[partner * stride + FlowTable.MULTIPLICITY] != 1
                || table.bytesPerFlow[partner] != table.bytesPerFlow[flow]) {
            return false;
        }
        int partnerStart = partner * stride + FlowTable.LINKS;
        int partnerEnd = partnerStart + records[partner * stride + FlowTable.LENGTH];
        for (int at = partnerStart; at < partnerEnd; at++) {
            if (lone.owner(records[at]) == partner && !repeats(shared, 0, count, records[at])) {
                narrowestOwn = Math.min(narrowestOwn, graph.linkBytesPerSecond(records[at]));
            }
        }
        double pairRate = Math.max(0, narrowestShared) / 2;
        if (!(narrowestOwn > pairRate)) {
            return false;
        }
        lone.release(partner, records, partner * stride);
        for (int at = partnerStart; at < partnerEnd; at++) {
            lone.hold(records[at], partner);
        }
        for (int at = start; at < end; at++) {
            if (lone.owner(records[at]) == NONE) {
                lone.hold(records[at], flow);
            }
        }
        links = partnerEnd - partnerStart + end - start - count;
        lone.links += links;
        sharedCount = count;
        first = partner;
        second = flow;
        rate = pairRate;
        long nowPs = table.simulation.nowPs();
        table.rateBytesPerSecond[partner] = pairRate;
        table.rateBytesPerSecond[flow] = pairRate;
        table.project(partner, nowPs);
        table.project(flow, nowPs);
        return true;
    }

    /** Deducts what the pair sent since its last update, as a whole-network collection does. */
    void advance(FlowTable table, long nowPs) {
        if (first != NONE) {
            table.advance(first, nowPs);
            if (second != first) {
                table.advance(second, nowPs);
            }
        }
    }

    /**
     * Frees the pair's links (it is about to be listed) and returns its first. With {@code alone} (in a group still
     * open) it gives the pair what the listed path would have given it by then: the first its own links' rate and
     * projection (as at its start), the second no rate and no projection.
     */
    int release(FlowTable table, LoneClasses lone, OwnLinksFill alone) {
        int listed = first;
        if (alone != null) {
            table.rateBytesPerSecond[first] = alone.rateOnOwnLinks(table.records, first * table.stride);
            table.project(first, table.simulation.nowPs());
            table.rateBytesPerSecond[second] = 0;
            table.completions.remove(second);
        }
        free(table, lone, first, null);
        if (second != first) {
            free(table, lone, second, null);
        }
        lone.links -= links;
        links = 0;
        first = NONE;
        second = NONE;
        return listed;
    }

    /**
     * Member {@code flow} finishes: its links are deferred ({@code dirty}) in path order, but for the shared ones
     * when the other finished first (they are deferred already, and their marks would change nothing); the other
     * keeps the shared links.
     */
    void finish(FlowTable table, LoneClasses lone, DirtyLinks dirty, int flow) {
        int[] records = table.records;
        int base = flow * table.stride;
        int start = base + FlowTable.LINKS;
        int end = start + records[base + FlowTable.LENGTH];
        if (first != second) {
            int other = flow == first ? second : first;
            for (int at = start; at < end; at++) {
                dirty.defer(records[at]);
                lone.hold(records[at], repeats(shared, 0, sharedCount, records[at]) ? other : NONE);
            }
            links -= end - start - sharedCount;
            lone.links -= end - start - sharedCount;
            first = other;
            second = other;
            return;
        }
        free(table, lone, flow, dirty);
        lone.links -= links;
        links = 0;
        first = NONE;
        second = NONE;
    }

    /** Frees {@code flow}'s links, deferring those not shared when {@code dirty} is given. */
    private void free(FlowTable table, LoneClasses lone, int flow, DirtyLinks dirty) {
        int[] records = table.records;
        int base = flow * table.stride;
        int end = base + FlowTable.LINKS + records[base + FlowTable.LENGTH];
        for (int at = base + FlowTable.LINKS; at < end; at++) {
            if (dirty != null && !repeats(shared, 0, sharedCount, records[at])) {
                dirty.defer(records[at]);
            }
            lone.hold(records[at], NONE);
        }
    }

    /** Whether {@code links[at]} occurs in {@code links[from, at)}. */
    private static boolean repeats(int[] links, int from, int at) {
        return repeats(links, from, at, links[at]);
    }

    /** Whether {@code link} occurs in {@code links[from, to)}. */
    private static boolean repeats(int[] links, int from, int to, int link) {
        for (int i = from; i < to; i++) {
            if (links[i] == link) {
                return true;
            }
        }
        return false;
    }
}
