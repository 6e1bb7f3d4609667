package org.fabricsim.runtime.network;

import java.util.Arrays;

import org.fabricsim.runtime.topology.Graph;

/**
 * What {@link ContentionDerating} reads of a saturated link's load and asks its {@link
 * ContentionModel}: the overload ρ (Σ over its classes of multiplicity × the sender's share of its
 * first link, over the capacity), the flows per sender m (Σ multiplicity over the distinct first
 * links, counted with a stamp per link, no allocation), the flows' mean path length (Σ multiplicity ×
 * links of the path over Σ multiplicity), and the link's contention episode: its bytes (Σ multiplicity
 * × remaining bytes when the episode began; an episode ends when the link empties or stops being
 * saturated, {@link #endEpisode}) and its bytes per sender (those over the distinct senders when it
 * began). The model is asked again only when one of these differs from the link's last reading (a
 * model's factor is a function of its arguments): most saturated links carry the same classes from
 * one solve to the next. O(flows on the link) per reading.
 */
final class ContentionReading {
    private final ContentionModel model;
    private final Graph graph;
    private final LinkFlowLists lists;
    /** Per link, its last (ρ, m, path links, episode bytes, episode bytes per sender) asked of the model, NaN before one. */
    private final double[] last;
    /** Values in one reading. */
    private static final int READING = 5;
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
    /** Counts the saturated links measured, to tell their senders apart in {@link #senderStamp}. */
    private int stamp;
    /** The offered rate of the link {@link #measure} last measured, bytes per second. */
    private double offeredBytesPerSecond;
    /** Its flows per distinct sender. */
    private double flowsPerSender;
    /** Its flows' mean path length, links. */
    private double pathLinks;
    /** Its distinct senders. */
    private int senders;

    ContentionReading(ContentionModel model, Graph graph, LinkFlowLists lists) {
        this.model = model;
        this.graph = graph;
        this.lists = lists;
        int links = graph.flowLinkCount();
        last = new double[READING * links];
        Arrays.fill(last, Double.NaN);
        lastFactor = new double[links];
        episodeBytes = new double[links];
        episodeSenders = new int[links];
        senderStamp = new int[links];
    }

    /**
     * The model's factor for saturated {@code link} at its present load, in its contention episode,
     * which begins here when the link is not in one.
     */
    double factor(FlowTable table, int link) {
        measure(table, link);
        if (episodeBytes[link] == 0) {
            episodeBytes[link] = remainingBytesOn(table, link);
            episodeSenders[link] = senders;
        }
        double overload = offeredBytesPerSecond / graph.linkBytesPerSecond(link);
        double bytes = episodeBytes[link];
        double bytesPerSender = bytes / episodeSenders[link];
        int at = READING * link;
        if (last[at] != overload || last[at + 1] != flowsPerSender || last[at + 2] != pathLinks
                || last[at + 3] != bytes || last[at + 4] != bytesPerSender) {
            last[at] = overload;
            last[at + 1] = flowsPerSender;
            last[at + 2] = pathLinks;
            last[at + 3] = bytes;
            last[at + 4] = bytesPerSender;
            lastFactor[link] = model.saturatedCapacityFactor(link, overload, flowsPerSender, pathLinks,
                    bytesPerSender, bytes);
        }
        return lastFactor[link];
    }

    /** {@code link} emptied or stopped being saturated: its contention episode ends. */
    void endEpisode(int link) {
        episodeBytes[link] = 0;
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
     * sender's share of its first link, {@link #flowsPerSender}, Σ multiplicity over the number
     * of distinct first links ({@link #senders}), and {@link #pathLinks}, Σ multiplicity × path length
     * over Σ multiplicity. One pass, O(classes on the link).
     */
    private void measure(FlowTable table, int link) {
        int[] list = lists.entries[link];
        int count = lists.count[link];
        int entryShift = lists.entryShift;
        long[] linkWeight = lists.weight;
        int[] records = table.records;
        int stride = table.stride;
        int[] seen = senderStamp;
        if (stamp == Integer.MAX_VALUE) {
            Arrays.fill(seen, 0);
            stamp = 0;
        }
        int current = ++stamp;
        double offered = 0;
        double flows = 0;
        double links = 0;
        int senders = 0;
        for (int k = 0; k < count; k++) {
            int base = (list[k] >>> entryShift) * stride;
            int first = records[base + FlowTable.LINKS];
            int multiplicity = records[base + FlowTable.MULTIPLICITY];
            offered += multiplicity * graph.linkBytesPerSecond(first) / linkWeight[first];
            flows += multiplicity;
            links += (double) multiplicity * records[base + FlowTable.LENGTH];
            if (seen[first] != current) {
                seen[first] = current;
                senders++;
            }
        }
        offeredBytesPerSecond = offered;
        this.senders = senders;
        flowsPerSender = flows / senders;
        pathLinks = links / flows;
    }
}
