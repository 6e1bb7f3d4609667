package org.fabricsim.runtime.packet;

import java.util.Arrays;

/**
 * HPCC's sender for every flow, in primitive arrays indexed by flow handle: the utilisation estimate
 * U, the reference rate R_c, the increase stage, the sequence that ends the current round trip, the
 * cumulative acknowledgement that anchors its window, and the telemetry of the last acknowledgement
 * per hop. The rules are {@link Hpcc}'s; O(hops) per
 * acknowledgement. A hop's rate is the difference of one link's byte counter: where per-packet
 * multipath routing took the two acknowledged packets over different links at a hop, that hop gives
 * no estimate this time (HPCC assumes one path per flow; its other hops still do).
 */
final class HpccSender {
    private static final int HOPS = Hpcc.MAX_HOPS;
    private final Hpcc parameters;
    private double[] utilisation = new double[256];
    private double[] referenceBytesPerSecond = new double[256];
    private int[] stage = new int[256];
    private int[] lastUpdateSeq = new int[256];
    private int[] acknowledgedSeq = new int[256];
    private boolean[] primed = new boolean[256];
    private long[] queueBytes = new long[256 * HOPS];
    private long[] txBytes = new long[256 * HOPS];
    private long[] timePs = new long[256 * HOPS];
    private int[] link = new int[256 * HOPS];

    HpccSender(Hpcc parameters) {
        this.parameters = parameters;
    }

    void grow(int capacity) {
        utilisation = Arrays.copyOf(utilisation, capacity);
        referenceBytesPerSecond = Arrays.copyOf(referenceBytesPerSecond, capacity);
        stage = Arrays.copyOf(stage, capacity);
        lastUpdateSeq = Arrays.copyOf(lastUpdateSeq, capacity);
        acknowledgedSeq = Arrays.copyOf(acknowledgedSeq, capacity);
        primed = Arrays.copyOf(primed, capacity);
        queueBytes = Arrays.copyOf(queueBytes, capacity * HOPS);
        txBytes = Arrays.copyOf(txBytes, capacity * HOPS);
        timePs = Arrays.copyOf(timePs, capacity * HOPS);
        link = Arrays.copyOf(link, capacity * HOPS);
    }

    /** A new flow starts at line rate with U = 1 and no telemetry yet (assumed, as a fresh ns-3 queue pair). */
    void reset(int flow, double lineBytesPerSecond) {
        utilisation[flow] = 1;
        referenceBytesPerSecond[flow] = lineBytesPerSecond;
        stage[flow] = 0;
        lastUpdateSeq[flow] = 0;
        acknowledgedSeq[flow] = 0;
        primed[flow] = false;
    }

    /**
     * HPCC's window (Li et al., §3.2 and Algorithm 1: R = W / T; ns-3 {@code RdmaQueuePair::GetWin} under
     * {@code VarWin}, W = W_init·R / B with W_init = B·T, and {@code IsWinBound}): the sender keeps at most
     * W = R·T bytes of payload unacknowledged, R its current rate and T its base round trip, so a new flow puts
     * W_init = B·T (one bandwidth-delay product) in flight in its first round trip. The paper's window step W_AI and
     * maxStage are its rate's, times T (W_AI = R_AI·T), and R ∈ [R_min, B] bounds W to [R_min·T, B·T]. Given the
     * cumulative acknowledgement {@code cumulativeSeq} that just arrived (snd_una, the highest kept), returns one past
     * the last new sequence the sender may send: ns-3 sends while snd_nxt − snd_una &lt; W, i.e. with packets of
     * {@code mtuBytes} of payload while the next sequence is below snd_una + ⌈W / MTU⌉ (at least one packet, as
     * R_min·T &gt; 0). O(1).
     */
    int windowEndSeq(int flow, int cumulativeSeq, double bytesPerSecond, long basePs, int mtuBytes) {
        acknowledgedSeq[flow] = Math.max(acknowledgedSeq[flow], cumulativeSeq);
        return acknowledgedSeq[flow] + (int) Math.ceil(bytesPerSecond * basePs * 1e-12 / mtuBytes);
    }

    /**
     * The acknowledgement of {@code packet} (sequence {@code seq}) reached the sender of {@code flow}:
     * returns the flow's new rate, or −1 when it keeps its rate (the first acknowledgement only
     * stores the telemetry).
     *
     * @param sentSeq   one past the highest sequence the sender has sent (the end of the round trip that starts
     *                  now: after a go-back-N rewind the first pass's packets beyond the rewind are still in
     *                  flight, and their acknowledgements belong to the round trip before, as under ns-3's
     *                  cumulative acknowledgement)
     * @param basePs    the flow's base round trip T
     * @param lineBytesPerSecond the flow's NIC rate, the rate's upper bound
     */
    double onAck(Packets packets, int packet, int flow, int seq, int sentSeq, long basePs,
            double lineBytesPerSecond, double[] linkBytesPerSecond) {
        int hops = Math.min(packets.telemetryHops[packet], HOPS);
        int at = packet * HOPS;
        int mine = flow * HOPS;
        if (!primed[flow]) {
            primed[flow] = true;
            lastUpdateSeq[flow] = sentSeq;
            store(packets, at, mine, hops);
            return -1;
        }
        double max = 0;
        long tauPs = 0;
        for (int h = 0; h < hops; h++) {
            long dtPs = packets.telemetryTimePs[at + h] - timePs[mine + h];
            if (dtPs <= 0 || packets.telemetryLink[at + h] != link[mine + h]) {
                continue;
            }
            double line = linkBytesPerSecond[packets.telemetryLink[at + h]];
            double txRate = (packets.telemetryTxBytes[at + h] - txBytes[mine + h]) / (dtPs * 1e-12);
            double u = txRate / line + Math.min(packets.telemetryQueueBytes[at + h], queueBytes[mine + h])
                    / (line * basePs * 1e-12);
            if (u > max) {
                max = u;
                tauPs = dtPs;
            }
        }
        store(packets, at, mine, hops);
        tauPs = Math.min(tauPs, basePs);
        utilisation[flow] = (utilisation[flow] * (basePs - tauPs) + max * tauPs) / basePs;
        double k = utilisation[flow] / parameters.eta();
        boolean decrease = k >= 1 || stage[flow] >= parameters.maxStage();
        double rate = (decrease ? referenceBytesPerSecond[flow] / k : referenceBytesPerSecond[flow])
                + parameters.additiveBytesPerSecond();
        rate = Math.max(parameters.minBytesPerSecond(), Math.min(lineBytesPerSecond, rate));
        if (seq + 1 > lastUpdateSeq[flow]) {
            referenceBytesPerSecond[flow] = rate;
            stage[flow] = decrease ? 0 : stage[flow] + 1;
            lastUpdateSeq[flow] = Math.max(lastUpdateSeq[flow], sentSeq);
        }
        return rate;
    }

    private void store(Packets packets, int at, int mine, int hops) {
        for (int h = 0; h < hops; h++) {
            queueBytes[mine + h] = packets.telemetryQueueBytes[at + h];
            txBytes[mine + h] = packets.telemetryTxBytes[at + h];
            timePs[mine + h] = packets.telemetryTimePs[at + h];
            link[mine + h] = packets.telemetryLink[at + h];
        }
    }
}
