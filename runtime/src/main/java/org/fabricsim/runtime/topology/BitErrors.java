package org.fabricsim.runtime.topology;

import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.PacketSettings;
import org.fabricsim.runtime.spec.TopologySpec;

/**
 * The goodput share a network keeps under its fabric's {@code bit-error-rate}, the flow model's form of what the
 * packet backend simulates packet by packet (docs/packet-backend.md, "Loss"; {@code PacketLossRecoveryTest} checks
 * the backend against the same closed forms).
 *
 * <p>A full packet of w = m + 62 bytes is corrupted on a link with probability p₁ = 1 − (1 − BER)^(8w) and
 * lost on a path of H links with p = 1 − (1 − p₁)^H. Selective repeat resends only the lost packet: η = 1 − p.
 * Go-back-N notices the loss when the next packet arrives and rewinds when the NACK is back, M slots of
 * T = w / B after the lost packet started: M = ⌈(3T + 2·H·L + H·64 B / B) / T⌉ (the packet's own slot and the
 * next's arrival, the round trip of H links of latency L, the NACK's serialisation on each), so a success costs
 * one slot and a loss M: η = (1 − p) / (1 + (M − 1)·p). Every link of the network is derated by η: a flow crosses
 * them in series and loses the share once. H is the network's longest route, the conservative length (a local
 * flow crosses fewer links). No bit-error rate: η = 1. O(1).
 */
public final class BitErrors {
    /** Bytes of a NACK on the wire: RoCEv2's headers and an AETH, padded to Ethernet's 64 B minimum frame. */
    static final int NACK_BYTES = 64;
    /** Slack under which a loop of a whole number of slots is not rounded up to the next (floating point). */
    private static final double ROUNDING = 1e-9;

    private BitErrors() {
    }

    /**
     * η for {@code fabric} on routes of {@code pathLinks} links; {@code reorderingRouting} (adaptive or sprayed)
     * makes an unstated recovery selective ({@link FabricSpec#resendsSelectively}).
     */
    public static double goodputShare(FabricSpec fabric, int pathLinks, boolean reorderingRouting) {
        double bitErrorRate = fabric.packet().bitErrorRate();
        if (!(bitErrorRate > 0)) {
            return 1;
        }
        int payload = fabric.packet().mtuBytes() > 0 ? fabric.packet().mtuBytes() : PacketSettings.DEFAULT_MTU_BYTES;
        int wireBytes = payload + PacketSettings.HEADER_BYTES;
        double perLink = -Math.expm1(8.0 * wireBytes * Math.log1p(-bitErrorRate));
        double lost = -Math.expm1(pathLinks * Math.log1p(-perLink));
        if (fabric.resendsSelectively(reorderingRouting)) {
            return 1 - lost;
        }
        double bytesPerPs = fabric.linkBytesPerSecond() / 1e12;
        double slotPs = wireBytes / bytesPerPs;
        double loopPs = 3 * slotPs + 2.0 * pathLinks * fabric.latencyPs() + pathLinks * NACK_BYTES / bytesPerPs;
        double slotsPerLoss = Math.ceil(loopPs / slotPs - ROUNDING);
        return (1 - lost) / (1 + (slotsPerLoss - 1) * lost);
    }

    /**
     * Links on the longest route of {@code topology}: up to the switch and down on one switch (2); up and down
     * every tier of a tree (2 per tier); on a dragonfly's minimal route, NIC to router, a local, a global and a
     * local link, router to NIC (5); the diameter of a torus, ⌊d/2⌋ per wrapped dimension of d and d − 1 per open
     * one.
     */
    static int longestRouteLinks(TopologySpec topology) {
        if (topology instanceof TopologySpec.Torus torus) {
            int links = 0;
            for (int i = 0; i < torus.dimensions().size(); i++) {
                int d = torus.dimensions().get(i);
                links += torus.open().get(i) ? d - 1 : d / 2;
            }
            return Math.max(1, links);
        }
        if (topology instanceof TopologySpec.Dragonfly) {
            return 5;
        }
        return topology instanceof TopologySpec.SingleSwitch ? 2 : 2 * TreeSpecs.treeTiers(topology);
    }
}
