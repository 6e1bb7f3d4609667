package org.fabricsim.runtime.network;

import java.util.Arrays;

import org.fabricsim.runtime.topology.Graph;

/**
 * A fabric's derating of saturated links for {@link MaxMinNetwork}: after the ideal fill, each
 * component link saturated (less than 10⁻⁹ of its capacity left) by two flows or more gets the
 * {@link ContentionModel}'s capacity factor for its overload (Σ over its classes of multiplicity ×
 * the sender's share of its first link, over the capacity), its flows per sender (Σ multiplicity
 * over the distinct first links, counted with a stamp per link, no allocation), its flows' mean path length
 * (Σ multiplicity × links of the path over Σ multiplicity), the bytes of its contention
 * episode (Σ multiplicity × remaining bytes when the episode began; an episode ends when the link
 * empties or stops being saturated) and its bytes per sender (those over the distinct senders when it
 * began). Factors above 1 − ε (the completion tolerance) leave a link
 * whole. O(flows on the link) per saturated link.
 */
final class ContentionDerating {
    private final ContentionModel model;
    private final Graph graph;
    private final LinkFlowLists lists;
    /**
     * Factors above 1 − ε leave a link whole: a derating smaller than the tolerance changes
     * completions by less than the model already allows, and skipping it spares the second fill
     * (PFC alone: u ≥ 0.998).
     */
    private final double smallestDerating;
    /** Capacities of the derated second fill. */
    final double[] capacity;
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

    ContentionDerating(ContentionModel model, Graph graph, LinkFlowLists lists, double smallestDerating) {
        this.model = model;
        this.graph = graph;
        this.lists = lists;
        this.smallestDerating = smallestDerating;
        capacity = new double[graph.flowLinkCount()];
        episodeBytes = new double[capacity.length];
        episodeSenders = new int[capacity.length];
        senderStamp = new int[capacity.length];
    }

    /** Whether {@code model} derates below 1 − ε anywhere, i.e. whether it needs a second fill. */
    static boolean derates(ContentionModel model, double smallestDerating) {
        return model != null && model.smallestFactor() <= smallestDerating;
    }

    /** Ends the contention episode of a link that no class uses any more. */
    void endEpisode(int link) {
        episodeBytes[link] = 0;
    }

    /**
     * Sets {@link #capacity} for the first {@code links} links of {@code componentLinks}, given
     * each link's capacity left after the ideal fill; returns whether any link was derated.
     */
    boolean derate(FlowTable table, int[] componentLinks, int links, double[] linkRemaining) {
        long[] linkWeight = lists.weight;
        boolean derated = false;
        for (int i = 0; i < links; i++) {
            int link = componentLinks[i];
            double linkCapacity = graph.linkBytesPerSecond(link);
            double factor = 1;
            if (linkWeight[link] >= 2 && linkRemaining[link] <= 1e-9 * linkCapacity) {
                measure(table, link);
                if (episodeBytes[link] == 0) {
                    episodeBytes[link] = remainingBytesOn(table, link);
                    episodeSenders[link] = senders;
                }
                factor = model.saturatedCapacityFactor(link, offeredBytesPerSecond / linkCapacity, flowsPerSender,
                        pathLinks, episodeBytes[link] / episodeSenders[link], episodeBytes[link]);
            } else {
                episodeBytes[link] = 0;
            }
            if (factor > smallestDerating) {
                factor = 1;
            }
            capacity[link] = linkCapacity * factor;
            derated |= factor != 1;
        }
        return derated;
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
     * sender's share of its first link, and {@link #flowsPerSender}, Σ multiplicity over the number
     * of distinct first links, and {@link #pathLinks}, Σ multiplicity × path length over Σ multiplicity.
     * One pass, O(classes on the link).
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
