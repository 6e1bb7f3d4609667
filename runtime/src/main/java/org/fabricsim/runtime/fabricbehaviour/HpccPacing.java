package org.fabricsim.runtime.fabricbehaviour;

import org.fabricsim.runtime.packet.Hpcc;
import org.fabricsim.runtime.routing.RoutingMode;

/**
 * What HPCC's telemetry lets the flow model read without the table: the share of its bottleneck a flow that has
 * it to itself runs at, from the parameters ({@link Hpcc}) a row was measured with, and the links HPCC does not
 * read under spraying.
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
 * every switch ({@code NextHops}: candidate (h + seq) mod c of c), so two consecutive ones leave a switch with c ≥ 2
 * candidates on different links, and cross different links at every hop after it: HPCC reads a hop only where every
 * switch before it offered the flow one candidate, that is where the flow crosses the link with all its packets. A
 * member of a sprayed group of g ≥ 2 links carries 1/g of each flow's packets, and a flow split over r ≥ 2 minimal
 * routes crosses each with part of them: unread (the NIC link and the receiver's link always read); two routers
 * joined by one link carry the whole flow: read at every acknowledgement (session 67's two-node {@code Fly}: 0 hop
 * mismatches). A saturated link no class reads runs whole, as the flow control alone runs it (PFC and
 * credits without congestion control: u ≥ 0.998; the edges' pacing keeps a lossy core's overload within its buffer
 * on the held-out patterns, whose lossy sprayed cells come within 1.3% so). Measured on the held-out ring (PFC,
 * go-back-N): of consecutive acknowledgements, 0.0 share the leaf uplink and the spine's downlink when sprayed, 1.0
 * the NIC and receiver links; 0.7 share the leaf uplink under adaptive routing, which picks the flow's hashed link
 * unless another's queue is shorter, so there HPCC sees the fabric. The table's sprayed HPCC rows measured it too:
 * their multipath factor 1.17–1.22 puts the permutation's sprayed uplink group at u(2)·m = 0.997
 * (docs/fabric-behaviour.md). A link that some classes read and others do not runs at no less than what the unread
 * ones offer ({@code ContentionReading}): HPCC cuts the readers until the link reads η, and cannot cut the others.
 *
 * <p><b>Colliding hashes under adaptive routing.</b> The packet backend's adaptive choice keeps a packet on its
 * flow's hashed uplink unless another candidate's queue is shorter, so two flows whose hashes pick one uplink share it
 * and spill to a spare only while it queues. Measured on the held-out ring (every acknowledgement logged from a copy
 * of {@code HpccSender}): a colliding flow of rate r sends q = 1 / (2r) of its packets on the hashed link, choosing
 * about independently packet to packet; a pair of consecutive packets on one uplink reads u ≈ 1 there (0.95–1.00,
 * hashed or spare: either is busy while the pair uses it); a pair that switches gives no uplink estimate and reads its
 * NIC link (r) or its receiver's link, where hashed-then-spare arrives right behind (≈ 1) and spare-then-hashed
 * spread out (below r, so the NIC's r is the max): half the switches read 1, half r. So U = (1 − m) + m·(1 + r) / 2
 * with m = 2q(1 − q) = (2r − 1) / (2r²), and HPCC's fixed point U = η (k = 1; R_AI moves it by R_AI / R ≈ 5·10⁻⁴,
 * left out) gives (2 + 4(1 − η))·r² − 3r + 1 = 0, whose upper root (U rises with r there: stable) is
 * r = (3 + √(1 − 16(1 − η))) / (4 + 8(1 − η)): 0.7834 at η = 0.95, against the colliding flows' measured 0.73–0.84
 * (mean 0.789). Below η = 15/16 no root lies above 1/2 and the pair shares the hashed link at η / 2 each.
 *
 * <p>The flow model cannot see the hashes (the packet backend draws them from the run's random stream), so a flow
 * runs at the rate of its likelier outcome: with n flows leaving a switch over its k uplinks, hashed independently
 * and uniformly, a flow shares its hashed uplink with another with probability 1 − ((k − 1) / k)^(n − 1); above 1/2
 * it runs at r (4 flows on 4 uplinks: 1 − 27/64 = 0.578), else at the lone flow's f (2 on 4: 0.25).
 */
final class HpccPacing {
    private HpccPacing() {
    }

    /** Whether HPCC reads only the hops a flow crosses with all its packets under {@code routing}: under spraying. */
    static boolean readsOnlyUnsplitHops(RoutingMode routing) {
        return routing == RoutingMode.SPRAY;
    }

    /** f = min(1, η + R_AI / B) with B {@link TrafficPattern#LINE_BYTES_PER_SECOND}: the share a lone flow runs at. */
    static double loneFlowFactor(Hpcc hpcc) {
        return pacedFactor(hpcc, 1);
    }

    /**
     * f_n = min(1, η + n·R_AI / B): the share of a link HPCC sees that n flows offered no more than it (in all, at their
     * line rates) settle at. Each flow's update is R_i ← R_i / k + R_AI with the link's k = U / η; summed over the n
     * flows, S ← S / k + n·R_AI = η·B + n·R_AI with k = S / (η·B): the fixed point S = η·B + n·R_AI, reached from
     * line rate as the lone flow's (n = 1, {@link #loneFlowFactor}). The paper sizes R_AI so that n·R_AI stays below
     * (1 − η)·B for the flows it expects (Li et al., SIGCOMM 2019: W_AI = W_init·(1 − η) / N); more flows than that fill the link.
     */
    static double pacedFactor(Hpcc hpcc, double flows) {
        return Math.min(1, hpcc.eta() + flows * hpcc.additiveBytesPerSecond() / TrafficPattern.LINE_BYTES_PER_SECOND);
    }

    /**
     * min(1, n·R_min / c): the share of a link of {@code bytesPerSecond} = c that n flows HPCC paces carry at least.
     * HPCC clamps every rate to [R_min, B] ({@code HpccSender}: R ← max(R_min, R_c / k + R_AI)), so however far U
     * reads above η the n flows together send n·R_min, and a lossless link carries it: where n·R_min is above the
     * pacing's fixed point η·B + n·R_AI ({@link #pacedFactor}) and below c ({@link #atRateFloor}: at c the queue
     * stands and the flow control runs the link), the cuts stop at R_min and the link runs at n·R_min. Two {@code Fly}
     * nodes at 4 queue pairs a pair and η 47.5 % (docs/fabric-behaviour.md, "HPCC with four queue pairs a pair,
     * session 71"): 256 flows of 1 Gb/s on the 400 Gb/s router link, 0.64 of it, where η + n·R_AI / B = 0.577; the
     * packet backend runs the link at 0.63–0.69 once the first burst has drained (0.52 at 2 queue pairs, 128 flows,
     * floor 0.32, f_n = 0.526). R_min does not scale with the line ({@link #atRateFloor}): c is the link's own rate.
     */
    static double floorShare(Hpcc hpcc, double flows, double bytesPerSecond) {
        return Math.min(1, flows * hpcc.minBytesPerSecond() / bytesPerSecond);
    }

    /**
     * Whether n flows at HPCC's rate floor offer a link of {@code bytesPerSecond} = c its rate or more, n·R_min ≥ c
     * (docs/fabric-behaviour.md, "HPCC's rate floor (session 70)"): HPCC clamps every rate to [R_min, B] ({@code
     * HpccSender}), so its cuts stop at R_min whatever U reads, the link is offered at least n·R_min and its queue
     * stands: the flow control runs the link, not HPCC, and the fixed point η·c + n·R_AI ({@link #pacedFactor}) is never
     * reached. R_min does not scale with the line (ns-3's {@code MIN_RATE} 1 Gb/s, {@link Hpcc#defaults}): 100 flows on
     * a 100 Gb/s link, 400 on a 400 Gb/s one. The table's one incast past it, 16 senders of 8 flows (128 flows, 1.28·B
     * at its 100 Gb/s), runs at u = 0.9988–0.9999 on PFC and credits, 0.98–1.00 trimming, 0.15–0.44 lossy (the floor's
     * excess dropped) in its four blocks, where 64 flows (16 × 4, 8 × 8) read 0.76–0.90, HPCC's loss.
     */
    static boolean atRateFloor(Hpcc hpcc, double flows, double bytesPerSecond) {
        return flows * hpcc.minBytesPerSecond() >= bytesPerSecond;
    }

    /** Whether HPCC's flows choose uplinks by a hash they leave only for a shorter queue: under adaptive routing. */
    static boolean hashesCollide(RoutingMode routing) {
        return routing == RoutingMode.ADAPTIVE;
    }

    /**
     * r = (3 + √(1 − 16(1 − η))) / (4 + 8(1 − η)), or η / 2 where the root is not real: the share of the line a flow
     * whose hash collides with another's runs at, no more than the lone flow's {@link #loneFlowFactor}.
     */
    static double collidingFlowFactor(Hpcc hpcc) {
        double slack = 1 - hpcc.eta();
        double discriminant = 1 - 16 * slack;
        double rate = discriminant < 0 ? hpcc.eta() / 2 : (3 + Math.sqrt(discriminant)) / (4 + 8 * slack);
        return Math.min(loneFlowFactor(hpcc), rate);
    }

    /** Whether a flow among {@code flows} hashed uniformly over {@code uplinks} more likely than not shares one. */
    static boolean collisionLikelier(long flows, int uplinks) {
        return uplinks > 0 && 1 - Math.pow((uplinks - 1.0) / uplinks, flows - 1) > 0.5;
    }
}
