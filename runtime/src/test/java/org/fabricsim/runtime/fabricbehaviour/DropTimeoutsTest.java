package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.fabricsim.runtime.network.ContentionModel;
import org.fabricsim.runtime.network.MaxMinNetwork;
import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.junit.jupiter.api.Test;

/**
 * A tail-drop fabric without congestion control pays retransmission timeouts per contention
 * episode whose queue overflows the buffer: a delay, not a rate, charged once per episode.
 */
class DropTimeoutsTest {
    private static final double MIB = 1 << 20;
    private static final FabricBehaviour LOSSY = BehaviourTable.shipped().behaviour(new BehaviourKey(
            BehaviourKey.FlowControl.LOSSY, CongestionControl.NONE, BehaviourKey.Recovery.GO_BACK_N, RoutingMode.ECMP));

    private static double flowPs(TrafficPattern pattern, FabricBehaviour behaviour) {
        return PatternRuns.flowPs(pattern, RoutingMode.ECMP, behaviour);
    }

    @Test
    void shouldOverflowTheScenarioBufferFromEightSendersOfOneMebibyte() {
        // The α = 1 dynamic threshold admits a queue of half the 12 MiB switch: 6 MiB. An incast of k
        // senders of 1 MiB queues (k − 1) MiB: 4 senders fit, 8 do not.
        assertEquals(6 * MIB, DropTimeouts.DROP_FREE_QUEUE_BYTES);
        assertFalse(DropTimeouts.overflows(4));
        assertTrue(DropTimeouts.overflows(8));
        assertTrue(LOSSY.dropsOnOverflow());
    }

    @Test
    void shouldReproduceTheIncastsTheRowWasMeasuredOn() {
        // At the scenario's own bytes the equal-queue degree is the incast's degree, so the delay
        // read from u(k) gives back T_k / u(k).
        for (int i = 2; i < FabricBehaviour.INCAST_DEGREES.length; i++) {
            TrafficPattern incast = TrafficPattern.incast(FabricBehaviour.INCAST_DEGREES[i], MIB);
            double ideal = flowPs(incast, null);
            assertEquals(ideal / LOSSY.utilisation(i), flowPs(incast, LOSSY), 1e-6 * ideal / LOSSY.utilisation(i));
        }
    }

    @Test
    void shouldChargeAnOverflowingIncastTheTimeoutsOfTheScenarioWithTheSameQueue() {
        // 4 senders of 7/3 MiB queue (3/4)·(28/3) = 7 MiB, the queue of the 8:1 scenario: they pay its
        // delay D(8) = T8·(1/u(8) − 1/u(4)) on top of their drop-free time T4'/u(4), where T8 is the
        // ideal 8:1 time and T4' = T8·(28/3)/8 (the ideal is linear in bytes on one bottleneck).
        // Read as a rate instead, 4:1 would cost them nothing: u(4) = 0.999.
        double t8 = flowPs(TrafficPattern.incast(8, MIB), null);
        double u4 = LOSSY.utilisation(1);
        double u8 = LOSSY.utilisation(2);
        double expected = t8 * (28.0 / 3 / 8) / u4 + t8 * (1 / u8 - 1 / u4);
        assertEquals(expected, flowPs(TrafficPattern.incast(4, 7 * MIB / 3), LOSSY), 1e-6 * expected);
    }

    @Test
    void shouldSpareAnIncastWhoseQueueFitsTheBuffer() {
        // 8 senders of 0.5 MiB queue 3.5 MiB < 6 MiB: no drops, the bottleneck runs at the drop-free
        // utilisation, u(4) held beyond 4.
        TrafficPattern incast = TrafficPattern.incast(8, MIB / 2);
        double ideal = flowPs(incast, null);
        assertEquals(ideal / LOSSY.utilisation(1), flowPs(incast, LOSSY), 1e-6 * ideal);
    }

    @Test
    void shouldKeepAnEpisodesBytesThroughTheResolvesInsideIt() {
        // Senders of 1, 2 and 2 MiB to one receiver: the episode begins with 5 MiB on the receiver's
        // link; the 1 MiB flow's completion re-solves it while two flows still contend, so the model
        // is asked again with the same 5 MiB. At a constant factor 1/2 the 5 MiB take 10 MiB / c.
        TrafficPattern incast = new TrafficPattern("incast 1, 2, 2 MiB", 4, 4, 1, new int[] {1, 2, 3},
                new int[] {0, 0, 0}, new double[] {MIB, 2 * MIB, 2 * MIB});
        double bytesPerSecond = 1e10;
        ClusterTopology topology = incast.topology(bytesPerSecond);
        Simulation simulation = new Simulation(1);
        MaxMinNetwork network = new MaxMinNetwork(simulation, topology.graph(), topology.maxRouteLinks(), 0);
        List<Double> episodeBytes = new ArrayList<>();
        int receiverLink = topology.nicDownlink(0);
        network.setContentionModel(new ContentionModel() {
            @Override
            public double saturatedCapacityFactor(int link, double overload, double flowsPerSender, double pathLinks,
                    double bytesPerSender, double bytes, int inputLinks) {
                if (link == receiverLink) {
                    episodeBytes.add(bytes);
                }
                return 0.5;
            }

            @Override
            public double smallestFactor() {
                return 0.5;
            }
        });
        long[] last = new long[1];
        network.setListener((tag, finishPs) -> last[0] = Math.max(last[0], finishPs));
        Router router = new Router(topology, RoutingMode.ECMP, 1);
        int[] path = new int[topology.maxRouteLinks()];
        for (int f = 0; f < incast.flows(); f++) {
            int length = router.route(incast.src()[f], 0, Router.flowKey(incast.src()[f], 0, 0), 0, path);
            network.start(path, length, incast.bytes()[f], 1, f);
        }
        simulation.run(network);
        assertEquals(List.of(5 * MIB, 5 * MIB), episodeBytes);
        assertEquals(10 * MIB / bytesPerSecond * 1e12, last[0], 1e3);
    }
}
