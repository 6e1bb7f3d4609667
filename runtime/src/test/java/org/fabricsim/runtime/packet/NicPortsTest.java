package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.sim.Simulation;
import org.junit.jupiter.api.Test;

/**
 * A NIC port's round robin visits every flow it holds once per scan. Its scan prunes a finished flow by moving the
 * list's last flow into its slot; after the scan has wrapped, that last flow was already visited, and counting it
 * again ended the scan before a flow not yet visited: a go-back-N flow rewound after its NIC's other flows had sent
 * everything was left with data, due, and no wake-up until some other event offered the port a packet (on the held-out
 * adaptive all-to-all with DCQCN, 257 µs: its makespan 948.5 µs, 777.7 µs with every flow visited).
 */
class NicPortsTest {
    private static final int PORT = 0;

    @Test
    void shouldServeADueFlowThatTheScanReachesOnlyAfterPruningAFinishedFlowPastTheWrap() {
        PacketNetwork network = new PacketNetwork(new Simulation(7), PacketFixtures.star(2),
                PacketConfig.roce(PacketFixtures.LINE));
        Flows flows = new Flows();
        NicPorts ports = new NicPorts(network, flows, 4);
        for (int flow = 0; flow < 4; flow++) {
            flows.counters[Flows.packetCount(flow)] = 1;
            ports.add(PORT, flow);
        }
        assertEquals(0, ports.next(PORT));
        assertEquals(1, ports.next(PORT));
        // The scan now starts at slot 2: flows 2 and 3 have sent everything, flow 0 has finished (pruned after the
        // wrap, flow 3 moves into its slot), and flow 1, in slot 1, is the only one with a packet due.
        flows.counters[Flows.nextSeq(2)] = 1;
        flows.counters[Flows.nextSeq(3)] = 1;
        flows.setDone(0, true);
        assertEquals(1, ports.next(PORT));
    }
}
