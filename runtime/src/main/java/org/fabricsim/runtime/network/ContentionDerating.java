package org.fabricsim.runtime.network;

import org.fabricsim.runtime.topology.Graph;

/**
 * A fabric's derating of saturated links for {@link MaxMinNetwork}: after the ideal fill, each
 * component link saturated (less than 10⁻⁹ of its capacity left) by two flows or more gets the
 * {@link ContentionModel}'s capacity factor for its overload (Σ over its classes of multiplicity ×
 * the sender's share of its first link, over the capacity) and the bytes of its contention
 * episode (Σ multiplicity × remaining bytes when the episode began; an episode ends when the link
 * empties or stops being saturated). Factors above 1 − ε (the completion tolerance) leave a link
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

    ContentionDerating(ContentionModel model, Graph graph, LinkFlowLists lists, double smallestDerating) {
        this.model = model;
        this.graph = graph;
        this.lists = lists;
        this.smallestDerating = smallestDerating;
        capacity = new double[graph.flowLinkCount()];
        episodeBytes = new double[capacity.length];
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
                if (episodeBytes[link] == 0) {
                    episodeBytes[link] = remainingBytesOn(table, link);
                }
                factor = model.saturatedCapacityFactor(link, offeredBytesPerSecond(table, link) / linkCapacity,
                        episodeBytes[link]);
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

    /** Σ over the classes on {@code link} of multiplicity × their sender's share of its first link. */
    private double offeredBytesPerSecond(FlowTable table, int link) {
        int[] list = lists.entries[link];
        int count = lists.count[link];
        int entryShift = lists.entryShift;
        long[] linkWeight = lists.weight;
        int[] records = table.records;
        int stride = table.stride;
        double offered = 0;
        for (int k = 0; k < count; k++) {
            int base = (list[k] >>> entryShift) * stride;
            int first = records[base + FlowTable.LINKS];
            offered += records[base + FlowTable.MULTIPLICITY] * graph.linkBytesPerSecond(first) / linkWeight[first];
        }
        return offered;
    }
}
