package org.fabricsim.runtime.fabricbehaviour;

import org.fabricsim.runtime.packet.Hpcc;
import org.fabricsim.runtime.routing.RoutingMode;

/**
 * What HPCC's telemetry lets the flow model read without the table: the share of its bottleneck a flow that has
 * it to itself runs at, from the parameters ({@link Hpcc}) a row was measured with, and the links HPCC does not
 * see under spraying.
 *
 * <p><b>Derivation.</b> A lone flow of rate R on its bottleneck of line rate B leaves no queue there, so that hop's
 * telemetry reads u = R / B and HPCC's estimate U settles to it. With k = U / η an update sets R ← R / k + R_AI when
 * k ≥ 1 (or after maxStage additive steps) and R ← R + R_AI otherwise. From line rate (a flow's start) the first
 * update gives R = η·B + R_AI; there k = 1 + R_AI / (η·B) ≥ 1, so every later update gives R / k + R_AI = η·B + R_AI
 * again: the fixed point. From below, at most maxStage additive steps of R_AI are followed by the same step to it.
 * The flow runs at f = η + R_AI / B of the link, whatever the flow control or recovery (nothing queues, pauses or
 * drops). HPCC counts wire bytes; the payload's share of them is the same before and after, so f holds for the flow
 * model's payload capacity too. R_AI is the row's at the scenarios' line rate ({@link TunedBehaviours} carries a
 * stated one there), so B is that rate.
 *
 * <p>Defaults (η = 0.95, R_AI = 10 Mb/s per 25 Gb/s = 40 Mb/s at 100 Gb/s): f = 0.95 + 5·10⁶ / 12.5·10⁹ = 0.9504.
 * Measured: the packet backend runs the held-out ring's uncontended 4 MiB flows (ECMP, PFC, go-back-N) in 360.0 µs
 * against 340.6 µs at the payload rate, 0.9461 of it: f within 0.5%, the first round trip at line rate and U's
 * descent from 1 the difference.
 *
 * <p><b>Sprayed hops.</b> HPCC takes a hop's rate from two consecutive acknowledgements of a flow that crossed the
 * same link there (the packet backend's {@code HpccSender}: a hop whose link differs gives no estimate, as HPCC
 * assumes one path per flow). Spraying deals a flow's consecutive packets round robin over the candidate links of
 * every switch, so no two consecutive ones share a link between switches: HPCC sees only the sender's NIC link and
 * the receiver's link, and a saturated link between switches runs whole, as the flow control alone runs it (PFC and
 * credits without congestion control: u ≥ 0.998; the edges' pacing keeps a lossy core's overload within its buffer
 * on the held-out patterns, whose lossy sprayed cells come within 1.3% so). Measured on the held-out ring (PFC,
 * go-back-N): of consecutive acknowledgements, 0.0 share the leaf uplink and the spine's downlink when sprayed, 1.0
 * the NIC and receiver links; 0.7 share the leaf uplink under adaptive routing, which picks the flow's hashed link
 * unless another's queue is shorter, so there HPCC sees the fabric. The table's sprayed HPCC rows measured it too:
 * their multipath factor 1.17–1.22 puts the permutation's sprayed uplink group at u(2)·m = 0.997
 * (docs/fabric-behaviour.md).
 */
final class HpccPacing {
    private HpccPacing() {
    }

    /** Whether HPCC misses every link between switches under {@code routing}: under spraying only. */
    static boolean blindBetweenSwitches(RoutingMode routing) {
        return routing == RoutingMode.SPRAY;
    }

    /** f = min(1, η + R_AI / B) with B {@link TrafficPattern#LINE_BYTES_PER_SECOND}: the share a lone flow runs at. */
    static double loneFlowFactor(Hpcc hpcc) {
        return Math.min(1, hpcc.eta() + hpcc.additiveBytesPerSecond() / TrafficPattern.LINE_BYTES_PER_SECOND);
    }
}
