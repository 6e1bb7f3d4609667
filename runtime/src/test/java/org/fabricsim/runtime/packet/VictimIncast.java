package org.fabricsim.runtime.packet;

import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.GraphBuilder;

/**
 * The victim-flow experiment of Zhu et al. (SIGCOMM'15, §2), run once on a packet fabric: hosts A1, A2 and V under
 * switch S1, hosts B1, B2, R and W under switch S2, one S1→S2 trunk, every link {@link PacketFixtures#LINK}. Incast
 * A1, A2, B1, B2 → R of 256 MB each; the victim V → W shares the trunk with A1 and A2 but not the bottleneck S2→R.
 * The bytes each port sent are read at the start and the end of the window from 4 ms to 8 ms.
 */
final class VictimIncast {
    static final int A1 = 0;
    static final int A2 = 1;
    static final int V = 2;
    static final int B1 = 3;
    static final int B2 = 4;
    static final int R = 5;
    static final int W = 6;
    private static final int HOSTS = 7;
    private static final long WINDOW_START_PS = 4_000_000_000L;
    private static final long WINDOW_END_PS = 8_000_000_000L;

    final int[] up = new int[HOSTS];
    final int[] down = new int[HOSTS];
    final int trunk;
    final PacketNetwork network;
    /** Bytes sent at the window's start [0] and end [1]: each host's uplink, then S2→R, then S2→W. */
    private final long[][] sent = new long[2][HOSTS + 2];

    VictimIncast(PacketConfig config) {
        GraphBuilder builder = new GraphBuilder();
        builder.addNodes(Graph.ACCELERATOR, HOSTS, false);
        int s1 = builder.addNodes(Graph.SWITCH, 1, false);
        int s2 = builder.addNodes(Graph.SWITCH, 1, false);
        for (int host = 0; host < HOSTS; host++) {
            int sw = host <= V ? s1 : s2;
            up[host] = builder.addLink(host, sw, PacketFixtures.LINK);
            down[host] = builder.addLink(sw, host, PacketFixtures.LINK);
        }
        trunk = builder.addLink(s1, s2, PacketFixtures.LINK);
        builder.addLink(s2, s1, PacketFixtures.LINK);
        Simulation simulation = new Simulation(3);
        network = new PacketNetwork(simulation, builder.build(), config);
        for (int sender : new int[] {A1, A2}) {
            network.start(new int[] {up[sender], trunk, down[R]}, 3, 256e6, 1, sender);
        }
        for (int sender : new int[] {B1, B2}) {
            network.start(new int[] {up[sender], down[R]}, 2, 256e6, 1, sender);
        }
        network.start(new int[] {up[V], trunk, down[W]}, 3, 256e6, 1, V);
        int mark = simulation.register(payload -> {
            for (int host = 0; host < HOSTS; host++) {
                sent[payload][host] = network.counters().port(up[host]).sentBytes();
            }
            sent[payload][HOSTS] = network.counters().port(down[R]).sentBytes();
            sent[payload][HOSTS + 1] = network.counters().port(down[W]).sentBytes();
        });
        simulation.schedule(WINDOW_START_PS, mark, 0);
        simulation.schedule(WINDOW_END_PS, mark, 1);
        simulation.run(new StopAt(network, WINDOW_END_PS));
    }

    /** The wire rate of {@code host}'s uplink over the window, bytes/s. */
    double uplinkRate(int host) {
        return rate(host);
    }

    /** The wire rate of the bottleneck S2→R over the window, bytes/s. */
    double bottleneckRate() {
        return rate(HOSTS);
    }

    /** The wire rate into the victim's receiver, S2→W, over the window, bytes/s. */
    double victimRate() {
        return rate(HOSTS + 1);
    }

    private double rate(int index) {
        return (sent[1][index] - sent[0][index]) / ((WINDOW_END_PS - WINDOW_START_PS) * 1e-12);
    }
}
