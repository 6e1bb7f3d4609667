package org.fabricsim.runtime.network;

import java.util.Arrays;
import java.util.function.LongSupplier;

import org.fabricsim.runtime.topology.Graph;

/**
 * What {@link ContentionDerating} reads of a saturated link's load and asks its {@link
 * ContentionModel}: the overload ρ (Σ over its classes of multiplicity × the sender's share of its
 * first link, over the capacity; where the model {@link ContentionModel#offersInputShare}, each term at most
 * the class's fair share w·c_in / W_in of the link before it on its path), the flows per sender m (Σ
 * multiplicity over the distinct first links, counted with a stamp per link, no allocation), the flows' mean
 * path length (Σ multiplicity × links of the path over Σ multiplicity), and the link's contention episode:
 * its bytes (Σ multiplicity × remaining bytes when the episode began; an episode ends when the link empties
 * or stops being saturated, {@link #endEpisode}), its bytes per sender (those over the distinct senders when it
 * began) and its input links (the distinct links before it on its classes' paths, counted with a second stamp). The model is asked again only when one of these differs from the link's last reading (a
 * model's factor is a function of its arguments): most saturated links carry the same classes from
 * one solve to the next. O(flows on the link) per reading.
 *
 * <p><b>Unchanged readings.</b> A link's reading is a function of its classes (their order in its list
 * included, which fixes the order of the sums), each class's first link, multiplicity and path length
 * (fixed per class), the capacities (fixed) and the weights of those first links, plus the episode's
 * bytes and senders (fixed within an episode). Its list and a first link's weight change only when a
 * class enters or leaves a link ({@link #loadChanged}), which marks the readings it may change stale ({@link
 * StaleLinks}). A link in an episode that is not stale reads what it read last, so its last factor is returned
 * without the pass over its classes: bit for bit what the pass would give. Where the derating reads few links besides
 * the episodes' openings ({@code cached} false: {@code ContentionDerating#measuredFactor}), nothing is marked and
 * every reading measures, which gives the same.
 *
 * <p><b>What the opening crowd leaves.</b> The first reading of an episode also notes its time, flows, overload
 * and input links; a later reading in it with fewer flows asks the model's {@link
 * ContentionModel#inheritedCapacityFactor} with those, the time since and the bytes the remaining flows have left
 * (O(flows on the link) more), as {@link EpisodeOpenings} tells when: the link gives the smaller of the answer that
 * holds and the factor of its present reading. The opening reading also reads the flows that reached the link
 * over a hashed choice with room ({@link HashedChoices}), whose factor the link keeps, the smaller one, for the
 * episode, and the bytes it delivers while two inputs or more feed it ({@link SharedInputs}), whose factor multiplies
 * the rest for the episode.
 *
 * <p><b>Unread classes.</b> Where the model leaves some classes' links unread ({@link
 * ContentionModel#crossesUnread}), the pass also sums what those classes offer the link, ρ_u of its capacity, and the
 * link runs at max(factor, min(1, ρ_u)): the control holds back the classes that read the link, which cannot take
 * from it what the others bring (every class unread: ρ_u = ρ ≥ 1 on a saturated link, so whole).
 */
final class ContentionReading {
    private final ContentionModel model;
    private final Graph graph;
    private final LinkFlowLists lists;
    /**
     * Per link, its last (ρ, m, path links, episode bytes, episode bytes per sender, input links, ρ_u) asked of the
     * model, NaN before one.
     */
    private final double[] last;
    /** Values in one reading. */
    private static final int READING = 7;
    /** Per link, the model's factor for its last reading. */
    private final double[] lastFactor;
    /** Per link, the bytes of its current contention episode, 0 outside one. */
    private final double[] episodeBytes;
    /** Per link, the distinct senders of its flows when its current contention episode began. */
    private final int[] episodeSenders;
    /**
     * Per link, the {@link #stamp} of the last measured link on which it was counted as a sender (the first
     * link of one of that link's classes): a sender is new to a measurement when its stamp is older.
     */
    private final int[] senderStamp;
    /** Per link, the {@link #stamp} of the last measured link whose flows arrive over it: as {@link #senderStamp}. */
    private final int[] inputStamp;
    /** Counts the saturated links measured, to tell their senders apart in {@link #senderStamp}. */
    private int stamp;
    /** The offered rate of the link {@link #measure} last measured, bytes per second. */
    private double offeredBytesPerSecond;
    /** The part of it its unread classes offer ({@link ContentionModel#crossesUnread}), bytes per second. */
    private double unreadBytesPerSecond;
    /** Whether the model may leave a class's link unread ({@link ContentionModel#leavesLinksUnread}). */
    private final boolean unreadClasses;
    /** Its flows per distinct sender. */
    private double flowsPerSender;
    /** Its flows' mean path length, links. */
    private double pathLinks;
    /** Its distinct senders. */
    private int senders;
    /** Its distinct input links. */
    private int inputLinks;
    /** Which links' inputs may have changed since their last reading. */
    private final StaleLinks stale;
    /** Its flows, Σ multiplicity. */
    private double flowCount;
    /** Whether a class offers at most its share of the link before ({@link ContentionModel#offersInputShare}). */
    private final boolean inputShare;
    /** The network's clock, ps. */
    private final LongSupplier clockPs;
    /** What each link's current episode opened with, and what its flows left inherit. */
    private final EpisodeOpenings openings;
    /** The factor each link's current episode holds for the flows that reached it over a hashed choice. */
    private final HashedChoices hashed;
    /** The factor each link's current episode holds for the bytes two inputs or more feed it. */
    private final SharedInputs shared;

    ContentionReading(ContentionModel model, Graph graph, LinkFlowLists lists, LongSupplier clockPs,
            ProgressiveFill ideal, boolean cached) {
        this.model = model;
        this.clockPs = clockPs;
        this.inputShare = model.offersInputShare();
        this.unreadClasses = model.leavesLinksUnread();
        this.graph = graph;
        this.lists = lists;
        int links = graph.flowLinkCount();
        last = new double[READING * links];
        Arrays.fill(last, Double.NaN);
        lastFactor = new double[links];
        episodeBytes = new double[links];
        episodeSenders = new int[links];
        senderStamp = new int[links];
        inputStamp = new int[links];
        stale = new StaleLinks(lists, links, inputShare, cached);
        openings = new EpisodeOpenings(model, links);
        hashed = new HashedChoices(model, graph, lists, ideal);
        shared = new SharedInputs(model, links, lists);
    }

    /** A class entered or left {@code link}: its list and its weight changed. O(1). */
    void loadChanged(int link) {
        stale.loadChanged(link);
    }

    /**
     * The model's factor for saturated {@code link} at its present load, in its contention episode,
     * which begins here when the link is not in one; its classes' paths are read from {@code paths} when not
     * null (a {@link FixLog} with an entry for every class on the link), else from their records.
     */
    double factor(FlowTable table, int link, FixLog paths) {
        if (!stale.read(table, link) && episodeBytes[link] != 0) {
            return shared.factor(link) * Math.min(Math.min(lastFactor[link], openings.inherited(link)),
                    hashed.factor(link));
        }
        measure(table, link, paths);
        double overload = offeredBytesPerSecond / graph.linkBytesPerSecond(link);
        double unreadOverload = unreadBytesPerSecond / graph.linkBytesPerSecond(link);
        if (episodeBytes[link] == 0) {
            episodeBytes[link] = remainingBytesOn(table, link);
            episodeSenders[link] = senders;
            openings.open(link, clockPs.getAsLong(), flowCount, overload, inputLinks);
            hashed.open(table, link, paths);
            shared.open(table, link, paths);
        } else if (openings.asks(link, flowCount)) {
            openings.ask(link, clockPs.getAsLong(), flowCount, remainingBytesOn(table, link));
        }
        double bytes = episodeBytes[link];
        double bytesPerSender = bytes / episodeSenders[link];
        int at = READING * link;
        if (last[at] != overload || last[at + 1] != flowsPerSender || last[at + 2] != pathLinks
                || last[at + 3] != bytes || last[at + 4] != bytesPerSender || last[at + 5] != inputLinks
                || last[at + 6] != unreadOverload) {
            last[at] = overload;
            last[at + 1] = flowsPerSender;
            last[at + 2] = pathLinks;
            last[at + 3] = bytes;
            last[at + 4] = bytesPerSender;
            last[at + 5] = inputLinks;
            last[at + 6] = unreadOverload;
            lastFactor[link] = Math.max(model.saturatedCapacityFactor(link, overload, flowsPerSender, pathLinks,
                    bytesPerSender, bytes, inputLinks), Math.min(1, unreadOverload));
        }
        return shared.factor(link) * Math.min(Math.min(lastFactor[link], openings.inherited(link)),
                hashed.factor(link));
    }

    /**
     * Whether {@code link} is in a contention episode. Where the model inherits no state ({@link
     * ContentionModel#inheritsState}) its next reading then gives what it would give had the readings since the
     * episode's opening been left out: a function of the link's classes now, the capacities and what the opening fixed
     * (its bytes, senders, hashed and shared inputs); the readings between only cache it ({@link #last}, {@link
     * StaleLinks}). O(1).
     */
    boolean inEpisode(int link) {
        return episodeBytes[link] != 0;
    }

    /** {@code link} emptied or stopped being saturated: its contention episode ends. */
    void endEpisode(int link) {
        episodeBytes[link] = 0;
        openings.end(link);
        hashed.end(link);
        shared.end(link);
    }

    /** Σ over the classes on {@code link} of multiplicity × remaining bytes: a contention episode's bytes. */
    private double remainingBytesOn(FlowTable table, int link) {
        int[] list = lists.entries[link];
        int count = lists.count[link];
        int entryShift = lists.entryShift;
        int[] records = table.records;
        int stride = table.stride;
        double[] remainingBytes = table.remainingBytes;
        double bytes = 0;
        for (int k = 0; k < count; k++) {
            int flow = list[k] >>> entryShift;
            bytes += records[flow * stride + FlowTable.MULTIPLICITY] * remainingBytes[flow];
        }
        return bytes;
    }

    /**
     * Sets {@link #offeredBytesPerSecond}, Σ over the classes on {@code link} of multiplicity × their
     * sender's share of its first link (at most its share of the link before this one where {@link #inputShare}),
     * {@link #unreadBytesPerSecond}, the part of it from unread classes, {@link #flowsPerSender}, Σ multiplicity over
     * the number of distinct first links ({@link #senders}), {@link #pathLinks}, Σ multiplicity × path length
     * over Σ multiplicity, and {@link #inputLinks}, the distinct links before it on its classes' paths (an entry's
     * path index, its low bits, names its place on the path). One pass, O(classes on the link).
     */
    private void measure(FlowTable table, int link, FixLog paths) {
        int[] list = lists.entries[link];
        int count = lists.count[link];
        int entryShift = lists.entryShift;
        long[] linkWeight = lists.weight;
        int[] records = FixLog.recordsOf(paths, table);
        int stride = table.stride;
        int[] seen = senderStamp;
        int[] seenInput = inputStamp;
        int indexMask = (1 << entryShift) - 1;
        if (stamp == Integer.MAX_VALUE) {
            Arrays.fill(seen, 0);
            Arrays.fill(seenInput, 0);
            stamp = 0;
        }
        int current = ++stamp;
        double offered = 0;
        double unread = 0;
        double flows = 0;
        double links = 0;
        int senders = 0;
        int inputs = 0;
        for (int k = 0; k < count; k++) {
            int flow = list[k] >>> entryShift;
            int base = FixLog.recordOf(paths, flow, stride);
            int index = list[k] & indexMask;
            int input = FlowTable.inputLink(records, base, index);
            if (input >= 0 && seenInput[input] != current) {
                seenInput[input] = current;
                inputs++;
            }
            int first = records[base + FlowTable.LINKS];
            int multiplicity = records[base + FlowTable.MULTIPLICITY];
            double share = offered(graph, linkWeight, multiplicity, first);
            if (inputShare && input >= 0) {
                share = Math.min(share, offered(graph, linkWeight, multiplicity, input));
            }
            offered += share;
            if (unreadClasses && model.crossesUnread(link, first,
                    records[base + FlowTable.LINKS + records[base + FlowTable.LENGTH] - 1])) {
                unread += share;
            }
            flows += multiplicity;
            links += (double) multiplicity * records[base + FlowTable.LENGTH];
            if (seen[first] != current) {
                seen[first] = current;
                senders++;
            }
        }
        offeredBytesPerSecond = offered;
        unreadBytesPerSecond = unread;
        this.senders = senders;
        flowCount = flows;
        inputLinks = inputs;
        flowsPerSender = flows / senders;
        pathLinks = links / flows;
    }

    /**
     * What one class offers a link, as the overload reads it: its multiplicity w times its sender's share of
     * its first link (its NIC) in the ideal fair share, w·c_first / W_first, bytes per second. O(1).
     */
    static double offered(Graph graph, long[] linkWeight, int multiplicity, int first) {
        return multiplicity * graph.linkBytesPerSecond(first) / linkWeight[first];
    }
}
