package org.fabricsim.runtime.fabricbehaviour;

import org.fabricsim.runtime.packet.PacketConfig;

/**
 * What loss costs a tail-drop fabric without congestion control: a delay per contention episode,
 * charged only when the episode's queue overflows the switch buffer.
 *
 * <p><b>Mechanism.</b> Without congestion control every sender of an incast runs at line rate
 * until its bytes are sent, so a bottleneck of capacity c offered ρ·c builds a queue at (ρ − 1)·c
 * until the senders finish: it peaks at Q = (1 − 1/ρ)·R, R the bytes the episode brings to the
 * link. Within the buffer nothing is lost and the bottleneck runs at capacity; beyond it the
 * tail is dropped, and the senders wait for retransmission timeouts (fixed delays, 4.19 ms in the
 * packet backend, not a rate), so the episode takes R/(u_r·c) + D: u_r the utilisation without
 * drops, D the timeouts' delay. The incast scenario of degree k with B bytes per sender builds Q_k
 * = (k − 1)·B, so an episode of queue Q costs the delay of the scenario of equal queue, degree k* =
 * 1 + Q/B.
 *
 * <p><b>From the table.</b> The degrees whose scenario queue fits the buffer give u_r (interpolated
 * linearly in log₂ ρ from u(1) = 1, held beyond); those whose queue overflows give D(k) = T_k·(1/u(k) −
 * 1/u_r(k)) ≥ 0, T_k = k·B/c_s the scenario's ideal time on its links of payload rate c_s, interpolated
 * linearly in log₂ k* and held outside. Which degrees overflow is the scenario's switch's: a queue may
 * hold α × the free shared buffer (dynamic threshold), at most α·S/(1 + α) of a switch of S bytes (6 MiB
 * of 12 MiB, α = 1). A switch at scale drops where its own S puts that bound (the scenario's S where it
 * states none); past it, an episode pays the delay of the scenario's queue with the same overflow.
 * O(degrees) per call.
 */
final class DropTimeouts {
    /** The scenario switch's dynamic threshold α: a queue may hold α × the free shared buffer. */
    private static final double ALPHA = PacketConfig.roce(TrafficPattern.LINE_BYTES_PER_SECOND).buffer().dynamicAlpha();
    /** The largest queue the scenario's switch admits: α·S / (1 + α) of its shared buffer S. */
    static final double DROP_FREE_QUEUE_BYTES = dropFreeQueueBytes();
    /** The scenario links' payload rate c_s. */
    private static final double SCENARIO_BYTES_PER_SECOND = TrafficPattern.LINE_BYTES_PER_SECOND
            * PacketConfig.roce(TrafficPattern.LINE_BYTES_PER_SECOND).payloadEfficiency();

    private final double[] rateDegrees;
    private final double[] rateUtilisation;
    private final double[] overflowDegrees;
    private final double[] delaySeconds;

    /** The drop delays of {@code utilisation}, one per {@link FabricBehaviour#INCAST_DEGREES}. */
    DropTimeouts(double[] utilisation) {
        int[] degrees = FabricBehaviour.INCAST_DEGREES;
        int fitting = 0;
        while (fitting < degrees.length && !overflows(degrees[fitting])) {
            fitting++;
        }
        rateDegrees = new double[fitting + 1];
        rateUtilisation = new double[fitting + 1];
        rateDegrees[0] = 1;
        rateUtilisation[0] = 1;
        for (int i = 0; i < fitting; i++) {
            rateDegrees[i + 1] = degrees[i];
            rateUtilisation[i + 1] = utilisation[i];
        }
        overflowDegrees = new double[degrees.length - fitting];
        delaySeconds = new double[overflowDegrees.length];
        for (int i = fitting; i < degrees.length; i++) {
            double idealSeconds = degrees[i] * BehaviourScenarios.INCAST_BYTES / SCENARIO_BYTES_PER_SECOND;
            overflowDegrees[i - fitting] = degrees[i];
            delaySeconds[i - fitting] = Math.max(0,
                    idealSeconds * (1 / utilisation[i] - 1 / rateUtilisation(degrees[i])));
        }
    }

    /** Whether the incast scenario of {@code degree} overflows the buffer. */
    static boolean overflows(int degree) {
        return (degree - 1) * BehaviourScenarios.INCAST_BYTES > DROP_FREE_QUEUE_BYTES;
    }

    private static double dropFreeQueueBytes() {
        return admittedQueueBytes(PacketConfig.roce(TrafficPattern.LINE_BYTES_PER_SECOND).buffer().switchBytes());
    }

    /** The largest queue a switch of {@code switchBytes} shared buffer S admits, by the scenario's rule: α·S / (1 + α). */
    static double admittedQueueBytes(double switchBytes) {
        return ALPHA * switchBytes / (1 + ALPHA);
    }

    /** u_r(ρ): the utilisation without drops. */
    double rateUtilisation(double overload) {
        return logInterpolate(overload, rateDegrees, rateUtilisation);
    }

    /**
     * D for an episode whose queue would peak at {@code queueBytes} in a switch that admits {@code
     * admittedBytes}, seconds; 0 within it. Past it, the delay of the scenario's queue that overflows the
     * scenario's switch by as much, Q + (B_s − B) (what is dropped, and so what the timeouts recover, is
     * the overflow): Q itself in the scenario's switch.
     */
    double delaySeconds(double queueBytes, double admittedBytes) {
        if (queueBytes <= admittedBytes || overflowDegrees.length == 0) {
            return 0;
        }
        double scenarioQueueBytes = queueBytes + (DROP_FREE_QUEUE_BYTES - admittedBytes);
        return logInterpolate(1 + scenarioQueueBytes / BehaviourScenarios.INCAST_BYTES, overflowDegrees, delaySeconds);
    }

    /**
     * The capacity factor of an episode of overload ρ = {@code overload} that brings {@code
     * episodeBytes} to a link of {@code bytesPerSecond} whose switch admits a queue of {@code
     * admittedBytes}: (R/c) / (R/(u_r·c) + D).
     */
    double capacityFactor(double overload, double episodeBytes, double bytesPerSecond, double admittedBytes) {
        double rate = rateUtilisation(overload);
        double delay = delaySeconds((1 - 1 / overload) * episodeBytes, admittedBytes);
        if (delay == 0) {
            return rate;
        }
        double idealSeconds = episodeBytes / bytesPerSecond;
        return idealSeconds / (idealSeconds / rate + delay);
    }

    /** y at x, linear in log₂ x between the points (xs ascending), held outside them. */
    private static double logInterpolate(double x, double[] xs, double[] ys) {
        if (x <= xs[0]) {
            return ys[0];
        }
        int i = 1;
        while (i < xs.length && x >= xs[i]) {
            i++;
        }
        if (i == xs.length) {
            return ys[i - 1];
        }
        double t = Math.log(x / xs[i - 1]) / Math.log(xs[i] / xs[i - 1]);
        return ys[i - 1] + (ys[i] - ys[i - 1]) * t;
    }
}
