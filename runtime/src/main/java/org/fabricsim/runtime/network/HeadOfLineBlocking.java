package org.fabricsim.runtime.network;

import java.util.Arrays;

import org.fabricsim.runtime.topology.Graph;

/**
 * Head-of-line blocking of a lossless fabric's upstream link by the flows it queues with that a
 * downstream link holds back ({@link ContentionModel#backlogBufferBytes}), for {@link ContentionDerating}.
 *
 * <p><b>Mechanism</b> (measured on the packet backend, docs/fabric-behaviour.md, "Head-of-line
 * blocking"). A switch port's queue is FIFO, and a lossless fabric holds the packets a port sends in
 * the next switch until they leave it: 64 packets of credit per link, or the shared buffer up to the
 * PFC pause threshold. When a downstream link D is saturated by traffic from several input links, the
 * backpressure shares D per input link, not per flow as max-min does: P, the max-min (water-filling)
 * share of c_D over D's input links, each demanding what it brings D (c_j times the share of its
 * offered rate bound for D). The flows H of an upstream link L whose next link is D then drain at P;
 * once their backlog fills L's buffer downstream, L sends only as credits (or resumes) come back, and
 * its FIFO takes H's packets and the others' (the victims) in the proportion they arrive: L delivers
 * T_L = P / s_H, s_H = Σ_H o_f / Σ_L o_f the share of L's offered rate that H brings (o_f the share of
 * its sender's link, as the overload reads it).
 *
 * <p><b>When, and how much.</b> D is saturated in the ideal fill; H's ideal rate through D exceeds P (the
 * hold binds); H arrives faster than P (A_H = s_H·c_L &gt; P); and the backlog H builds,
 * Q = R_H·(1 − P / A_H) with R_H its remaining bytes (the episode's queue, as for drops), exceeds the
 * buffer B the model gives L. The buffer absorbs the backlog's first B bytes, a share
 * φ = (B / Q)·(P / A_H) of the episode (the time B takes to fill at A_H − P over the R_H / P the episode
 * lasts) during which L runs whole, so L's factor is φ + (1 − φ)·T_L / c_L, the smallest over its D.
 * Otherwise it is 1: without a held-back flow on the link nothing changes, and where the buffer absorbs
 * the backlog (PFC's shared buffer against a short burst) nothing blocks.
 *
 * <p>Cost: O(classes on L + inputs of its next links that can bind) per saturated link whose buffer is finite, and
 * once per solve O(classes on each such next link and on its input links) ({@link PortShares}), stamps per
 * link instead of clearing, no allocation; L's classes are read from the ideal fill's {@link FixLog} after it has
 * run (near its fix order, as {@link ContentionReading} reads them), only those bound for a next link that can
 * bind read their ideal rates, and those that go on past L their remaining bytes. O(1) where no class has entered L
 * since it was last read and then each of its next links either took every class on L or held bytes that fit its
 * buffer: the first still takes every class left on L (no victim, share 1 to the bit: the same sum over the same
 * list), and the others' bytes only fall, so none can hold back more than the buffer takes.
 */
final class HeadOfLineBlocking {
    private final Graph graph;
    private final LinkFlowLists lists;
    /** Per next link of the link being read: offered rate, ideal rate and remaining bytes of the classes bound for it. */
    private final double[] offered;
    private final double[] idealThrough;
    private final double[] heldBytes;
    /** The distinct next links of the link being read that can bind ({@link #nextLinks}). */
    private final int[] next;
    private int nextLinks;
    /** Every distinct next link of the link being read, binding or not, and per next link the classes bound for it. */
    private final int[] onward;
    private final int[] onwardClasses;
    /** Per next link of the link being read: whether it can hold the link's classes back (decided when first seen). */
    private final boolean[] binds;
    /** Per link, the stamp of the reading that last saw it as a next link. */
    private final int[] seen;
    private int stamp;
    /** The shares next links give their inputs, and the links' offered rates, per solve. */
    private final PortShares shares;
    /**
     * Per link, the largest over its next links but one that took every class on it of Σ multiplicity × remaining
     * bytes of its classes bound there, when it was last read (0 without such a next link); +∞ before one and once a
     * class has entered it since ({@link #entered}). Remaining bytes only fall and finished classes leave, so it bounds
     * each of those sums now, the bytes that next link can hold back ({@link #factor}), raised by 8·(n + 1) units of
     * rounding for the link's n classes: a later sum of part of a next link's terms, in another list order, rounds
     * differently, by at most (n − 1)·2⁻⁵³ of the sum each way.
     */
    private final double[] bytesBound;
    /** Per link, the model's {@link ContentionModel#backlogBufferBytes}. */
    private final double[] bufferBytes;

    HeadOfLineBlocking(ContentionModel model, Graph graph, LinkFlowLists lists) {
        this.graph = graph;
        this.lists = lists;
        int links = graph.flowLinkCount();
        offered = new double[links];
        idealThrough = new double[links];
        heldBytes = new double[links];
        binds = new boolean[links];
        next = new int[links];
        onward = new int[links];
        onwardClasses = new int[links];
        seen = new int[links];
        shares = new PortShares(graph, lists);
        bytesBound = new double[links];
        bufferBytes = new double[links];
        for (int link = 0; link < links; link++) {
            bufferBytes[link] = model.backlogBufferBytes(link);
        }
        Arrays.fill(bytesBound, Double.POSITIVE_INFINITY);
    }

    /** Whether {@code link}'s buffer is finite: elsewhere its factor is 1. O(1). */
    boolean canBlock(int link) {
        return bufferBytes[link] != Double.POSITIVE_INFINITY;
    }

    /** A class entered {@code link}: its bytes may exceed what it held when last read. O(1). */
    void entered(int link) {
        bytesBound[link] = Double.POSITIVE_INFINITY;
    }

    /**
     * The capacity factor of saturated {@code link} for head-of-line blocking, in (0, 1]: 1 where its
     * buffer is infinite or no class on it is held back downstream (see the class comment).
     * {@code idealRate} per class and {@code fill}'s capacity left are the ideal fill's; the classes' paths are
     * read from {@code paths} when not null (a {@link FixLog} with an entry for every class on the link), else
     * from their records. A next link that can bind (more than one class, no capacity left in the ideal fill)
     * is decided when first seen, and only such a link's sums are kept: a class bound elsewhere adds only its
     * offer to the link's, so its ideal rate and remaining bytes are not read.
     */
    double factor(FlowTable table, int link, double[] idealRate, ProgressiveFill fill, FixLog paths) {
        double buffer = bufferBytes[link];
        if (buffer == Double.POSITIVE_INFINITY || bytesBound[link] <= buffer) {
            return 1; // each next link takes every class or holds a part of bytes that fitted the buffer
        }
        int[] list = lists.entries[link];
        int count = lists.count[link];
        int entryShift = lists.entryShift;
        int indexMask = (1 << entryShift) - 1;
        long[] linkWeight = lists.weight;
        int[] records = FixLog.recordsOf(paths, table);
        int stride = table.stride;
        double[] remaining = table.remainingBytes;
        int current = nextStamp();
        nextLinks = 0;
        int onwardLinks = 0;
        double offeredOnLink = 0;
        for (int k = 0; k < count; k++) {
            int flow = list[k] >>> entryShift;
            int index = list[k] & indexMask;
            int base = FixLog.recordOf(paths, flow, stride);
            int first = records[base + FlowTable.LINKS];
            int multiplicity = records[base + FlowTable.MULTIPLICITY];
            double offer = ContentionReading.offered(graph, linkWeight, multiplicity, first);
            offeredOnLink += offer;
            if (index + 1 >= records[base + FlowTable.LENGTH]) {
                continue;
            }
            int d = records[base + FlowTable.LINKS + index + 1];
            if (seen[d] != current) {
                seen[d] = current;
                heldBytes[d] = 0;
                onwardClasses[d] = 0;
                onward[onwardLinks++] = d;
                binds[d] = linkWeight[d] >= 2 && fill.remaining(d) <= 1e-9 * graph.linkBytesPerSecond(d);
                if (binds[d]) {
                    offered[d] = 0;
                    idealThrough[d] = 0;
                    next[nextLinks++] = d;
                }
            }
            heldBytes[d] += multiplicity * remaining[flow];
            onwardClasses[d]++;
            if (!binds[d]) {
                continue;
            }
            offered[d] += offer;
            idealThrough[d] += multiplicity * idealRate[flow];
        }
        shares.noteOffered(link, offeredOnLink); // the pass above summed what PortShares would, in the same order
        bytesBound[link] = heldBound(onwardLinks, count);
        double capacity = graph.linkBytesPerSecond(link);
        double delivered = capacity;
        for (int i = 0; i < nextLinks; i++) {
            int d = next[i];
            double share = offered[d] / offeredOnLink;
            if (share >= 1 || heldBytes[d] <= buffer) {
                continue; // no victim on the link to block, or a backlog that fits even if nothing drained
            }
            double arrival = share * capacity;
            double portShare = shares.share(table, d, link, arrival);
            double backlog = heldBytes[d] * (1 - portShare / arrival);
            if (!(idealThrough[d] > portShare * (1 + 1e-9)) || arrival <= portShare || backlog <= buffer) {
                continue;
            }
            double open = buffer / backlog * (portShare / arrival);
            delivered = Math.min(delivered, open * capacity + (1 - open) * portShare / share);
        }
        return delivered / capacity;
    }

    /**
     * The largest held bytes of the {@code onwardLinks} next links of the link just read, but of one that took all of
     * its {@code count} classes, raised by the rounding of {@link #bytesBound}. O(next links).
     */
    private double heldBound(int onwardLinks, int count) {
        double largest = 0;
        for (int i = 0; i < onwardLinks; i++) {
            int d = onward[i];
            if (onwardClasses[d] < count) {
                largest = Math.max(largest, heldBytes[d]);
            }
        }
        return largest * (1 + (count + 1) * 0x1p-50);
    }

    /** A new solve: the offered rates and shares kept for the last one are stale. */
    void beginSolve() {
        shares.beginSolve();
    }

    private int nextStamp() {
        if (stamp == Integer.MAX_VALUE) {
            Arrays.fill(seen, 0);
            stamp = 0;
        }
        return ++stamp;
    }
}
