package org.fabricsim.runtime.fabricbehaviour;

import org.fabricsim.runtime.packet.Dcqcn;

/**
 * DCQCN's stall on a queue that passes Kmax (docs/fabric-behaviour.md, "Why DCQCN on PFC stalls the all-to-all"):
 * a delay per contention episode, derived from DCQCN's parameters ({@link Dcqcn}: those the row was measured with,
 * {@link FabricBehaviour#dcqcn()}, the defaults or a fabric's stated ones) and the queue the flow control admits,
 * not read from the table.
 *
 * <p><b>Queue.</b> Every flow starts at line rate, so a link of capacity c offered ρ·c queues at (ρ − 1)·c until
 * its senders slow down; over an episode that brings R bytes the queue would peak at Q = (1 − 1/ρ)·R (as {@link
 * DropTimeouts} reads it). Backpressure bounds it by what the sending switch admits, Q_adm: n_in·B_in under PFC
 * or credits (n_in the link's input links, B_in what one ingress may hold before it pauses its sender: PFC's
 * threshold S/9 + reserve, a link's credit), α·S/(1 + α) on a lossy or trimming switch.
 *
 * <p><b>Onset.</b> Between Kmin and Kmax a packet leaving a queue of Kmin + x is marked with probability
 * Pmax·x/ΔK (ΔK = Kmax − Kmin); while the queue grows by ΔK, ΔK/(ρ − 1) bytes leave, 1/N of them a flow's (N =
 * m·n_s flows: m per sender, n_s senders), so a flow is marked E = Pmax·ΔK / (2·(ρ − 1)·N·MTU) times on average
 * before the queue reaches Kmax, at most once per decrease period τ_d: at most ΔK / ((ρ − 1)·c·τ_d). Each mark
 * halves its rate (α = 1 on the first CNP); a flow that starts at line rate must halve h = log₂ N times before N
 * of them fit c. If E ≥ h the senders are brought under c before Kmax and nothing stalls (the table's rate u
 * stands). Otherwise the queue passes Kmax, where every packet is marked, and each flow still needs h cuts, one
 * per max(τ_d, N·MTU/c) (a CNP needs one of the flow's marked packets, and the bottleneck passes one of a flow's
 * packets per N·MTU/c); meanwhile the queue grows by (ρ − 1)·c·t_cut, t_cut = h·max(τ_d, N·MTU/c), to Q* = Kmax +
 * (ρ − 1)·c·t_cut. The senders are cut with bytes left, and so stall, iff min(Q, Q_adm) &gt; Kmax and Q &gt;
 * min(Q*, Q_adm): a queue that would pass Q* before the episode's bytes are sent, or one that backpressure holds
 * at Q_adm &gt; Kmax (every packet marked) with the senders' bytes still held at the hosts. A sender whose bytes
 * are all in the network before its cut loses nothing: the queue keeps the link busy. At the table's own incasts
 * (1 MiB per sender, one switch, PFC) this stalls 4:1 with 2 and 4 flows per sender, 8:1 with 1, 2 and 4, and
 * 16:1 with 1 and 2, and not 2:1, 4:1 with 1 or 8, 8:1 with 8 or 16:1 with 4 or 8 (where the packet backend's
 * u is 0.90–1.00: its 64–128 flows each get a CNP only every 22–43 µs).
 *
 * <p><b>Delay.</b> Once cut, every flow falls to R_min, and its increase timer τ_i restarts at each cut. The link
 * drains its queue and idles until the first flow is back: its timer fires τ_i after its last cut and fast recovery
 * brings it to (R_min + R_T)/2 with R_T, the target, still the line rate (a burst of cuts without an increase between
 * leaves it, {@code DcqcnSender.decrease}), so one flow back fills half the link and two fill it. The flow back first
 * is the one whose last mark came highest in the draining queue (marking is at dequeue, with probability Pmax·y/ΔK
 * at Kmin + y): a flow has 1/N of the departures, so it is marked E(y) = Pmax·y²/(2·ΔK·N·MTU) times below Kmin + y,
 * and one flow of N keeps its last mark above y* where N·e^(−E) = 1: y* = √(2·ΔK·MTU·N·ln N / Pmax), at most ΔK
 * (every packet is marked above Kmax). Its last cut leaves Kmin + y* to drain, so the link loses D = τ_i − (Kmin +
 * y*)/c per episode (thresholds scaled to c; 100 Gb/s defaults at c = 12.31 GB/s: N = 4, 6, 8 give y* = 522, 727,
 * 904 KB and D = 225, 208, 194 µs, N ≥ 12 y* = ΔK and D = τ_i − Kmax/c = 170 µs; the packet backend's first stalls
 * of the PFC incasts at 1 MiB lose 203, 217, 199, 165 µs at 4:1, 6:1, 8:1, 16:1, docs/fabric-behaviour.md,
 * "DCQCN's stall: the first flow back"), and the episode takes R/c + D: a capacity factor (R/c) / (R/c + D). O(1).
 */
final class DcqcnStall {
    private final double kminBytes;
    private final double kmaxBytes;
    private final double pmax;
    private final double mtuBytes;
    private final double decreaseSeconds;
    private final double increaseSeconds;
    /** The payload rate the thresholds are set for, bytes per second. */
    private final double thresholdBytesPerSecond;

    /**
     * The stall of {@code dcqcn}, whose thresholds are set for links of {@code thresholdBytesPerSecond}, with
     * packets of {@code mtuBytes}. On a link of c the thresholds scale by c / that rate, as {@link Dcqcn#defaults}
     * scales them with the line rate (so Kmax/c, a drain time, is the same at every rate).
     */
    DcqcnStall(Dcqcn dcqcn, double thresholdBytesPerSecond, double mtuBytes) {
        this.thresholdBytesPerSecond = thresholdBytesPerSecond;
        this.kminBytes = dcqcn.kminBytes();
        this.kmaxBytes = dcqcn.kmaxBytes();
        this.pmax = dcqcn.pmax();
        this.mtuBytes = mtuBytes;
        this.decreaseSeconds = dcqcn.decreaseIntervalPs() * 1e-12;
        this.increaseSeconds = dcqcn.increaseTimerPs() * 1e-12;
    }

    /** E: a flow's marks before the queue reaches Kmax, at most one per decrease period. */
    double marksBeforeKmax(double overload, double flows, double bytesPerSecond) {
        double deltaBytes = (kmaxBytes - kminBytes) * bytesPerSecond / thresholdBytesPerSecond;
        return Math.min(pmax * deltaBytes / (2 * (overload - 1) * flows * mtuBytes),
                deltaBytes / ((overload - 1) * bytesPerSecond * decreaseSeconds));
    }

    /**
     * Whether an episode of overload ρ = {@code overload}, {@code flows} = N flows and {@code episodeBytes} = R on a
     * link of {@code bytesPerSecond} = c whose switch admits a queue of {@code admittedBytes} = Q_adm stalls.
     */
    boolean stalls(double overload, double flows, double episodeBytes, double bytesPerSecond, double admittedBytes) {
        if (overload <= 1 || flows < 2) {
            return false;
        }
        double halvings = Math.log(flows) / Math.log(2);
        double queueBytes = (1 - 1 / overload) * episodeBytes;
        double kmax = kmaxBytes * bytesPerSecond / thresholdBytesPerSecond;
        double cutSeconds = halvings * Math.max(decreaseSeconds, flows * mtuBytes / bytesPerSecond);
        double cutQueueBytes = kmax + (overload - 1) * bytesPerSecond * cutSeconds;
        return marksBeforeKmax(overload, flows, bytesPerSecond) < halvings
                && Math.min(queueBytes, admittedBytes) > kmax && queueBytes > Math.min(cutQueueBytes, admittedBytes);
    }

    /** D = τ_i − (Kmin + y*)/c, seconds, at least 0, for {@code flows} = N on a link of {@code bytesPerSecond} = c. */
    double delaySeconds(double flows, double bytesPerSecond) {
        double scale = bytesPerSecond / thresholdBytesPerSecond;
        double bandBytes = (kmaxBytes - kminBytes) * scale;
        double lastMarkBytes = Math.min(bandBytes,
                Math.sqrt(2 * bandBytes * mtuBytes * flows * Math.log(flows) / pmax));
        return Math.max(0, increaseSeconds - (kminBytes * scale + lastMarkBytes) / bytesPerSecond);
    }

    /**
     * Whether an episode of overload ρ = {@code overload} and R = {@code episodeBytes} on a link of {@code
     * bytesPerSecond} = c whose switch admits Q_adm = {@code admittedBytes} queues in DCQCN's marking band and no
     * further: Kmin &lt; min((1 − 1/ρ)·R, Q_adm) and Q_adm ≤ Kmax (thresholds scaled to c). Backpressure holds
     * the queue where packets are marked with probability at most Pmax·(Q_adm − Kmin)/ΔK, never for certain; a
     * queue that stays below Kmin is never marked.
     */
    boolean belowKmax(double overload, double episodeBytes, double admittedBytes, double bytesPerSecond) {
        double queueBytes = Math.min((1 - 1 / overload) * episodeBytes, admittedBytes);
        return queueBytes > kminBytes * bytesPerSecond / thresholdBytesPerSecond
                && neverPastKmax(admittedBytes, bytesPerSecond);
    }

    /**
     * The largest of {@code degrees} whose incast on the table's one switch admits no more than Kmax: k·B_in ≤ Kmax,
     * each sender on its own ingress of {@code ingressBytes} = B_in at the scenario's buffer; 0 where none does.
     * Credits (B_in = 64 × 4096 B = 256 KiB, Kmax = 1.6 MB): 4, since 4·B_in = 1.05 MB and 8·B_in = 2.10 MB; PFC
     * (B_in = 12 MiB / 9 + 4 KiB = 1.34 MiB) and a lossy switch (α·S/(1 + α) = 6 MiB): 0.
     */
    int lastDegreeBelowKmax(int[] degrees, double ingressBytes) {
        int last = 0;
        for (int degree : degrees) {
            if (degree * ingressBytes <= kmaxBytes) {
                last = degree;
            }
        }
        return last;
    }

    /**
     * The capacity factor of an episode of {@code episodeSeconds} = R/c on a link whose queue stays below Kmax and
     * whose overload is past {@code degree} = k*, the table's last such degree: (R/c) / (R/c + D*), D* = T*·(1/u* −
     * 1) the delay the table's k*:1 incast measured ({@code utilisation} = u* at k* and the link's flows per sender,
     * T* = k*·B_s/c_s its ideal time, B_s = {@code senderBytes} each at the scenario's payload rate c_s, the rate the
     * thresholds are set for). Below Kmax
     * the senders are cut only while the queue sits in the marking band and recover on the increase timer τ_i: the
     * link loses a time set by τ_i and the band (Kmin/c, Kmax/c: rate-free), not by the degree, so past k* the
     * delay is held, not the rate (credits: D* = 340.6 µs × (1/0.6769 − 1) = 162.6 µs; the packet backend's excess
     * at 4:1, 5:1, 6:1 over 1 MiB is 163, 165, 154 µs, docs/fabric-behaviour.md, "DCQCN below Kmax").
     */
    double heldDelayFactor(int degree, double utilisation, double senderBytes, double episodeSeconds) {
        double delaySeconds = degree * senderBytes / thresholdBytesPerSecond * (1 / utilisation - 1);
        return episodeSeconds / (episodeSeconds + delaySeconds);
    }

    /** The capacity factor of the episode (see {@link #stalls}): (R/c) / (R/c + D) if it stalls, else 1. */
    double capacityFactor(double overload, double flows, double episodeBytes, double bytesPerSecond,
            double admittedBytes) {
        if (!stalls(overload, flows, episodeBytes, bytesPerSecond, admittedBytes)) {
            return 1;
        }
        double idealSeconds = episodeBytes / bytesPerSecond;
        return idealSeconds / (idealSeconds + delaySeconds(flows, bytesPerSecond));
    }

    /**
     * Whether a queue of at most {@code admittedBytes} = Q_adm on a link of {@code bytesPerSecond} = c never passes
     * Kmax (scaled to c): every mark is then drawn per packet with probability below Pmax, so a cut falls on one
     * flow at a time and never on all of them at once as past Kmax.
     */
    boolean neverPastKmax(double admittedBytes, double bytesPerSecond) {
        return admittedBytes <= kmaxBytes * bytesPerSecond / thresholdBytesPerSecond;
    }

    /**
     * Whether a flow on a link whose queue never passes Kmax ({@link #neverPastKmax}) is cut below its share of its
     * NIC before its bytes are out: the multipath factor, measured on a permutation of one 2 MiB flow per sender, is
     * DCQCN's loss (the same rows without DCQCN read 0.999), and a flow loses only once its rate binds. On a link of
     * c at overload ρ with m flows per sender, the senders run at line rate until the queue reaches Kmin, after
     * Kmin/(ρ − 1) bytes each, Kmin/((ρ − 1)·m) a flow; the flow's remaining B − Kmin/((ρ − 1)·m) bytes leave a
     * queue held at Q (the member's share of what its switch admits), each marked with p = Pmax·(Q − Kmin)/ΔK:
     * E = p·(B − Kmin/((ρ − 1)·m))/MTU cuts. The first cut halves R_C = c (α = 1), and so does each of the next few
     * (g = 1/256 barely lowers α), so the rate falls below the share c/(ρ·m) at h = ⌊log₂(ρ·m)⌋ + 1 cuts; the loss
     * applies iff E ≥ h. Credits at ρ = 2, a leaf's two sprayed uplinks fed by four hosts (Q = 4 × 256 KiB / 2 =
     * 524,288 B, p = 0.2 × 124,288 / 1,200,000 = 0.0207): one flow of 2 MiB, E = 8.6 ≥ 2 (the table's scenario);
     * twelve of 256 KiB, E = 1.2 &lt; 5 (the held-out all-to-all). O(1).
     *
     * @param queueBytes      Q, bytes
     * @param overload        ρ
     * @param flowsPerSender  m
     * @param bytesPerFlow    B
     * @param bytesPerSecond  c, the link's (the thresholds scale with it)
     */
    boolean cutBelowShare(double queueBytes, double overload, double flowsPerSender, double bytesPerFlow,
            double bytesPerSecond) {
        double scale = bytesPerSecond / thresholdBytesPerSecond;
        double kmin = kminBytes * scale;
        double band = (kmaxBytes - kminBytes) * scale;
        double p = pmax * Math.max(0, Math.min(queueBytes - kmin, band)) / band;
        double cuts = p * Math.max(0, bytesPerFlow - kmin / ((overload - 1) * flowsPerSender)) / mtuBytes;
        double halvings = Math.floor(Math.log(overload * flowsPerSender) / Math.log(2)) + 1;
        return cuts >= halvings;
    }
}
