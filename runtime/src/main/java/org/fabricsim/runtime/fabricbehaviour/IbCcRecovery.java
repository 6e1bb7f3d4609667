package org.fabricsim.runtime.fabricbehaviour;

import org.fabricsim.runtime.packet.IbCc;

/**
 * InfiniBand congestion control's overshoot and timer recovery per contention episode (docs/fabric-behaviour.md,
 * "IB CC's overshoot and timer recovery"): a delay derived from the IB CC parameters ({@link IbCc}: those the row
 * was measured with, {@link FabricBehaviour#ibCc()}) and the queue the flow control admits, not read from the table.
 *
 * <p><b>Index.</b> A flow at table index x sends at line × K / (K + x), K = 2^{@code cctShift} (the linear table
 * of {@link IbCc}). While the bottleneck's queue is above the FECN threshold every packet that leaves it is marked
 * and answered by a BECN, CCTI_Increase I indices each; the link of capacity c sends c / MTU packets a second, 1/N
 * of them a given flow's (N flows, each served alike), and the CCTI timer takes one index back every τ: every
 * flow's index rises at a = I·c / (N·MTU) − 1/τ. If a ≤ 0 (N ≥ I·c·τ / MTU: 30 flows at 100 Gb/s with the
 * defaults) the marks never outrun the timer and nothing is cut. The N flows offer ρ·c (ρ: the link's overload)
 * until the index reaches x₀ = K·max(0, N/ρ − 1), where their rate limit falls below what their NICs send,
 * then A(x) = N·c·K / (K + x); A = c at x* = K·(N − 1).
 *
 * <p><b>Overshoot.</b> Up to x* the queue grows, to Q(x*) = (c/a)·[ρ·x₀ + N·K·ln((K + x*)/(K + x₀)) − x*] (what
 * the senders sent, ∫A dt, less what the link sent, c·t, with t = x/a), held at the queue the flow control admits,
 * Q* = min(Q(x*), Q_adm) (PFC and credits stop the senders' NICs there, a lossy switch drops above it: {@link
 * TopologyContention}). Past x* the queue drains, still marked, so the index keeps rising: the queue is gone at
 * the x_e that solves (c/a)·[(x_e − x*) − N·K·ln((K + x_e)/(K + x*))] = Q*, at t_e = x_e / a, solved by Newton's
 * method (the left side is convex and increasing in x_e, so Newton from CCTI_Limit L falls to the root without
 * overshooting it). If the root lies past L the index stops there and the link drains the rest at c − A(L): t_e =
 * L/a + (Q* − drained by L) / (c − A(L)), x_e = L (if A(L) ≥ c the queue never drains: no loss).
 *
 * <p><b>Delay.</b> An episode of R bytes that the link has sent by t_e (R ≤ c·t_e: every byte entered the queue
 * before it drained) loses nothing: the queue kept the link busy. Otherwise W = R − c·t_e bytes are left at the
 * hosts when the queue empties, the index falls one step per τ with no queue to mark, and the link runs at
 * A(x) &lt; c: a full recovery from x_e to x* sends N·c·K·τ·ln((K + x_e)/(K + x*)) in (x_e − x*)·τ. If W is at
 * least that, the episode loses D = τ·(x_e − x*) − N·K·τ·ln((K + x_e)/(K + x*)); else the senders finish at x_f =
 * (K + x_e)·exp(−W / (N·c·K·τ)) − K and D = τ·(x_e − x_f) − W/c. A full recovery's D is τ·(a/c)·Q* by the drain's
 * own equation: the idle time is the queue's overshoot counted in timer steps, and with neither bound reached (x₀ =
 * 0, N = ρ) D = τ·K·(N·ln N − N + 1) whatever c and MTU (2:1 31.6 µs, 4:1 208.5 µs). The episode takes R/c + D:
 * a capacity factor (R/c)/(R/c + D). One overshoot only: the later, smaller oscillations of a long episode and
 * the FECN threshold's few µs are left out (the table's u carries them where it measured them: the row's link runs
 * at the smaller of the two). Packet backend, 100 Gb/s defaults, one switch under PFC (probe of session 43): 6:1 at 1.5 MiB per
 * sender 0.678 (this: 0.672), 7:1 at 2 MiB 0.797 (0.797), 8:1 at 2 MiB 0.850 (0.851), 6:1 at 0.5 MiB 0.999 (1); the
 * table read between its 4:1 and 8:1 points gave 0.833 at 6:1, 1.5 MiB. O(1): at most {@link #NEWTON_STEPS} steps.
 *
 * <p><b>Inherited.</b> An episode that opened with N₀ flows at overload ρ₀ (a crowd: an all-to-all's flows beside
 * a ring's) and of which N₂ carry on after the others finished, t later, leaves them an index and a queue that
 * their own count did not set. The marks were shared by N₀ flows, so every index rose at a₀ = I·c/(N₀·MTU) − 1/τ,
 * to x₁ = min(L, a₀·t), while the queue Q(x) grew as above (with N₀, ρ₀, a₀; nothing is inherited where a₀ ≤ 0,
 * ρ₀ ≤ 1, or where Q(x₁) ≤ 0: the crowd's own overshoot has already drained the queue, and its factor charged it).
 * The link was never idle, so by t it sent c·t; the crowd's senders offered ρ₀·c, so they sent their bytes by t_s
 * = t/ρ₀ (the index then x_s = x₁/ρ₀), and their last byte waited Q(t_s)/c = (1 − 1/ρ₀)·t in the FIFO queue: what
 * is queued when it leaves came from the N₂ flows after t_s, each at its rate limit c·K/(K + x) (assumed: with the
 * crowd gone each has its NIC to itself), Q_r = ∫ N₂·c·K/(K + a₀·s) ds over (t_s, t) = (c/a₀)·N₂·K·ln((K +
 * x₁)/(K + x_s)), at most the queue the switch admits and the R₂ bytes the N₂ flows have left. Every mark now falls
 * on the N₂ flows: their index rises at a₂ = I·c/(N₂·MTU) − 1/τ; below x₂* = K·(N₂ − 1) the queue still grows,
 * by (c/a₂)·[N₂·K·ln((K + x₂*)/(K + x₁)) − (x₂* − x₁)], then drains from x_d = max(x₁, x₂*) as above, counted from
 * x₁ (t_e = (x_e − x₁)/a₂), and the timer recovery to x₂* costs D₂ on W = R₂ − c·t_e: the N₂ flows' factor from
 * then on is (R₂/c)/(R₂/c + D₂). Held-out mixed step (PFC, ECMP, 100 Gb/s defaults): leaf 0's uplink, N₀ = 14,
 * ρ₀ = 1.75, t = 157.8 µs: x₁ = 18.2 (the packet backend's ring flows: 18 at 160 µs), Q_r = 0.90 MB (theirs: 0.97
 * MB sent but not delivered), the index reaches 122 as the queue empties (theirs: 125 at 300 µs); the three ring
 * flows end at 750 µs (packet 719–724 µs; 599 µs before).
 */
final class IbCcRecovery {
    /** At most this many Newton steps for x_e: it stops within a byte of the queue, and near the root each step squares the error. */
    private static final int NEWTON_STEPS = 40;
    private final double tableScale;
    private final double increase;
    private final double limit;
    private final double timerSeconds;
    private final double mtuBytes;

    /** The overshoot and recovery of {@code ibCc}'s parameters with packets of {@code mtuBytes} payload. */
    IbCcRecovery(IbCc ibCc, double mtuBytes) {
        this.tableScale = 1 << ibCc.cctShift();
        this.increase = ibCc.cctiIncrease();
        this.limit = ibCc.cctiLimit();
        this.timerSeconds = ibCc.cctiTimerPs() * 1e-12;
        this.mtuBytes = mtuBytes;
    }

    /**
     * D, seconds: what an episode of overload ρ = {@code overload}, {@code flows} = N flows and {@code episodeBytes}
     * = R on a link of {@code bytesPerSecond} = c whose switch admits a queue of {@code admittedBytes} = Q_adm loses
     * to the overshoot (see the class comment); 0 without overload, with one flow, or with no switch queue.
     */
    double delaySeconds(double overload, double flows, double episodeBytes, double bytesPerSecond,
            double admittedBytes) {
        double risePerSecond = increase * bytesPerSecond / (flows * mtuBytes) - 1 / timerSeconds;
        double k = tableScale;
        double fairIndex = k * (flows - 1);
        if (overload <= 1 || flows < 2 || admittedBytes <= 0 || risePerSecond <= 0 || fairIndex >= limit) {
            return 0;
        }
        double startIndex = k * Math.max(0, flows / overload - 1);
        double secondsPerIndex = 1 / risePerSecond;
        double bytesPerIndex = bytesPerSecond * secondsPerIndex;
        double builtBytes = bytesPerIndex
                * (overload * startIndex + flows * k * Math.log((k + fairIndex) / (k + startIndex)) - fairIndex);
        double peakBytes = Math.min(admittedBytes, builtBytes);
        return delayFrom(fairIndex, 0, peakBytes, flows, risePerSecond, episodeBytes, bytesPerSecond);
    }

    /**
     * Q̂, bytes: the queue an episode of overload ρ = {@code overload}, {@code flows} = N flows and {@code
     * episodeBytes} = R would peak at on a link of {@code bytesPerSecond} = c with no bound on its queue. The
     * overshoot's Q(x*) = (c/a)·[ρ·x₀ + N·K·ln((K + x*)/(K + x₀)) − x*] (the class comment), at most what the senders
     * bring beyond what the link sends while they send, (1 − 1/ρ)·R (they offer ρ·c until their R bytes are out, at
     * R/(ρ·c), when the link has sent R/ρ); that bound alone where the marks never outrun the timer (a ≤ 0) or the
     * index stops at L below x* (A(L) &gt; c: the queue never stops growing). 0 without overload. O(1).
     */
    double overshootQueueBytes(double overload, double flows, double episodeBytes, double bytesPerSecond) {
        if (overload <= 1) {
            return 0;
        }
        double offeredBeyondBytes = (1 - 1 / overload) * episodeBytes;
        double risePerSecond = increase * bytesPerSecond / (flows * mtuBytes) - 1 / timerSeconds;
        double k = tableScale;
        double fairIndex = k * Math.max(0, flows - 1);
        if (risePerSecond <= 0 || fairIndex >= limit) {
            return offeredBeyondBytes;
        }
        double startIndex = k * Math.max(0, flows / overload - 1);
        double builtBytes = bytesPerSecond / risePerSecond
                * (overload * startIndex + flows * k * Math.log((k + fairIndex) / (k + startIndex)) - fairIndex);
        return Math.min(offeredBeyondBytes, Math.max(0, builtBytes));
    }

    /**
     * D, seconds, of {@code flows} = N flows whose index rises at {@code risePerSecond} = a while a queue of {@code
     * peakBytes} drains from index {@code drainIndex} (at which they send c or less), the episode's {@code
     * episodeBytes} counted from index {@code originIndex}, then the timer recovery to x* = K·(N − 1) (the class
     * comment). O(1).
     */
    private double delayFrom(double drainIndex, double originIndex, double peakBytes, double flows,
            double risePerSecond, double episodeBytes, double bytesPerSecond) {
        double k = tableScale;
        double fairIndex = k * (flows - 1);
        double secondsPerIndex = 1 / risePerSecond;
        double bytesPerIndex = bytesPerSecond * secondsPerIndex;
        double drainedAtLimitBytes = drained(limit, drainIndex, flows, bytesPerIndex);
        double emptySeconds;
        double lastIndex;
        if (drainedAtLimitBytes < peakBytes) {
            double atLimitBytesPerSecond = flows * bytesPerSecond * k / (k + limit);
            emptySeconds = (limit - originIndex) * secondsPerIndex
                    + (peakBytes - drainedAtLimitBytes) / (bytesPerSecond - atLimitBytesPerSecond);
            lastIndex = limit;
        } else {
            lastIndex = indexAtEmpty(peakBytes, drainIndex, flows, bytesPerIndex);
            emptySeconds = (lastIndex - originIndex) * secondsPerIndex;
        }
        double leftBytes = episodeBytes - bytesPerSecond * emptySeconds;
        if (leftBytes <= 0) {
            return 0;
        }
        double bytesPerLogIndex = flows * bytesPerSecond * k * timerSeconds;
        double recoveryBytes = bytesPerLogIndex * Math.log((k + lastIndex) / (k + fairIndex));
        double finishIndex = leftBytes >= recoveryBytes ? fairIndex
                : (k + lastIndex) * Math.exp(-leftBytes / bytesPerLogIndex) - k;
        return timerSeconds * (lastIndex - finishIndex) - Math.min(leftBytes, recoveryBytes) / bytesPerSecond;
    }

    /**
     * The capacity factor (R₂/c) / (R₂/c + D₂) for the {@code flows} = N₂ flows left, with {@code remainingBytes} =
     * R₂, in an episode that opened {@code elapsedSeconds} = t ago with {@code openingFlows} = N₀ flows at overload
     * {@code openingOverload} = ρ₀ (the class comment, "Inherited"); 1 where they inherit no cut below their fair
     * share or no queue. O(1).
     */
    double inheritedCapacityFactor(double openingOverload, double openingFlows, double elapsedSeconds, double flows,
            double remainingBytes, double bytesPerSecond, double admittedBytes) {
        double k = tableScale;
        double openingRisePerSecond = increase * bytesPerSecond / (openingFlows * mtuBytes) - 1 / timerSeconds;
        double risePerSecond = increase * bytesPerSecond / (flows * mtuBytes) - 1 / timerSeconds;
        if (openingOverload <= 1 || admittedBytes <= 0 || openingRisePerSecond <= 0 || risePerSecond <= 0) {
            return 1;
        }
        double fairIndex = k * (flows - 1);
        if (fairIndex >= limit) {
            return 1;
        }
        double inheritedIndex = Math.min(limit, openingRisePerSecond * elapsedSeconds);
        double openingStartIndex = k * Math.max(0, openingFlows / openingOverload - 1);
        double openingBytesPerIndex = bytesPerSecond / openingRisePerSecond;
        double openingQueueBytes = inheritedIndex <= openingStartIndex
                ? openingBytesPerIndex * (openingOverload - 1) * inheritedIndex
                : openingBytesPerIndex * (openingOverload * openingStartIndex - inheritedIndex + openingFlows * k
                        * Math.log((k + inheritedIndex) / (k + openingStartIndex)));
        if (openingQueueBytes <= 0) {
            return 1;
        }
        double stopIndex = inheritedIndex / openingOverload;
        double behindBytes = openingBytesPerIndex * flows * k * Math.log((k + inheritedIndex) / (k + stopIndex));
        double drainIndex = Math.max(fairIndex, inheritedIndex);
        double grownBytes = bytesPerSecond / risePerSecond * (flows * k * Math.log((k + drainIndex)
                / (k + inheritedIndex)) - (drainIndex - inheritedIndex));
        double queueBytes = Math.min(Math.min(admittedBytes, remainingBytes), behindBytes + grownBytes);
        double delay = delayFrom(drainIndex, inheritedIndex, queueBytes, flows, risePerSecond, remainingBytes,
                bytesPerSecond);
        double idealSeconds = remainingBytes / bytesPerSecond;
        return delay == 0 ? 1 : idealSeconds / (idealSeconds + delay);
    }

    /** The capacity factor of the episode: (R/c) / (R/c + D). */
    double capacityFactor(double overload, double flows, double episodeBytes, double bytesPerSecond,
            double admittedBytes) {
        double idealSeconds = episodeBytes / bytesPerSecond;
        double delay = delaySeconds(overload, flows, episodeBytes, bytesPerSecond, admittedBytes);
        return delay == 0 ? 1 : idealSeconds / (idealSeconds + delay);
    }

    /**
     * What the queue has drained from index x_d = {@code drainIndex} (x* or above) to index {@code x}: (c/a)·[(x −
     * x_d) − N·K·ln((K + x)/(K + x_d))].
     */
    private double drained(double x, double drainIndex, double flows, double bytesPerIndex) {
        double k = tableScale;
        return bytesPerIndex * ((x - drainIndex) - flows * k * Math.log((k + x) / (k + drainIndex)));
    }

    /** x_e in [x_d, L]: the index at which the queue {@code peakBytes} has drained; Newton from L (the class comment). */
    private double indexAtEmpty(double peakBytes, double drainIndex, double flows, double bytesPerIndex) {
        double x = limit;
        for (int step = 0; step < NEWTON_STEPS; step++) {
            double excessBytes = drained(x, drainIndex, flows, bytesPerIndex) - peakBytes;
            double slopeBytesPerIndex = bytesPerIndex * (1 - flows * tableScale / (tableScale + x));
            if (excessBytes < 1 || slopeBytesPerIndex <= 0) {
                break;
            }
            x -= excessBytes / slopeBytesPerIndex;
        }
        return Math.max(drainIndex, x);
    }
}
