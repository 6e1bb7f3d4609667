package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.packet.PacketNetwork;
import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.junit.jupiter.api.Test;

/**
 * A go-back-N NACK rewinds the sender to the sequence it names, even when the receiver sends a second NACK of the
 * same flow before the first arrives. On the held-out 2:1 all-to-all under adaptive routing (16 hosts, 256 KiB per
 * pair, seed 11) two NACKs of one flow are often in flight at once (the feedback delay is 4.02 µs); when the second
 * replaced the first's sequence, the first rewound to the later sequence, the second was stale, and a flow whose last
 * two packets were reordered again was left with nothing in flight until its retransmission timer found no progress
 * at its second expiry: 2 × 4.19 ms after its last new packet. A lossless fabric loses nothing, so with each NACK
 * rewinding to its own sequence no timer resends and the step ends within twice the ideal 510.9 µs.
 */
class GoBackNNackSequenceTest {
    private static final long IDEAL_PS = 510_900_000L;

    private static long[] run(BehaviourKey.FlowControl flowControl, CongestionControl congestionControl) {
        BehaviourKey key = new BehaviourKey(flowControl, congestionControl, BehaviourKey.Recovery.GO_BACK_N,
                RoutingMode.ADAPTIVE);
        TrafficPattern pattern = BehaviourAccuracy.PATTERNS.get(1);
        ClusterTopology topology = pattern.topology(TrafficPattern.LINE_BYTES_PER_SECOND);
        Simulation simulation = new Simulation(11);
        PacketNetwork network = new PacketNetwork(simulation, topology.graph(), PatternRuns.packetConfig(key));
        long[] last = new long[1];
        network.setListener((tag, finishPs) -> last[0] = Math.max(last[0], finishPs));
        Router router = new Router(topology, RoutingMode.ECMP, 11);
        int[] path = new int[topology.maxRouteLinks()];
        for (int f = 0; f < pattern.flows(); f++) {
            int src = pattern.src()[f];
            int dst = pattern.dst()[f];
            int length = router.route(src, dst, Router.flowKey(src, dst, 0), 0, path);
            network.start(path, length, pattern.bytes()[f], 1, f);
        }
        simulation.run(network);
        return new long[] {last[0], network.counters().totals().timeouts()};
    }

    @Test
    void shouldNeverWaitForTheTimerWhenEachNackRewindsToItsOwnSequenceOnPfcWithDcqcn() {
        long[] run = run(BehaviourKey.FlowControl.PFC, CongestionControl.DCQCN);
        assertEquals(0, run[1]);
        assertTrue(run[0] < 2 * IDEAL_PS, run[0] + " ps");
    }

    @Test
    void shouldNeverWaitForTheTimerWhenEachNackRewindsToItsOwnSequenceOnCredits() {
        long[] run = run(BehaviourKey.FlowControl.CREDIT, CongestionControl.NONE);
        assertEquals(0, run[1]);
        assertTrue(run[0] < 3 * IDEAL_PS, run[0] + " ps");
    }
}
