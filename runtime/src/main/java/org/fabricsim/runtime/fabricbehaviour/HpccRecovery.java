package org.fabricsim.runtime.fabricbehaviour;

import org.fabricsim.runtime.packet.Hpcc;

/**
 * What HPCC's crowd leaves the flows that carry on (docs/fabric-behaviour.md, "HPCC's window in the flow model
 * (session 69)"): the share of the link each had under the crowd, and the steps by which they take the link back in
 * turn, walked from HPCC's own rules ({@link Hpcc}: the parameters the row was measured with), not read from the table.
 *
 * <p><b>Rules.</b> A contention episode opened with N₀ flows on a link of capacity c that HPCC paces at f ({@link
 * HpccPacing#loneFlowFactor}); each runs at r₀ = f·c / N₀ (the flow model's equal share; HPCC's cuts are
 * multiplicative and keep the shares they start from; at least R_min, as HPCC bounds R to [R_min, B]). When N₂ &lt; N₀
 * of them are left, with R₂ bytes, the link reads U = Σr / c &lt; η, but HPCC keeps each flow's reference rate R_c
 * between round trips: at the end of each round trip it sets R_c ← R_c / k + R_AI with k = U / η where k ≥ 1 or the
 * flow's stage has reached maxStage (stage back to 0), else R_c ← R_c + R_AI (stage + 1; the packet backend's {@code
 * HpccSender}), within [R_min, c]. The departure finds the flows at stages spread evenly over 0..maxStage (flow i of
 * N₂ at ⌊i·(maxStage + 1) / N₂⌋), so they step in turn: the first reads the link at N₂·r₀ and takes c·η / N₂ or so,
 * each later one reads a fuller link and takes less, and the link needs several rounds to come back while the shares
 * it leaves differ, so the flows then leave one at a time and each departure starts the climb again. A round trip ends
 * at the acknowledgement of the first packet sent after the update that began it (lastUpdateSeq = snd_nxt), sent up to
 * MTU / r after the last and back T later: t_rt = T + MTU / r, T the base round trip ({@link #baseRoundTripSeconds}),
 * so a flow cut low steps slowly. {@link #delaySeconds} walks these steps and departures, event by event, until every
 * flow left is done (each sends R₂ / N₂; rates at most c), and D is that time less R₂ / (f·c); the flows left run at
 * f·(R₂ / (f·c)) / (R₂ / (f·c) + D) of c.
 *
 * <p>The window W = R·T (session 68) is what makes this a cost of its own: before it, the first round trip's queue
 * cut the table's incasts deeper and their u (0.849 at k = 2) held a loss of about this size; with it they run at
 * 0.942, and the departures must be charged. Measured on the held-out mixed step (PFC, selective repeat, ECMP; leaf 1's
 * uplink to spine 20: three ring flows of 1 MiB and thirteen all-to-all flows of 128 KiB, N₀ = 16): the ring flows
 * ran at 0.040–0.042 of the line when the all-to-all left at ≈ 190 µs, the link fell from 0.88 to 0.25 and climbed
 * back to 0.89 by 340 µs in steps of one flow at a time (one ring flow's stages 1, 3, 5 a round trip of 15.6 µs apart,
 * its rate ×1.9 at its step), and the ring flows left at 362, 497 and 554 µs, each departure a dip to 0.33–0.36 and
 * another climb. These rules give 374, 475 and 538 µs from r₀ = f·c / 16, and 369, 554 and 590 µs from the measured
 * 0.041·c (T = 9.37 µs on the route's four links). Nothing is inherited with one flow at the opening or with none
 * gone. O(min(N₂, {@link #GROUPS}) × {@link #EVENTS}) at most, no allocation (one instance per cluster's solve).
 */
final class HpccRecovery {
    /** The flows left are walked as at most this many groups of equal flows, each at its own stage. */
    static final int GROUPS = 8;
    /** At most this many round trips and departures are walked; what is left after them runs at f. */
    static final int EVENTS = 1024;
    private final double eta;
    private final double loneFactor;
    private final int maxStage;
    private final double additiveShare;
    private final double minShare;
    private final double mtuBytes;
    /** Per group walked: its flows' share of the link, bytes left per flow, next round trip's end and stage. */
    private final double[] share = new double[GROUPS];
    private final double[] leftBytes = new double[GROUPS];
    private final double[] nextSeconds = new double[GROUPS];
    private final int[] stage = new int[GROUPS];

    /**
     * The recovery of {@code hpcc} on links paced at {@code loneFactor} = f of their capacity, with packets of {@code
     * mtuBytes} of payload; R_AI is read as a share of {@link TrafficPattern#LINE_BYTES_PER_SECOND}, as {@link
     * HpccPacing} reads it.
     */
    HpccRecovery(Hpcc hpcc, double loneFactor, double mtuBytes) {
        this.eta = hpcc.eta();
        this.loneFactor = loneFactor;
        this.maxStage = hpcc.maxStage();
        this.additiveShare = hpcc.additiveBytesPerSecond() / TrafficPattern.LINE_BYTES_PER_SECOND;
        this.minShare = hpcc.minBytesPerSecond() / TrafficPattern.LINE_BYTES_PER_SECOND;
        this.mtuBytes = mtuBytes;
    }

    /**
     * T = L·(2·d + (w + a) / B): the unloaded round trip of a route of {@code routeLinks} = L links of latency {@code
     * latencySeconds} = d and rate {@code bytesPerSecond} = B, a data packet of {@code wireBytes} = w and its
     * acknowledgement of {@code ackBytes} = a serialised on each (the packet backend's {@code FlowClasses}).
     */
    static double baseRoundTripSeconds(double routeLinks, double latencySeconds, double wireBytes, double ackBytes,
            double bytesPerSecond) {
        return routeLinks * (2 * latencySeconds + (wireBytes + ackBytes) / bytesPerSecond);
    }

    /**
     * D, seconds (the class comment): what {@code flows} = N₂ flows with {@code remainingBytes} = R₂ left lose on a link
     * of {@code bytesPerSecond} = c whose episode opened with {@code openingFlows} = N₀, on routes of base round trip
     * {@code baseRoundTripSeconds} = T, against R₂ / (f·c); 0 where nothing is inherited.
     */
    double delaySeconds(double openingFlows, double flows, double remainingBytes, double bytesPerSecond,
            double baseRoundTripSeconds) {
        if (openingFlows < 2 || flows >= openingFlows || flows <= 0 || remainingBytes <= 0) {
            return 0;
        }
        int groups = (int) Math.min(GROUPS, Math.ceil(flows));
        double flowsPerGroup = flows / groups;
        double start = Math.max(minShare, loneFactor / openingFlows);
        for (int g = 0; g < groups; g++) {
            share[g] = start;
            leftBytes[g] = remainingBytes / flows;
            stage[g] = g * (maxStage + 1) / groups;
            nextSeconds[g] = roundTripSeconds(start, bytesPerSecond, baseRoundTripSeconds);
        }
        double now = 0;
        int active = groups;
        for (int event = 0; event < EVENTS && active > 0; event++) {
            double step = Double.POSITIVE_INFINITY;
            for (int g = 0; g < groups; g++) {
                if (leftBytes[g] > 0) {
                    step = Math.min(step, Math.min(nextSeconds[g], now + leftBytes[g] / (share[g] * bytesPerSecond)));
                }
            }
            double linkShare = 0;
            for (int g = 0; g < groups; g++) {
                if (leftBytes[g] > 0) {
                    leftBytes[g] -= share[g] * bytesPerSecond * (step - now);
                    if (leftBytes[g] <= 1e-9 * remainingBytes) {
                        leftBytes[g] = 0;
                        active--;
                    } else {
                        linkShare += flowsPerGroup * share[g];
                    }
                }
            }
            now = step;
            for (int g = 0; g < groups; g++) {
                if (leftBytes[g] > 0 && nextSeconds[g] <= now) {
                    double k = linkShare / eta;
                    boolean multiplicative = k >= 1 || stage[g] >= maxStage;
                    share[g] = Math.max(minShare,
                            Math.min(1, (multiplicative ? share[g] / k : share[g]) + additiveShare));
                    stage[g] = multiplicative ? 0 : stage[g] + 1;
                    nextSeconds[g] = now + roundTripSeconds(share[g], bytesPerSecond, baseRoundTripSeconds);
                }
            }
        }
        double leftOver = 0;
        for (int g = 0; g < groups; g++) {
            leftOver += leftBytes[g] * flowsPerGroup;
        }
        return Math.max(0, now + (leftOver - remainingBytes) / (loneFactor * bytesPerSecond));
    }

    /** t_rt = T + MTU / r at a share {@code share} of a link of {@code bytesPerSecond}. */
    private double roundTripSeconds(double share, double bytesPerSecond, double baseRoundTripSeconds) {
        return baseRoundTripSeconds + mtuBytes / (share * bytesPerSecond);
    }

    /** The flows left's factor: f·(R₂ / (f·c)) / (R₂ / (f·c) + D), 1 (nothing inherited) where D = 0. */
    double capacityFactor(double openingFlows, double flows, double remainingBytes, double bytesPerSecond,
            double baseRoundTripSeconds) {
        double delay = delaySeconds(openingFlows, flows, remainingBytes, bytesPerSecond, baseRoundTripSeconds);
        double idealSeconds = remainingBytes / (loneFactor * bytesPerSecond);
        return delay <= 0 ? 1 : loneFactor * idealSeconds / (idealSeconds + delay);
    }
}
