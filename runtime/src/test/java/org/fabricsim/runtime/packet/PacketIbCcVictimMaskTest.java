package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.packet.PacketConfig.CongestionControl;
import org.fabricsim.runtime.packet.PacketConfig.FlowControl;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.GraphBuilder;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;

/**
 * InfiniBand congestion control's Victim_Mask ({@link IbCc}) on a credit-based fabric of C = 12.5 GB/s links: one
 * flow of 2,000 full packets crosses a port whose link credits come back late, a 20 µs link (a slow consumer seen
 * from the switch). The port holds 64 packets of credit (266,112 wire bytes) and waits about 2 × 20 µs for each to
 * return, so it drains at most 266,112 B / 40 µs ≈ 0.53·C: the sender's 64 credits into the switch fill its queue
 * far past the 64 KiB FECN threshold while it waits for credits, a victim, not a root.
 */
class PacketIbCcVictimMaskTest {
    private static final LinkClass LONG = new LinkClass(PacketFixtures.LINE, 20_000_000L);

    /** The network after the run and the starved port's link: host → S → (20 µs) → R, or S1 → (20 µs) → S2 → R. */
    private record Run(PacketNetwork network, int starvedLink) {
    }

    private static Run run(boolean midFabric, IbCc.VictimMask mask) {
        GraphBuilder builder = new GraphBuilder();
        int host = builder.addNodes(Graph.ACCELERATOR, 1, false);
        int receiver = builder.addNodes(Graph.ACCELERATOR, 1, false);
        int s1 = builder.addNodes(Graph.SWITCH, 1, false);
        int up = builder.addLink(host, s1, PacketFixtures.LINK);
        int[] path;
        int starved;
        if (midFabric) {
            int s2 = builder.addNodes(Graph.SWITCH, 1, false);
            starved = builder.addLink(s1, s2, LONG);
            path = new int[] {up, starved, builder.addLink(s2, receiver, PacketFixtures.LINK)};
        } else {
            starved = builder.addLink(s1, receiver, LONG);
            path = new int[] {up, starved};
        }
        PacketConfig config = PacketConfig.roce(PacketFixtures.LINE).withFlowControl(FlowControl.CREDIT)
                .withCongestionControl(CongestionControl.IB_CC).withIbCc(IbCc.defaults().withVictimMask(mask));
        Simulation simulation = new Simulation(3);
        PacketNetwork network = new PacketNetwork(simulation, builder.build(), config);
        network.start(path, path.length, 2000 * 4096.0, 1, 0);
        simulation.run(network);
        return new Run(network, starved);
    }

    /**
     * The starved port faces the receiving HCA, whose Victim_Mask bit the default sets: its queue passes the
     * threshold while it lacks credits, and it marks as the root of congestion it is.
     */
    @Test
    void shouldMarkAtACreditStarvedPortFacingAnEndNode() {
        Run run = run(false, IbCc.VictimMask.END_NODE_PORTS);
        PortReport port = run.network().counters().port(run.starvedLink());
        assertTrue(port.peakQueueBytes() > IbCc.defaults().thresholdBytes(), "queue " + port.peakQueueBytes());
        assertTrue(port.ecnMarks() > 0, "FECN marks at the end node's port");
    }

    /**
     * The starved port is between two switches: its Victim_Mask bit is clear, so its queue passes the threshold
     * without one FECN mark (and the next port, to the receiver, is never over it: nothing is marked at all), where
     * a mask set on every port marks there.
     */
    @Test
    void shouldNotMarkAtACreditStarvedPortBetweenSwitches() {
        Run masked = run(true, IbCc.VictimMask.END_NODE_PORTS);
        PortReport port = masked.network().counters().port(masked.starvedLink());
        assertTrue(port.peakQueueBytes() > IbCc.defaults().thresholdBytes(), "queue " + port.peakQueueBytes());
        assertEquals(0, port.ecnMarks(), "a victim between switches does not mark");
        assertEquals(0, masked.network().counters().totals().cnps(), "no BECN anywhere");
        Run everywhere = run(true, IbCc.VictimMask.ALL_PORTS);
        assertTrue(everywhere.network().counters().port(everywhere.starvedLink()).ecnMarks() > 0,
                "with every Victim_Mask bit set the same port marks");
    }
}
