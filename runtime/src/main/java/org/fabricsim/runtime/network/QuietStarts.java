package org.fabricsim.runtime.network;

import java.util.Arrays;

/**
 * Classes started on an idle {@link MaxMinNetwork} at one instant, whose dirty marks are left out: a serving run's
 * KV-cache transfer (8 flows) into an otherwise empty fabric, the common case.
 *
 * <p><b>Same results as marking them.</b> The group opens with a start on a network without a derating that
 * carries no other class and has no dirty or deferred link, so its batch is clean; it holds every class started
 * after it at that instant (before the next re-solve, which closes it). Those taken lone ({@link LoneClasses}) are
 * its usual members; one that is not (two of a transfer's flows hashed onto one spine uplink) is listed, with the
 * lone members on its links, as its start would list them, and stays in the group, since every class it can share a
 * link with is a member. Marked, the group's links would be the only dirty ones, all loaded. When every member is
 * lone, the next re-solve would count them all loaded (twice as many as half the loaded links) and collect the whole
 * network: no listed class; the lone ones advanced by no elapsed time (they started at that instant); a solve of
 * nothing; the batch ended. {@link MaxMinNetwork#prepare} does that directly when the group {@link #settle}s: it
 * counts the solve, notes it for the batch window and ends the batch. When some are listed, that whole-network
 * re-solve fills the listed members over their links, which {@link QuietFill} does directly, the same operations
 * in the same order. Anything else that would need the marks before that re-solve (a derating set, a group listed on
 * more links than {@link QuietFill#MAX_LINKS}) first marks the members' links in the order of their starts
 * ({@link #replay}), which is where marking them at their starts would have put them, since nothing else was marked
 * in between.
 *
 * <p>O(1) to hold a class; O(P) per member to replay; the fill's cost when some are listed.
 */
final class QuietStarts {
    /** The members, {@link #count} of them, in the order they started. */
    private int[] members = new int[16];
    int count;
    /** The fill of a group some of whose members are listed, made at the first. */
    private QuietFill fill;

    /**
     * Whether class {@code flow} joins the group: when one is open, or the network is {@code idle} (no derating, no
     * other class, nothing dirty or deferred), which opens one.
     */
    boolean joins(int flow, boolean idle) {
        if (count == 0 && !idle) {
            return false;
        }
        if (count == members.length) {
            members = Arrays.copyOf(members, count * 2);
        }
        members[count++] = flow;
        return true;
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

    /** Marks {@code link} dirty unless a group is open (its members' links are marked, if ever, by {@link #replay}). */
    void mark(DirtyLinks dirty, int link) {
        if (count == 0) {
            dirty.mark(link);
        }
    }

    /**
     * Closes an open group and returns the classes the re-solve after it covered (its listed members, rated and
     * projected by {@link QuietFill} with {@code filling}'s fix order), or -1 when none was open or it was replayed
     * (too many links for {@link QuietFill}): then the general re-solve follows.
     */
    int settle(FlowTable table, LinkFlowLists lists, LoneClasses lone, ProgressiveFill filling, DirtyLinks dirty) {
        if (count == 0) {
            return -1;
        }
        if (lists.linksInUse == 0) {
            count = 0;
            return 0;
        }
        if (fill == null) {
            fill = new QuietFill(table.graph.flowLinkCount());
        }
        int classes = fill.solve(table, lists, lone, filling.order, members, count);
        if (classes < 0) {
            replay(table, dirty);
        }
        count = 0;
        return classes;
    }
}
