package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.GraphBuilder;
import org.junit.jupiter.api.Test;

/**
 * The victim-flow experiment of Zhu et al. (SIGCOMM'15, §2): hosts A1, A2 and V under switch S1,
 * hosts B1, B2, R and W under switch S2, one S1→S2 link, every link C = 12.5 GB/s. Incast A1, A2,
 * B1, B2 → R; the victim V → W shares the S1→S2 link with A1 and A2 but not the bottleneck S2→R.
 */
class PacketIncastTest {
    private static final int A1 = 0;
    private static final int A2 = 1;
    private static final int V = 2;
    private static final int B1 = 3;
    private static final int B2 = 4;
    private static final int R = 5;
    private static final int W = 6;
    private static final long WINDOW_START_PS = 4_000_000_000L;
    private static final long WINDOW_END_PS = 8_000_000_000L;

    private final int[] up = new int[7];
    private final int[] down = new int[7];
    private int trunk;
    private PacketNetwork network;
    private long victimBytesAtStart;
    private long victimBytesAtEnd;
    private long bottleneckBytesAtStart;
    private long bottleneckBytesAtEnd;

    private Graph graph() {
        GraphBuilder builder = new GraphBuilder();
        builder.addNodes(Graph.ACCELERATOR, 7, false);
        int s1 = builder.addNodes(Graph.SWITCH, 1, false);
        int s2 = builder.addNodes(Graph.SWITCH, 1, false);
        for (int host = 0; host < 7; host++) {
            int sw = host <= V ? s1 : s2;
            up[host] = builder.addLink(host, sw, PacketFixtures.LINK);
            down[host] = builder.addLink(sw, host, PacketFixtures.LINK);
        }
        trunk = builder.addLink(s1, s2, PacketFixtures.LINK);
        builder.addLink(s2, s1, PacketFixtures.LINK);
        return builder.build();
    }

    /** Runs the experiment and returns the victim's and the bottleneck's wire rates in the window, bytes/s. */
    private double[] run(PacketConfig config) {
        Graph graph = graph();
        Simulation simulation = new Simulation(3);
        network = new PacketNetwork(simulation, graph, config);
        double bytes = 256e6;
        for (int sender : new int[] {A1, A2}) {
            network.start(new int[] {up[sender], trunk, down[R]}, 3, bytes, 1, sender);
        }
        for (int sender : new int[] {B1, B2}) {
            network.start(new int[] {up[sender], down[R]}, 2, bytes, 1, sender);
        }
        network.start(new int[] {up[V], trunk, down[W]}, 3, bytes, 1, V);
        int mark = simulation.register(payload -> {
            long victim = network.port(down[W]).sentBytes();
            long bottleneck = network.port(down[R]).sentBytes();
            if (payload == 0) {
                victimBytesAtStart = victim;
                bottleneckBytesAtStart = bottleneck;
            } else {
                victimBytesAtEnd = victim;
                bottleneckBytesAtEnd = bottleneck;
            }
        });
        simulation.schedule(WINDOW_START_PS, mark, 0);
        simulation.schedule(WINDOW_END_PS, mark, 1);
        simulation.run(new StopAt(network, WINDOW_END_PS));
        double seconds = (WINDOW_END_PS - WINDOW_START_PS) * 1e-12;
        return new double[] {(victimBytesAtEnd - victimBytesAtStart) / seconds,
                (bottleneckBytesAtEnd - bottleneckBytesAtStart) / seconds};
    }

    @Test
    void shouldStarveTheVictimUnderPfcAndRestoreItWithDcqcn() {
        double c = PacketFixtures.LINE;
        // PFC, no congestion control. S2 pauses each ingress port feeding R's queue on the same
        // threshold, so R's link C is split per ingress port, not per flow: C/3 each for the trunk,
        // B1 and B2. S1 in turn splits the paused trunk per ingress port among A1, A2 and V, so V
        // carries as much as A1: trunk = A + V with A = C/3 and V = A/2, i.e. V = C/6 = 0.167·C.
        double[] pfc = run(PacketConfig.roce(c));
        assertTrue(pfc[1] > 0.97 * c, "the bottleneck runs at capacity under PFC: " + pfc[1] / c);
        assertEquals(c / 6, pfc[0], 0.02 * c, "the victim is held to C/6 by pauses");
        assertTrue(network.port(trunk).pausePs() > 0, "S2 paused the trunk");
        assertTrue(network.port(up[A1]).pausePs() > 0, "and S1 passed the pause on to A1's NIC");
        // DCQCN: the four incast flows back off towards their max-min share C/4, no pause builds,
        // and V takes what the trunk has left, C − 2·C/4 = C/2 under max-min. DCQCN's sawtooth
        // oscillates around that; the victim must get within 20% of it (> 0.4·C, versus C/6 under PFC).
        double[] dcqcn = run(PacketConfig.roce(c).withCongestionControl(PacketConfig.CongestionControl.DCQCN));
        assertTrue(dcqcn[0] > 0.4 * c, "DCQCN restores the victim: " + dcqcn[0] / c + " (PFC " + pfc[0] / c + ")");
    }
}
