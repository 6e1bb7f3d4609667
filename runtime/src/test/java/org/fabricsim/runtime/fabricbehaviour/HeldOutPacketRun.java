package org.fabricsim.runtime.fabricbehaviour;

import org.fabricsim.runtime.packet.PacketNetwork;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * One held-out pattern of {@link BehaviourAccuracy} on the packet backend configured for a row, run as the accuracy
 * run runs it ({@link PatternRuns#run}, ECMP paths, its seed): its makespan and its retransmission timeouts.
 *
 * @param makespanPs the last flow's finish, ps
 * @param timeouts   the retransmission timeouts that fired
 */
record HeldOutPacketRun(long makespanPs, long timeouts) {
    /** Runs pattern {@code pattern} (an index into {@link BehaviourAccuracy#PATTERNS}) for {@code key}. */
    static HeldOutPacketRun of(BehaviourKey key, int pattern) {
        TrafficPattern traffic = BehaviourAccuracy.PATTERNS.get(pattern);
        ClusterTopology topology = traffic.topology(TrafficPattern.LINE_BYTES_PER_SECOND);
        Simulation simulation = new Simulation(PatternRuns.SEED);
        PacketNetwork network = new PacketNetwork(simulation, topology.graph(), PatternRuns.packetConfig(key));
        long makespanPs = PatternRuns.run(traffic, topology, RoutingMode.ECMP, simulation, network);
        return new HeldOutPacketRun(makespanPs, network.counters().totals().timeouts());
    }
}
