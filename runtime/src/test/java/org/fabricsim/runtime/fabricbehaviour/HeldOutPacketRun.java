package org.fabricsim.runtime.fabricbehaviour;

import org.fabricsim.runtime.packet.PacketNetwork;
import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * One held-out pattern of {@link BehaviourAccuracy} on the packet backend configured for a row, as the accuracy
 * run drives it (seed 11, the flows started on their ECMP paths): its makespan and its retransmission timeouts.
 *
 * @param makespanPs the last flow's finish, ps
 * @param timeouts   the retransmission timeouts that fired
 */
record HeldOutPacketRun(long makespanPs, long timeouts) {
    private static final long SEED = 11;

    /** Runs pattern {@code pattern} (an index into {@link BehaviourAccuracy#PATTERNS}) for {@code key}. */
    static HeldOutPacketRun of(BehaviourKey key, int pattern) {
        TrafficPattern traffic = BehaviourAccuracy.PATTERNS.get(pattern);
        ClusterTopology topology = traffic.topology(TrafficPattern.LINE_BYTES_PER_SECOND);
        Simulation simulation = new Simulation(SEED);
        PacketNetwork network = new PacketNetwork(simulation, topology.graph(), PatternRuns.packetConfig(key));
        long[] last = new long[1];
        network.setListener((tag, finishPs) -> last[0] = Math.max(last[0], finishPs));
        Router router = new Router(topology, RoutingMode.ECMP, SEED);
        int[] path = new int[topology.maxRouteLinks()];
        for (int f = 0; f < traffic.flows(); f++) {
            int src = traffic.src()[f];
            int dst = traffic.dst()[f];
            int length = router.route(src, dst, Router.flowKey(src, dst, 0), 0, path);
            network.start(path, length, traffic.bytes()[f], 1, f);
        }
        simulation.run(network);
        return new HeldOutPacketRun(last[0], network.counters().totals().timeouts());
    }
}
