package org.fabricsim.runtime.inference;

/**
 * When the pipeline stages of each replica are free, and when an iteration issued to them ends.
 *
 * <p>An iteration of stage time s (every stage of it takes s, {@link ServingModel#iterationPs})
 * and hop c ({@link ServingModel#stageSendPs}) issued at time t flows through the P stages in turn;
 * each stage serves iterations in the order issued, so with f_k the time stage k is next free:
 * <pre>
 *   e_1 = max(t, f_1) + s,   e_k = max(e_(k−1) + c, f_k) + s  (k = 2..P),   f_k ← e_k,   end = e_P.
 * </pre>
 * The end is thus known at issue. A replica's P batch slots ({@link Replicas}) issue only when
 * stage 1 is free (f_1 ≤ t). Consequences, for iterations of equal s:
 * <ul>
 * <li>alone, an iteration lasts P·s + (P − 1)·c: a sequence's next token needs the previous one
 * through every stage, so pipelining leaves a single request's TTFT and ITL as without it (P·s
 * being one stage-less replica's iteration) plus the P − 1 hops;</li>
 * <li>with all P slots busy, stage 1 takes a new iteration every s while each slot's own period
 * is P·s + (P − 1)·c, so the replica completes P batches every P·s + (P − 1)·c: per accelerator
 * the rate of a replica without stages at the same batch, less the hops' share.</li>
 * </ul>
 * Memory O(total stages); {@link #issue} O(P), the others O(1).
 */
final class PipelineStages {
    private final int[] first;
    private final int[] depth;
    private final long[] freePs;

    PipelineStages(Replicas replicas) {
        first = new int[replicas.replicaCount()];
        depth = new int[first.length];
        int total = 0;
        for (int r = 0; r < first.length; r++) {
            first[r] = total;
            depth[r] = replicas.slotsOfReplica(r);
            total += depth[r];
        }
        freePs = new long[total];
    }

    /** When stage 1 of {@code replica} can take the next iteration. */
    long firstStageFreePs(int replica) {
        return freePs[first[replica]];
    }

    /**
     * Issues an iteration of {@code stagePs} per stage and {@code hopPs} per stage boundary to
     * {@code replica} at {@code nowPs}; returns when its last stage ends.
     */
    long issue(int replica, long nowPs, long stagePs, long hopPs) {
        int base = first[replica];
        long t = nowPs;
        for (int k = 0; k < depth[replica]; k++) {
            if (k > 0) {
                t += hopPs;
            }
            t = Math.max(t, freePs[base + k]) + stagePs;
            freePs[base + k] = t;
        }
        return t;
    }
}
