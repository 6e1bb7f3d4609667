package org.fabricsim.runtime.network;

import java.util.Arrays;

import org.fabricsim.runtime.topology.Graph;

/**
 * The replay of a partial fill's slower classes ({@link ProgressiveFill#fillAbove} without a {@link FixLog}: they are
 * taken off their links in fix order), kept for the next partial fill, which resumes from it instead of replaying its
 * own slower classes again.
 *
 * <p><b>Why it is exact.</b> After a replay of classes P, link ℓ's capacity left is the chain c_ℓ − w₁r₁ − w₂r₂ − …
 * over P's classes on ℓ in fix order; the replay keeps each link's value before every class's charge ({@link
 * #before}) and the class's rank among P's on that link. The next partial fill's slower classes S (rate below its
 * level) keep their rates and fix sequences. When S ⊆ P and, on every link, S's classes come before the others of P
 * (the level fell, as when the fastest classes finish first), S's replay on a link is the first charges of P's, the
 * same operations in the same order: a link that carries a class of P \ S takes its value before the first such
 * class, every other link keeps P's value, bit for bit. Unfixed weights are integers, exact in a double: the link's
 * weight less S's weights on it, summed in any order. The replay keeps each class's path and weight, and stays valid
 * while no class starts (a handle could be reused) and no other fill sets rates ({@link #forget}); otherwise, or when
 * S is not such a prefix, the fill replays as before.
 *
 * <p>Cost of a resume: O(F) reads of the component's rates and of a bit per class, in handle order, O(|P|) of the kept
 * order, and the kept paths of P \ S, instead of a sort of S and a charge of each of its classes at a random address.
 * Space: per replayed class three ints, and a double and two ints per link of its path; a bit per class handle; per
 * link eight numbers.
 */
final class SlowerPrefix {
    private static final int NONE = -1;
    private final Graph graph;
    private final int maxPathLinks;
    /** The replayed classes in fix order, {@link #count} of them valid ({@link #NONE} when nothing is kept). */
    private int count = NONE;
    private int[] flowAt = new int[1024];
    private int[] lengthAt = new int[1024];
    private int[] weightAt = new int[1024];
    /**
     * At {@code p · maxPathLinks + j}: the j-th link of the p-th class, its capacity left before the class's charge,
     * and how many kept classes that link took off before it (its rank there).
     */
    private int[] linkAt;
    private double[] before;
    private int[] rank;
    /** Bit f is set while class f is one of the kept replay's. */
    private long[] replayed;
    /** Per link, the capacity left after the replay, the weight it took off and the number of classes it took off. */
    private final double[] remaining;
    private final long[] charged;
    private final int[] kept;
    /** Per link, scratch of {@link #resume}: the classes after the prefix on it, their weight and the first's entry. */
    private final int[] removed;
    private final long[] removedWeight;
    private final int[] firstRemoved;
    private final int[] linkResume;
    private final int[] touchedLinks;
    private int resumeEpoch;
    /** Per link, the replay that covered it last ({@link #replay}'s {@link #epoch}). */
    private final int[] linkEpoch;
    private int epoch;

    SlowerPrefix(Graph graph, int maxPathLinks, int linkCount, int classCapacity) {
        this.graph = graph;
        this.maxPathLinks = maxPathLinks;
        linkAt = new int[1024 * maxPathLinks];
        before = new double[linkAt.length];
        rank = new int[linkAt.length];
        replayed = new long[(classCapacity + 63) >>> 6];
        remaining = new double[linkCount];
        charged = new long[linkCount];
        kept = new int[linkCount];
        removed = new int[linkCount];
        removedWeight = new long[linkCount];
        firstRemoved = new int[linkCount];
        linkResume = new int[linkCount];
        touchedLinks = new int[linkCount];
        linkEpoch = new int[linkCount];
    }

    /** Room for class handles below {@code capacity}. */
    void grow(int capacity) {
        if (replayed.length < (capacity + 63) >>> 6) {
            replayed = Arrays.copyOf(replayed, (capacity + 63) >>> 6);
        }
    }

    /** A class started or a fill changed rates: the next partial fill replays. */
    void forget() {
        for (int p = 0; p < count; p++) {
            if (flowAt[p] != NONE) {
                replayed[flowAt[p] >>> 6] = 0;
            }
        }
        count = NONE;
    }

    /**
     * Starts a partial fill from the kept replay when its slower classes (the first {@code n} of {@code flows} below
     * {@code level} by {@code rates}) are a prefix of it and it covered all {@code links} links of {@code
     * componentLinks}: marks them {@code fixed}, writes each link's capacity left and unfixed weight into {@code
     * state} (at 2ℓ and 2ℓ + 1) and returns their number; else returns -1 and changes nothing but {@code fixed}.
     * O(n + links + |kept order| + P·hops) for P classes after the prefix.
     */
    int resume(int[] flows, int n, double[] rates, double level, long[] fixed, int[] componentLinks,
            int links, double[] state, long[] linkWeight) {
        if (count == NONE) {
            return NONE;
        }
        int slower = 0;
        for (int i = 0; i < n; i++) {
            int flow = flows[i];
            if (rates[flow] < level) {
                if ((replayed[flow >>> 6] & 1L << flow) == 0) {
                    return NONE;
                }
                slower++;
                fixed[flow >>> 6] |= 1L << flow;
            }
        }
        for (int i = 0; i < links; i++) {
            if (linkEpoch[componentLinks[i]] != epoch) {
                return NONE;
            }
        }
        int touched = 0;
        resumeEpoch++;
        for (int p = count - 1; p >= 0; p--) {
            int flow = flowAt[p];
            if (flow == NONE || (fixed[flow >>> 6] & 1L << flow) != 0) {
                continue;
            }
            for (int at = p * maxPathLinks; at < p * maxPathLinks + lengthAt[p]; at++) {
                int link = linkAt[at];
                if (linkResume[link] != resumeEpoch) {
                    linkResume[link] = resumeEpoch;
                    removed[link] = 0;
                    removedWeight[link] = 0;
                    touchedLinks[touched++] = link;
                }
                removed[link]++;
                removedWeight[link] += weightAt[p];
                firstRemoved[link] = at;
            }
        }
        for (int i = 0; i < touched; i++) {
            int link = touchedLinks[i];
            if (rank[firstRemoved[link]] != kept[link] - removed[link]) {
                return NONE;
            }
        }
        for (int i = 0; i < touched; i++) {
            int link = touchedLinks[i];
            remaining[link] = before[firstRemoved[link]];
            charged[link] -= removedWeight[link];
            kept[link] -= removed[link];
        }
        for (int p = 0; p < count; p++) {
            int flow = flowAt[p];
            if (flow != NONE && (fixed[flow >>> 6] & 1L << flow) == 0) {
                flowAt[p] = NONE;
                replayed[flow >>> 6] &= ~(1L << flow);
            }
        }
        load(componentLinks, links, state, linkWeight);
        return slower;
    }

    /**
     * Replays the slower classes as {@link ProgressiveFill#fillAbove} has always done: the {@code slower} classes that
     * {@code order} sorted, in fix order, marked {@code fixed} and taken off the component's links with their
     * capacities ({@code capacity} per link when not null) into {@code state}, their paths from {@code paths} when
     * not null. Keeps the replay for {@link #resume} when it used the links' own capacities and the class records.
     * O(links + P·hops).
     */
    void replay(FlowTable table, FixOrder order, int[] flows, int slower, double[] rates, double[] capacity,
            FixLog paths, long[] fixed, int[] componentLinks, int links, double[] state, long[] linkWeight) {
        boolean keep = capacity == null && paths == null;
        forget();
        count = keep ? slower : NONE;
        epoch += keep ? 1 : 0;
        for (int i = 0; i < links; i++) {
            int link = componentLinks[i];
            state[2 * link] = capacity == null ? graph.linkBytesPerSecond(link) : capacity[link];
            state[2 * link + 1] = linkWeight[link];
            kept[link] = 0;
            linkEpoch[link] = epoch;
        }
        if (keep && flowAt.length < slower) {
            flowAt = new int[Math.max(slower, 2 * flowAt.length)];
            lengthAt = new int[flowAt.length];
            weightAt = new int[flowAt.length];
            linkAt = new int[flowAt.length * maxPathLinks];
            before = new double[linkAt.length];
            rank = new int[linkAt.length];
        }
        int[] records = FixLog.recordsOf(paths, table);
        for (int p = 0; p < slower; p++) {
            int flow = order.flowAt(flows, p);
            fixed[flow >>> 6] |= 1L << flow;
            int from = FixLog.recordOf(paths, flow, table.stride) + FlowTable.LINKS;
            int length = records[from - FlowTable.LINKS + FlowTable.LENGTH];
            int weight = records[from - FlowTable.LINKS + FlowTable.MULTIPLICITY];
            if (keep) {
                flowAt[p] = flow;
                replayed[flow >>> 6] |= 1L << flow;
                lengthAt[p] = length;
                weightAt[p] = weight;
                for (int j = 0; j < length; j++) {
                    int link = records[from + j];
                    linkAt[p * maxPathLinks + j] = link;
                    before[p * maxPathLinks + j] = state[2 * link];
                    rank[p * maxPathLinks + j] = kept[link]++;
                }
            }
            ProgressiveFill.takeOff(state, records, from, from + length, weight, rates[flow]);
        }
        for (int i = 0; keep && i < links; i++) {
            int link = componentLinks[i];
            remaining[link] = state[2 * link];
            charged[link] = linkWeight[link] - (long) state[2 * link + 1];
        }
    }

    /** Writes the kept replay's capacity left and unfixed weight of the component's links into {@code state}. O(links). */
    private void load(int[] componentLinks, int links, double[] state, long[] linkWeight) {
        for (int i = 0; i < links; i++) {
            int link = componentLinks[i];
            state[2 * link] = remaining[link];
            state[2 * link + 1] = linkWeight[link] - charged[link];
        }
    }
}
