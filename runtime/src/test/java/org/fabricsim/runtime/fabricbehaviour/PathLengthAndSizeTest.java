package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.junit.jupiter.api.Test;

/**
 * The behaviour table's path length (links a flow crosses, hence its round trip) and bytes per sender
 * (how long the transfer over which a control's transient plays out), as the flow model reads them.
 */
class PathLengthAndSizeTest {
    private static final double MIB = 1 << 20;
    private static final int POINTS = FabricBehaviour.POINTS_PER_PATH;
    private static final BehaviourKey IB_CC = new BehaviourKey(BehaviourKey.FlowControl.PFC,
            CongestionControl.INFINIBAND, BehaviourKey.Recovery.GO_BACK_N, RoutingMode.ECMP);

    /** u at {@code SENDER_BYTES[s]}, {@code PATH_LINKS[h]}, 2:1 and one flow per sender. */
    private static double twoToOne(FabricBehaviour b, int s, int h) {
        return b.utilisation()[(s * FabricBehaviour.PATH_LINKS.length + h) * POINTS];
    }

    /** Makespan of {@code pattern} on the flow model with {@code behaviour} over its ideal makespan. */
    private static double slowdown(TrafficPattern pattern, FabricBehaviour behaviour) {
        return (double) PatternRuns.flowPs(pattern, RoutingMode.ECMP, behaviour)
                / PatternRuns.flowPs(pattern, RoutingMode.ECMP, null);
    }

    @Test
    void shouldInterpolateLinearlyInPathLinksAndInLogBytesPerSender() {
        // Blocks (1 MiB, 2 links) 0.8, (1 MiB, 4 links) 0.4, (4 MiB, 2 links) 0.9, (4 MiB, 4 links) 0.6 at every
        // (degree, flows per sender): 3 links is the midpoint of 0.8 and 0.4; 2 MiB the midpoint in log₂ B of
        // the 4-link blocks, 0.4 and 0.6; held at the measured ends outside.
        double[] u = new double[FabricBehaviour.POINTS];
        double[] blocks = {0.8, 0.4, 0.9, 0.6};
        for (int block = 0; block < blocks.length; block++) {
            Arrays.fill(u, block * POINTS, (block + 1) * POINTS, blocks[block]);
        }
        FabricBehaviour b = new FabricBehaviour(IB_CC, u, 1);
        assertEquals(0.8, b.capacityFactor(2, 1, 2, MIB), 1e-12);
        assertEquals(0.4, b.capacityFactor(2, 1, 4, MIB), 1e-12);
        assertEquals(0.6, b.capacityFactor(2, 1, 3, MIB), 1e-12);
        assertEquals(0.5, b.capacityFactor(2, 1, 4, 2 * MIB), 1e-12);
        assertEquals((0.6 + 0.75) / 2, b.capacityFactor(2, 1, 3, 2 * MIB), 1e-12, "(0.6 at 1 MiB + 0.75 at 4 MiB) / 2");
        assertEquals(0.6, b.capacityFactor(2, 1, 6, 8 * MIB), 1e-12, "held at 4 links and 4 MiB");
        assertEquals(0.8, b.capacityFactor(2, 1, 1, MIB / 4), 1e-12, "held at 2 links and 1 MiB");
        assertEquals(1.0, b.capacityFactor(1, 1, 4, 4 * MIB), "no overload, no derating");
    }

    @Test
    void shouldRunTwoSendersAcrossALeafUplinkSlowerThanOnOneSwitchUnderIbCc() {
        // The shipped ib-cc row: two senders of 1 MiB on one leaf to two hosts on another, over the leaf's one
        // uplink (ρ = 2, m = 1, paths of 4 links, 1 MiB per sender): the uplink and the spine's downlink carry
        // the same two flows, so the makespan is the ideal's over u(2, 1) of the 4-link block. The packet
        // backend measured that block below the one-switch block (the BECNs reach the senders a longer
        // round trip after the queue built: 0.441 against 0.574), so the flow model now runs it slower than
        // it ran it reading the one-switch incast.
        FabricBehaviour b = BehaviourTable.shipped().behaviour(IB_CC);
        TrafficPattern acrossUplink = TrafficPattern.uplinkIncast(2, 1, MIB);
        double oneSwitch = twoToOne(b, 0, 0);
        double uplink = twoToOne(b, 0, 1);
        assertTrue(uplink < 0.9 * oneSwitch, uplink + " against " + oneSwitch);
        assertEquals(1 / uplink, slowdown(acrossUplink, b), 1e-6);
        assertEquals(1 / oneSwitch, slowdown(TrafficPattern.incast(2, 1, MIB), b), 1e-6);
        // With 4 MiB per sender the transient is a smaller share of the transfer: u(2, 1) of the 4 MiB block
        // across the uplink, above the 1 MiB block's.
        assertTrue(twoToOne(b, 1, 1) > uplink, twoToOne(b, 1, 1) + " against " + uplink);
        assertEquals(1 / twoToOne(b, 1, 1), slowdown(TrafficPattern.uplinkIncast(2, 1, 4 * MIB), b), 1e-6);
    }

    @Test
    void shouldEqualTheIdealAcrossTheSpineWithoutContention() {
        // Two hosts on two leaves sending to each other: paths of 4 links, no link carries two flows, nothing
        // is derated whatever the path length: the ideal to the picosecond.
        TrafficPattern exchange = TrafficPattern.permutation(2, 1, 1.0, 4 * MIB);
        assertEquals(PatternRuns.flowPs(exchange, RoutingMode.ECMP, null),
                PatternRuns.flowPs(exchange, RoutingMode.ECMP, BehaviourTable.shipped().behaviour(IB_CC)));
    }

    @Test
    void shouldHoldTheOneSwitchUtilisationsWhereNothingIsFedBack() {
        // PFC without congestion control feeds nothing back: its row holds the one-switch 1 MiB block at every
        // path length and size, so a longer path changes nothing.
        FabricBehaviour b = BehaviourTable.shipped().behaviour(new BehaviourKey(BehaviourKey.FlowControl.PFC,
                CongestionControl.NONE, BehaviourKey.Recovery.GO_BACK_N, RoutingMode.ECMP));
        double[] u = b.utilisation();
        double[] first = Arrays.copyOf(u, POINTS);
        for (int block = 1; block < FabricBehaviour.POINTS / POINTS; block++) {
            assertArrayEquals(first, Arrays.copyOfRange(u, block * POINTS, (block + 1) * POINTS));
        }
    }
}
