package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.packet.PacketConfig;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.PacketSettings;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;

/**
 * A gather is an incast the language can state: on one switch of 9 hosts (50 GB/s links of 1 µs), 9 MiB over 9 ranks
 * sends the root 8 slices of 1 MiB at once, one flow each: the table's 8:1 incast at 1 MiB over paths of 2 links,
 * column u(8) of each row. The root's downlink is the only contended link, so the flow model runs it at c·u(8) and
 * T = 8 MiB / (B·u(8)) + α, α = 2 µs in flight (no software latency); the ideal fabric's u is 1.
 */
class GatherIncastTest {
    private static final BehaviourTable TABLE = BehaviourTable.shipped();
    private static final LinkClass LINK = new LinkClass(50e9, 1_000_000);
    private static final int RANKS = 9;
    /** Index of the 8:1 incast in the table's degrees. */
    private static final int EIGHT_SENDERS = 2;
    private static final double INCAST_BYTES = 8 << 20;
    private static final double ALPHA_PS = 2_000_000;

    private static FabricBehaviour row(BehaviourKey.FlowControl flowControl, CongestionControl cc) {
        return TABLE.behaviour(new BehaviourKey(flowControl, cc, BehaviourKey.Recovery.GO_BACK_N, RoutingMode.ECMP));
    }

    private static long gatherPs(FabricBehaviour behaviour) {
        return runPs(CollectiveOperation.GATHER, behaviour);
    }

    private static long runPs(CollectiveOperation operation, FabricBehaviour behaviour) {
        ClusterTopology star = ClusterTopology.build(ClusterParameters.scaleOutOnly(RANKS, LINK,
                FatTreeParameters.singleSwitch(LINK)));
        return CollectiveEngine.run(star, CollectiveRequest.of(operation, 9L << 20, RANKS)
                .withAlgorithm(Algorithm.DIRECT).withFabricBehaviour(behaviour)).timePs();
    }

    /** 8 MiB through the root's downlink at u·B, plus α, ps. */
    private static double closedFormPs(double utilisation) {
        return INCAST_BYTES / (50e9 * utilisation) * 1e12 + ALPHA_PS;
    }

    @Test
    void shouldGatherAtTheRootsLinkRateOnAnIdealFabric() {
        // 8,388,608 B / 50e9 B/s = 167,772,160 ps, + 2,000,000 = 169,772,160 ps.
        assertEquals(169_772_160L, gatherPs(null));
    }

    @Test
    void shouldSlowAGatherUnderDcqcnAndHpccByTheirRowsUtilisationOfEightSenders() {
        for (CongestionControl cc : new CongestionControl[] {CongestionControl.DCQCN, CongestionControl.HPCC}) {
            FabricBehaviour behaviour = row(BehaviourKey.FlowControl.PFC, cc);
            double u = behaviour.utilisation(EIGHT_SENDERS);
            assertTrue(u < 0.9, cc + " leaves an 8:1 incast's bottleneck below capacity: u(8) = " + u);
            assertEquals(closedFormPs(u), gatherPs(behaviour), 1e-6 * closedFormPs(u), cc.name());
        }
    }

    @Test
    void shouldRunAScatterAsTheIdealExceptWhereHpccPacesTheRootsUplink() {
        // A scatter's 8 flows leave one sender: its NIC offers the root's uplink no more than its capacity (overload
        // 1) and each receiver's downlink carries one flow, so no link is an incast: DCQCN's, IB CC's and PFC's rows
        // run it exactly as the ideal, 8 MiB / B + alpha = 169,772,160 ps. HPCC paces any link several flows fill
        // (HpccPacing): each flow's share settles at eta + R_AI / B, so the uplink runs at eta + n R_AI / B, with the
        // row's R_AI at the scenarios' line rate, 40 Mb/s at 100 Gb/s: 0.95 + 8 x 5e6 / 12.5e9 = 0.9532, and
        // T = 167,772,160 / 0.9532 + 2,000,000 = 178,009,399.9 ps.
        assertEquals(169_772_160L, runPs(CollectiveOperation.SCATTER,
                row(BehaviourKey.FlowControl.PFC, CongestionControl.DCQCN)));
        assertEquals(169_772_160L, runPs(CollectiveOperation.SCATTER,
                row(BehaviourKey.FlowControl.CREDIT, CongestionControl.INFINIBAND)));
        assertEquals(169_772_160L, runPs(CollectiveOperation.SCATTER,
                row(BehaviourKey.FlowControl.PFC, CongestionControl.NONE)));
        assertEquals(178_009_400L, runPs(CollectiveOperation.SCATTER,
                row(BehaviourKey.FlowControl.PFC, CongestionControl.HPCC)));
    }

    @Test
    void shouldReadHpccsStatedMaxStageThroughTheRowItsPacketRunsMeasure() {
        // HPCC's max-stage (additive steps before a multiplicative one) sets how fast a cut flow climbs back, which
        // an incast's u reads: a fabric stating max-stage 10 runs on the row the packet backend measures with it
        // (TunedBehaviours), and the gather takes 8 MiB / (B u(8)) + alpha with that row's u(8), not the shipped 5's.
        FabricBehaviour shipped = row(BehaviourKey.FlowControl.PFC, CongestionControl.HPCC);
        FabricBehaviour stated = TunedBehaviours.behaviour(shipped.key(),
                new PacketSettings(0, 0, 0, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0, 0), TABLE);
        double u = stated.utilisation(EIGHT_SENDERS);
        assertTrue(Math.abs(u - shipped.utilisation(EIGHT_SENDERS)) > 0.01, "u(8) " + u + " against "
                + shipped.utilisation(EIGHT_SENDERS));
        assertEquals(closedFormPs(u), gatherPs(stated), 1e-6 * closedFormPs(u));
    }

    @Test
    void shouldKeepAPfcGatherAtCapacityAndCollapseALossyOneThatOverflowsTheBuffer() {
        // Without congestion control PFC holds the 8:1 incast at capacity (its row's u(8) >= 0.998): within 0.2% of
        // the ideal. Tail drop (DropTimeouts): the senders run at line rate, so the root's queue peaks at
        // (1 - 1/8) x 8 MiB = 7 MiB, past the 6 MiB the scenario's 12 MiB switch admits (alpha = 1); the episode
        // runs at the rate of the largest degree that fits, u(4), and pays the 8:1 scenario's timeouts
        // D = T_8 (1/u(8) - 1/u(4)), T_8 = 8 MiB over the scenario's 100 Gb/s payload rate:
        // T = 8 MiB / (B u(4)) + D + alpha.
        double ideal = gatherPs(null);
        assertEquals(ideal, gatherPs(row(BehaviourKey.FlowControl.PFC, CongestionControl.NONE)), 0.002 * ideal);
        FabricBehaviour lossy = row(BehaviourKey.FlowControl.LOSSY, CongestionControl.NONE);
        double rate = lossy.utilisation(EIGHT_SENDERS - 1);
        double scenarioPs = INCAST_BYTES / (TrafficPattern.LINE_BYTES_PER_SECOND
                * PacketConfig.roce(TrafficPattern.LINE_BYTES_PER_SECOND).payloadEfficiency()) * 1e12;
        double timeoutsPs = scenarioPs * (1 / lossy.utilisation(EIGHT_SENDERS) - 1 / rate);
        double expected = closedFormPs(rate) + timeoutsPs;
        assertEquals(expected, gatherPs(lossy), 1e-6 * expected);
        assertTrue(gatherPs(lossy) > 10 * ideal, "the timeouts dwarf the 170 us transfer");
    }
}
