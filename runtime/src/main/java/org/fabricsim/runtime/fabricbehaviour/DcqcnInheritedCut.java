package org.fabricsim.runtime.fabricbehaviour;

import org.fabricsim.runtime.packet.Dcqcn;

/**
 * What DCQCN's crowd leaves the flows that carry on (docs/fabric-behaviour.md, "DCQCN's inherited rate cut"): the
 * rate its CNPs cut them to, held until their increase timer fires, derived from DCQCN's parameters ({@link Dcqcn}:
 * those the row was measured with) and the queue the flow control admits, not read from the table.
 *
 * <p><b>Cut.</b> A contention episode opened with N₀ flows whose queue rose past Kmin: the flows' packets are marked
 * (with probability Pmax·(q − Kmin)/ΔK at a queue of q, every packet past Kmax), each CNP cuts the flow's current rate
 * R_C by the factor 1 − α/2, and the switch's backpressure holds the queue up while Σ R_C &gt; c, so the cuts go on
 * until the N₀ flows together send c or less, c/N₀ each as read here (assumed equal: where the flows offered unequal
 * shares the cuts, at most one per flow per CNP interval, keep their proportions, and a flow that offered more keeps
 * more; docs/fabric-behaviour.md, "DCQCN's inherited rate cut", "After"). The target R_T stays at line rate: a
 * decrease sets R_T ← R_C only after an increase ({@code DcqcnSender.decrease}), and a cut restarts the increase timer
 * τ_i (300 µs by default, longer than the crowd), so none fires while the crowd is there. The increases come on the
 * timer alone, as in the packet backend (no byte counter), and R_AI, R_HAI raise R_T, already at line rate: only
 * fast recovery's halving of the gap R_T − R_C acts. When N₂ of the flows are left they send s·c, s = N₂/N₀, the
 * queue drains at (1 − s)·c and is marked until it falls below the flows' last mark, Kmin + y* with y* =
 * √(2·ΔK·MTU·N₂·ln N₂ / Pmax) at most ΔK, the level above which one of N₂ flows keeps its last mark ({@link
 * DcqcnStall}, "the first flow back"; Kmin + 0 for one flow), at most the queue Q_adm the switch admits. From that
 * last cut the link sends c while the queue Q_c = min(Q_adm, Kmin + y*) drains, t_d = Q_c / ((1 − s)·c), then s·c
 * until τ_i, when fast recovery sets each flow's rate to (R_C + R_T)/2, and at every later τ_i again: at step k a
 * flow sends r_k = c − (c − c/N₀)/2^k (R_T = c, the link's rate) and the link min(c, N₂·r_k).
 *
 * <p><b>Delay.</b> The N₂ flows have R₂ bytes left (their queued bytes among them); the link sends them by T, the
 * time its output above reaches R₂, and the episode loses D = T − R₂/c: with N₂·r₁ ≥ c (N₂ ≥ 2) and R₂ past what
 * the first τ_i carries, D = τ_i·(1 − s) − Q_c/c, the stall's τ_i − (Kmin + y*)/c when s = 0; with fewer bytes,
 * T = t_d + (R₂ − c·t_d)/(s·c). The flows left run at (R₂/c)/(R₂/c + D) of c. Nothing is inherited with one flow
 * at the opening or with no flow gone, nor where the crowd's queue stayed at or below Kmin (no mark): it grew at
 * (ρ₀ − 1)·c for the t since the opening, to at most Q_adm, so it passed Kmin iff min(Q_adm, (ρ₀ − 1)·c·t) &gt; Kmin
 * (ρ₀ the opening overload, at most the input links: {@link TopologyContention}). O(steps): at most {@link #STEPS},
 * log₂ of the gap's closing, each O(1).
 *
 * <p>Held-out mixed step (credits, ECMP, 100 Gb/s defaults): leaf 0's uplink to spine 0, N₀ = 14 (three ring flows
 * of 1 MiB, eleven all-to-all flows of 128 KiB), Q_adm = 4 × 256 KiB: N₂ = 3, s = 0.214, y* = 402 KB, Q_c = 802 KB,
 * D = 300 µs × 0.786 − 65.2 µs = 170.5 µs (the packet backend's three ring flows send 0.23·c from their last cut
 * at ≈ 235 µs until the timer fires at ≈ 535 µs, the queue gone at ≈ 295 µs: 185 µs lost).
 */
final class DcqcnInheritedCut {
    /** At most this many increase steps are walked: the gap to c halves at each, so 64 leave none a double holds. */
    private static final int STEPS = 64;
    private final double kminBytes;
    private final double kmaxBytes;
    private final double pmax;
    private final double mtuBytes;
    private final double increaseSeconds;
    private final double thresholdBytesPerSecond;

    /**
     * The cut of {@code dcqcn}, whose thresholds are set for links of {@code thresholdBytesPerSecond}, with packets of
     * {@code mtuBytes}.
     */
    DcqcnInheritedCut(Dcqcn dcqcn, double thresholdBytesPerSecond, double mtuBytes) {
        this.kminBytes = dcqcn.kminBytes();
        this.kmaxBytes = dcqcn.kmaxBytes();
        this.pmax = dcqcn.pmax();
        this.mtuBytes = mtuBytes;
        this.increaseSeconds = dcqcn.increaseTimerPs() * 1e-12;
        this.thresholdBytesPerSecond = thresholdBytesPerSecond;
    }

    /**
     * D, seconds (the class comment): what {@code flows} = N₂ flows with {@code remainingBytes} = R₂ left lose, in an
     * episode that opened {@code elapsedSeconds} = t ago with {@code openingFlows} = N₀ at {@code openingOverload} =
     * ρ₀ on a link of {@code bytesPerSecond} = c whose switch admits {@code admittedBytes} = Q_adm; 0 where nothing is
     * inherited.
     */
    double delaySeconds(double openingOverload, double openingFlows, double elapsedSeconds, double flows,
            double remainingBytes, double bytesPerSecond, double admittedBytes) {
        double scale = bytesPerSecond / thresholdBytesPerSecond;
        double kmin = kminBytes * scale;
        double builtBytes = Math.min(admittedBytes, (openingOverload - 1) * bytesPerSecond * elapsedSeconds);
        if (openingFlows < 2 || flows >= openingFlows || flows <= 0 || remainingBytes <= 0 || builtBytes <= kmin) {
            return 0;
        }
        double band = (kmaxBytes - kminBytes) * scale;
        double lastMarkBytes = flows < 2 ? 0
                : Math.min(band, Math.sqrt(2 * band * mtuBytes * flows * Math.log(flows) / pmax));
        double queueBytes = Math.min(admittedBytes, kmin + lastMarkBytes);
        double share = flows / openingFlows;
        double busySeconds = Math.min(increaseSeconds, queueBytes / ((1 - share) * bytesPerSecond));
        double sentBytes = bytesPerSecond * busySeconds;
        if (sentBytes >= remainingBytes) {
            return 0;
        }
        double seconds = busySeconds;
        double stepEnd = increaseSeconds;
        double gap = 1 - 1 / openingFlows;
        double linkShare = share;
        for (int step = 0; step < STEPS && linkShare < 1; step++) {
            double stepBytes = linkShare * bytesPerSecond * (stepEnd - seconds);
            if (sentBytes + stepBytes >= remainingBytes) {
                return seconds + (remainingBytes - sentBytes) / (linkShare * bytesPerSecond)
                        - remainingBytes / bytesPerSecond;
            }
            sentBytes += stepBytes;
            seconds = stepEnd;
            stepEnd += increaseSeconds;
            gap /= 2;
            linkShare = Math.min(1, flows * (1 - gap));
        }
        return seconds + (remainingBytes - sentBytes) / bytesPerSecond - remainingBytes / bytesPerSecond;
    }

    /** The capacity factor of the flows left: (R₂/c) / (R₂/c + D), 1 where D = 0. */
    double capacityFactor(double openingOverload, double openingFlows, double elapsedSeconds, double flows,
            double remainingBytes, double bytesPerSecond, double admittedBytes) {
        double delay = delaySeconds(openingOverload, openingFlows, elapsedSeconds, flows, remainingBytes,
                bytesPerSecond, admittedBytes);
        double idealSeconds = remainingBytes / bytesPerSecond;
        return delay <= 0 ? 1 : idealSeconds / (idealSeconds + delay);
    }
}
