package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.sim.Simulation;
import org.junit.jupiter.api.Test;

/** HPCC against DCQCN on a 4:1 incast of long flows on a lossless star: hosts 1 to 4 send 3,000 packets each to host 0. */
class PacketHpccTest {
    private static final int N = 3000;
    private static final long WIRE = 4158;

    /** Port 1 (to host 0) when the first flow finishes: its utilisation of the line so far, [0] of the result. */
    private static PortReport incast(PacketConfig.CongestionControl cc, double[] utilisationWhileAllSend) {
        Simulation simulation = new Simulation(9);
        PacketNetwork network = new PacketNetwork(simulation, PacketFixtures.star(5),
                PacketConfig.roce(PacketFixtures.LINE).withCongestionControl(cc));
        network.setListener((tag, finishPs) -> {
            if (utilisationWhileAllSend[0] == 0) {
                utilisationWhileAllSend[0] = network.port(1).sentBytes() / PacketFixtures.LINE
                        / (simulation.nowPs() * 1e-12);
            }
        });
        for (int host = 1; host <= 4; host++) {
            network.start(new int[] {2 * host, 1}, 2, N * 4096.0, 1, host);
        }
        simulation.run(network);
        assertEquals(network.bytesStarted(), network.bytesDelivered());
        return network.port(1);
    }

    @Test
    void shouldKeepTheIncastQueueNearEmptyWhereDcqcnHoldsItAboveKmin() {
        // HPCC steers the bottleneck's utilisation, queue included, to η = 0.95 < 1: the spare 5%
        // drains any standing queue, so after the first round trip at line rate the arriving
        // packets find less than one packet queued on average. DCQCN reacts only to ECN marks,
        // which start at Kmin = 400 KB (100 KB per 25 Gb/s): its queue stands above Kmin.
        double[] hpccUtilisation = new double[1];
        double[] dcqcnUtilisation = new double[1];
        PortReport hpcc = incast(PacketConfig.CongestionControl.HPCC, hpccUtilisation);
        PortReport dcqcn = incast(PacketConfig.CongestionControl.DCQCN, dcqcnUtilisation);
        long kmin = PacketConfig.roce(PacketFixtures.LINE).dcqcn().kminBytes();
        assertTrue(hpcc.meanQueueBytes() < WIRE, "HPCC mean queue " + hpcc.meanQueueBytes());
        assertTrue(dcqcn.meanQueueBytes() > kmin, "DCQCN mean queue " + dcqcn.meanQueueBytes());
        assertEquals(0, hpcc.drops() + hpcc.pausePs());
        // While all four send, HPCC holds port 1 at 0.92 of the line (η = 0.95 less its
        // measurement noise: back-to-back packets read as u = 1), DCQCN at 0.85.
        assertTrue(hpccUtilisation[0] > 0.9 && hpccUtilisation[0] > dcqcnUtilisation[0],
                "utilisation HPCC " + hpccUtilisation[0] + ", DCQCN " + dcqcnUtilisation[0]);
    }

    @Test
    void shouldRunAFabricThatDeclaresHpccWithHpcc() {
        PacketFabric fabric = new PacketFabric(org.fabricsim.runtime.spec.FabricSpec.FlowControl.PFC,
                org.fabricsim.runtime.spec.FabricSpec.CongestionControl.HPCC, 0,
                org.fabricsim.runtime.spec.PacketSettings.DEFAULTS);
        assertEquals(PacketConfig.CongestionControl.HPCC, fabric.at(PacketFixtures.LINE).congestionControl());
    }
}
