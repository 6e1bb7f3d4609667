package org.fabricsim.runtime.network;

import java.util.Arrays;

/**
 * Classes started lone ({@link LoneClasses}) on an idle {@link MaxMinNetwork}, whose dirty marks are left out: a
 * serving run's KV-cache transfer (8 flows on 8 disjoint paths) into an otherwise empty fabric, the common case.
 *
 * <p><b>Same results as marking them.</b> The group opens with a start on a network without a derating that
 * carries no other class and has no dirty or deferred link, so its batch is clean; it holds the classes started
 * after it at the same instant while each is taken lone. Marked, those starts' links would be the only dirty ones,
 * each loaded and held by a lone class, so the next re-solve would count them all loaded (twice as many as half the
 * loaded links) and collect the whole network: no listed class; the lone ones advanced by no elapsed time (they
 * started at that instant); a solve of nothing; the batch ended. {@link MaxMinNetwork#prepare} does that directly
 * when the group {@link #settles}: it counts the solve, notes it for the batch window and ends the batch. Anything else that
 * would need the marks before that re-solve (a start not taken lone, a derating set) first marks the members' links
 * in the order of their starts ({@link #replay}), which is where marking them at once would have put them, since
 * nothing else was marked in between.
 *
 * <p>O(1) to hold a class; O(P) per member to replay.
 */
final class QuietStarts {
    /** The members, {@link #count} of them, in the order they started. */
    private int[] members = new int[16];
    int count;

    /** Whether a group is open: its members' marks left out, the re-solve after them not yet run. */
    boolean open() {
        return count > 0;
    }

    /** Class {@code flow}, taken lone, joins the group (opening it when none is open). */
    void hold(int flow) {
        if (count == members.length) {
            members = Arrays.copyOf(members, count * 2);
        }
        members[count++] = flow;
    }

    /** Marks the members' links dirty, in the order they started and along each path, and closes the group. */
    void replay(FlowTable table, DirtyLinks dirty) {
        int[] records = table.records;
        for (int i = 0; i < count; i++) {
            int base = members[i] * table.stride;
            int end = base + FlowTable.LINKS + records[base + FlowTable.LENGTH];
            for (int at = base + FlowTable.LINKS; at < end; at++) {
                dirty.mark(records[at]);
            }
        }
        count = 0;
    }

    /** Whether a group was open, closing it: the re-solve after its starts is then done in closed form. */
    boolean settles() {
        boolean wasOpen = count > 0;
        count = 0;
        return wasOpen;
    }
}
