package org.fabricsim.runtime.packet;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.fabricsim.runtime.topology.Graph;

/**
 * Per-port (per link) counters of the packet backend: drops, trimmed packets, ECN marks, pause time, bytes sent and
 * retransmitted, the peak egress queue (bytes queued just after an admission), and the queue depth
 * seen by arriving packets: its exact mean (sum of depths ÷ arrivals) and a log-linear histogram (four
 * buckets per power of two, so a percentile is exact to within 19%; the first 64 bytes are one
 * bucket). Recording is O(1) amortized (depths are counted in batches); a percentile is O(buckets); the busiest ports O(L log L) for L links.
 */
final class PortStatistics {
    /** Ports a run's result lists at most ({@link #busiest}). */
    static final int REPORTED_PORTS = 32;
    private static final int SUB_BUCKETS = 4;
    private static final int BUCKETS = 64 * SUB_BUCKETS;
    final long[] drops;
    final long[] ecnMarks;
    final long[] pausePs;
    final long[] sentBytes;
    final long[] payloadBytes;
    final long[] retransmittedBytes;
    final long[] trimmed;
    private final long[] peakQueueBytes;
    private final long[] depthSumBytes;
    private final long[] arrivals;
    private final long[] pausedSincePs;
    private final long[][] depthHistogram;
    /**
     * Depths recorded but not yet counted: the link and the bytes of each, in arrival order. They are counted
     * {@value #PENDING} at a time ({@link #count}): the histogram buckets are scattered over the ports, and one
     * loop over many arrivals overlaps their cache misses where counting at each arrival stalls on one.
     */
    private final int[] pendingLink = new int[PENDING];
    private final long[] pendingBytes = new long[PENDING];
    private int pending;
    private static final int PENDING = 256;

    PortStatistics(int links, int priorities) {
        drops = new long[links];
        ecnMarks = new long[links];
        pausePs = new long[links];
        sentBytes = new long[links];
        payloadBytes = new long[links];
        retransmittedBytes = new long[links];
        trimmed = new long[links];
        peakQueueBytes = new long[links];
        depthSumBytes = new long[links];
        arrivals = new long[links];
        pausedSincePs = new long[links * priorities];
        depthHistogram = new long[links][];
    }

    void paused(int queue, long nowPs) {
        pausedSincePs[queue] = nowPs;
    }

    /** When queue (link·P + priority) was last paused, ps (0 if never). */
    long pausedSincePs(int queue) {
        return pausedSincePs[queue];
    }

    void resumed(int queue, int link, long nowPs) {
        pausePs[link] += nowPs - pausedSincePs[queue];
    }

    /** Records the egress queue depth an arriving packet finds at {@code link}. O(1) amortized. */
    void depth(int link, long bytes) {
        if (pending == PENDING) {
            count();
        }
        pendingLink[pending] = link;
        pendingBytes[pending++] = bytes;
    }

    /** Counts the pending depths into each link's histogram, sum and arrivals. */
    private void count() {
        for (int i = 0; i < pending; i++) {
            int link = pendingLink[i];
            long bytes = pendingBytes[i];
            long[] histogram = depthHistogram[link];
            if (histogram == null) {
                histogram = depthHistogram[link] = new long[BUCKETS];
            }
            histogram[bucket(bytes)]++;
            depthSumBytes[link] += bytes;
            arrivals[link]++;
        }
        pending = 0;
    }

    /** Records the egress queue of {@code link} just after a packet joined it. */
    void queued(int link, long bytes) {
        if (bytes > peakQueueBytes[link]) {
            peakQueueBytes[link] = bytes;
        }
    }

    static int bucket(long bytes) {
        if (bytes < 64) {
            return 0;
        }
        int octave = 63 - Long.numberOfLeadingZeros(bytes);
        int sub = (int) (bytes >>> (octave - 2)) & (SUB_BUCKETS - 1);
        return (octave - 5) * SUB_BUCKETS + sub;
    }

    /** The upper bound in bytes of bucket {@code index}. */
    static long bucketUpperBytes(int index) {
        if (index == 0) {
            return 64;
        }
        int octave = index / SUB_BUCKETS + 5;
        int sub = index % SUB_BUCKETS;
        return (1L << octave) + (long) (sub + 1) * (1L << (octave - 2));
    }

    /** The {@code quantile} (0..1) of queue depth seen by arrivals at {@code link}, bytes (a bucket's upper bound). */
    private long depthPercentile(int link, double quantile) {
        long[] histogram = depthHistogram[link];
        if (histogram == null) {
            return 0;
        }
        long total = 0;
        for (long count : histogram) {
            total += count;
        }
        long rank = (long) Math.ceil(quantile * total);
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++) {
            seen += histogram[i];
            if (seen >= Math.max(1, rank)) {
                return i == 0 ? 0 : bucketUpperBytes(i);
            }
        }
        return bucketUpperBytes(BUCKETS - 1);
    }

    /** The report of the port at the egress of {@code link} of {@code graph}. */
    PortReport report(Graph graph, int link) {
        count();
        return new PortReport(link, graph.linkFrom(link), graph.linkTo(link), sentBytes[link],
                retransmittedBytes[link], drops[link], trimmed[link], ecnMarks[link], pausePs[link], peakQueueBytes[link],
                arrivals[link] == 0 ? 0 : (double) depthSumBytes[link] / arrivals[link],
                depthPercentile(link, 0.5), depthPercentile(link, 0.99));
    }

    /**
     * The reports of the busiest ports that carried or dropped anything, at most {@code cap}: deepest
     * peak queue first, then the longest pause, the most drops and trims, the most bytes sent, the lowest link.
     */
    List<PortReport> busiest(Graph graph, int cap) {
        List<PortReport> used = new ArrayList<>();
        for (int link = 0; link < sentBytes.length; link++) {
            if (sentBytes[link] > 0 || drops[link] > 0) {
                used.add(report(graph, link));
            }
        }
        used.sort(Comparator.comparingLong(PortReport::peakQueueBytes).reversed()
                .thenComparing(Comparator.comparingLong(PortReport::pausePs).reversed())
                .thenComparing(Comparator.comparingLong((PortReport port) -> port.drops() + port.trimmed()).reversed())
                .thenComparing(Comparator.comparingLong(PortReport::sentBytes).reversed())
                .thenComparingInt(PortReport::link));
        return List.copyOf(used.subList(0, Math.min(cap, used.size())));
    }
}
