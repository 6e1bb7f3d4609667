package org.fabricsim.runtime.packet;

import java.util.SplittableRandom;

import org.fabricsim.runtime.topology.Graph;

/**
 * The port quality an adaptive-routing switch ranks its candidate egress ports by ({@link PacketRouting#ADAPTIVE_QUALITY}),
 * as switch silicon documents it: two sampled measures of each port, each quantised into eight bands, combined by
 * weight; the packet goes to a port of the best quality, ties drawn at random from a seeded source (docs:
 * fabric-behaviour.md, "What an adaptive switch compares, session 71").
 *
 * <p><b>Measures.</b> Every sampling interval T_s the switch takes, per port, the bytes it sent in the interval S
 * (its "past load", SAI's "average egress bytes", Broadcom's port loading) and the bytes queued at its egress Q (the
 * "future load", "average queued bytes"), and folds each into an exponentially weighted moving average of exponent
 * e: {@code L ← L + (S − L)·2^−e}, {@code A ← A + (Q − A)·2^−e} (SAI's adaptive routing and switching profile,
 * Broadcom's DLB). The constants are a per-packet deployment's, as the routing chooses per packet: T_s = 1 µs and
 * e = 0 (FBOSS's default in its agent tests of per-packet quality on Broadcom silicon: 1,000,000 samples a second,
 * exponents zero "to do load balancing across all the links better with single stream"), so L is the bytes of the
 * last whole microsecond and A the queue at its end, at most T_s old. SAI's own defaults, T_s = 16 µs and e = 2 (a step reaching
 * 1 − 1/e of its effect in T_s / −ln(1 − 2^−e) = 55.6 µs), belong to its default flowlet mode, where only a new
 * flowlet reads the quality; per packet they send every packet of an interval to the same port (measured with the
 * Tomahawk 5 example's thresholds: the held-out HPCC all-to-all's flows end on average at 1.090 of its uplink bound,
 * 0.984 with these).
 *
 * <p><b>Bands.</b> Each measure is quantised between a low and a high threshold: at or under the low one band 0
 * (the best), at or over the high one band 7, the six bands between of equal width ({@link #band}): the load as a
 * share of the line rate L / (C·T_s) between 10% and 100% (1,000 to 10,000 Mb/s on the 10 Gb/s basis the silicon
 * scales by port speed), the queue between 1,000 and 10,000 B (FBOSS's thresholds). Quality is 7 minus a band;
 * the port's is the weighted sum, 70% load and 30% queue (FBOSS's port weights; Broadcom's Tomahawk 5 example
 * weighs 70 / 20 / 10 with two queue measures), truncated: quality = ⌊(70·q_load + 30·q_queue) / 100⌋, as the
 * example's stated final qualities (5, 4 and 3 for ports at 20%, 50% and 70% of the line with empty queues, on its
 * 5%–90% load thresholds) come out only truncated. {@link #cost} is 7 − quality: the choice is indifferent to loads
 * within a band (15% of the line) and to queues within one (1,500 B).
 *
 * <p><b>Ties</b> go to a candidate drawn uniformly from the seeded source ("If all DLB eligible ECMP members have
 * equal quality ... a new incoming flow will be assigned randomly", Broadcom's example, with its configurable random
 * seed; SAI's ARS profile carries a random seed too), so runs are deterministic for the simulation's seed.
 *
 * <p><b>Cost.</b> The averages are kept exactly but lazily: a port's state moves on only when it is sent on, its queue
 * changes, or a choice reads it; the intervals passed since are applied in closed form (the one that closed with bytes
 * S, then m empty ones: {@code L·(1 − 2^−e)^m}, the queue held at its last depth Q: {@code Q + (A − Q)·(1 −
 * 2^−e)^m}), from a table of the powers. O(1) an update, six primitive arrays over the links, nothing allocated.
 */
final class PortQuality {
    /** FBOSS's per-packet sampling: 1,000,000 samples a second. */
    static final long SAMPLE_PS = 1_000_000;
    /** FBOSS's EWMA exponent for per-packet balancing: 0, each sample replaces the average. */
    static final int EXPONENT = 0;
    /** FBOSS's load thresholds, 1,000 and 10,000 Mb/s on a 10 Gb/s basis: 10% and 100% of the line rate. */
    static final double LOAD_LOW = 0.10;
    static final double LOAD_HIGH = 1.0;
    /** FBOSS's queue thresholds. */
    static final double QUEUE_LOW_BYTES = 1_000;
    static final double QUEUE_HIGH_BYTES = 10_000;
    /** FBOSS's (and Broadcom's example's) weight of the load's quality, percent; the queue's is the rest. */
    static final int LOAD_WEIGHT_PERCENT = 70;
    /** Eight bands, 0 the best. */
    static final int WORST_BAND = 7;
    private static final double KEEP = 1 - 1.0 / (1 << EXPONENT);
    /** KEEP^m; past the table's end the averages' remainder is under 1e-15 of their value and taken as zero. */
    private static final double[] DECAY = new double[128];

    static {
        DECAY[0] = 1;
        for (int m = 1; m < DECAY.length; m++) {
            DECAY[m] = DECAY[m - 1] * KEEP;
        }
    }

    private final double[] lineBytesPerSample;
    private final double[] loadBytes;
    private final double[] queueAverageBytes;
    private final long[] sentBytes;
    private final long[] heldQueueBytes;
    private final long[] interval;
    private final SplittableRandom random;

    PortQuality(Graph graph, SplittableRandom random) {
        int links = graph.linkCount();
        lineBytesPerSample = new double[links];
        for (int link = 0; link < links; link++) {
            lineBytesPerSample[link] = graph.linkBytesPerSecond(link) * SAMPLE_PS * 1e-12;
        }
        loadBytes = new double[links];
        queueAverageBytes = new double[links];
        sentBytes = new long[links];
        heldQueueBytes = new long[links];
        interval = new long[links];
        this.random = random;
    }

    /** {@code link} starts sending {@code wireBytes} at {@code nowPs}, leaving {@code queuedBytes} at its egress. */
    void sent(int link, long wireBytes, long queuedBytes, long nowPs) {
        roll(link, nowPs);
        sentBytes[link] += wireBytes;
        heldQueueBytes[link] = queuedBytes;
    }

    /** The egress queue of {@code link} holds {@code queuedBytes} from {@code nowPs} on. */
    void queued(int link, long queuedBytes, long nowPs) {
        roll(link, nowPs);
        heldQueueBytes[link] = queuedBytes;
    }

    /** 7 − the quality of {@code link} at {@code nowPs}: 0 for an idle port, 7 for one loaded and queued past both highs. */
    int cost(int link, long nowPs) {
        roll(link, nowPs);
        return WORST_BAND - quality(band(loadBytes[link] / lineBytesPerSample[link], LOAD_LOW, LOAD_HIGH),
                band(queueAverageBytes[link], QUEUE_LOW_BYTES, QUEUE_HIGH_BYTES));
    }

    /** A port's quality, 0 to 7: the weighted qualities (7 − band) of its load and its queue, truncated. */
    static int quality(int loadBand, int queueBand) {
        return (LOAD_WEIGHT_PERCENT * (WORST_BAND - loadBand) + (100 - LOAD_WEIGHT_PERCENT) * (WORST_BAND - queueBand))
                / 100;
    }

    /** One of the first {@code count} candidates, uniformly (a tie among equal costs). */
    int draw(int count) {
        return random.nextInt(count);
    }

    /** Band of {@code value} between {@code low} (band 0 at or under it) and {@code high} (band 7 at or over it). */
    static int band(double value, double low, double high) {
        if (value <= low) {
            return 0;
        }
        if (value >= high) {
            return WORST_BAND;
        }
        return 1 + (int) ((WORST_BAND - 1) * (value - low) / (high - low));
    }

    /** Applies the samples of every interval boundary passed since {@code link} last moved. */
    private void roll(int link, long nowPs) {
        long now = nowPs / SAMPLE_PS;
        long passed = now - interval[link];
        if (passed <= 0) {
            return;
        }
        double held = heldQueueBytes[link];
        double load = loadBytes[link] + (sentBytes[link] - loadBytes[link]) * (1 - KEEP);
        double queue = queueAverageBytes[link] + (held - queueAverageBytes[link]) * (1 - KEEP);
        double decay = passed - 1 < DECAY.length ? DECAY[(int) (passed - 1)] : 0;
        loadBytes[link] = load * decay;
        queueAverageBytes[link] = held + (queue - held) * decay;
        sentBytes[link] = 0;
        interval[link] = now;
    }
}
