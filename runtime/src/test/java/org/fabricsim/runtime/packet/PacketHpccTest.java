package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.ClusterTopology;
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
                utilisationWhileAllSend[0] = network.counters().port(1).sentBytes() / PacketFixtures.LINE
                        / (simulation.nowPs() * 1e-12);
            }
        });
        for (int host = 1; host <= 4; host++) {
            network.start(new int[] {2 * host, 1}, 2, N * 4096.0, 1, host);
        }
        simulation.run(network);
        assertEquals(network.bytesStarted(), network.bytesDelivered());
        return network.counters().port(1);
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
    void shouldRunAnUncontendedSprayedPermutationNearTheLine() {
        // 16 hosts, 4 per leaf, 1:1: host i sends 4 MB to host (i + 4) mod 16 on the next leaf, each
        // packet sprayed over its leaf's 4 uplinks. Every leaf sends 4 flows through 4 uplinks and every
        // host receives one, so nothing is contended: HPCC must hold every flow near η = 0.95 of the line,
        // as on one path (above 0.9 with the noise of back-to-back packets). Its telemetry gives a rate
        // only per link: consecutive acknowledgements that crossed different spines carry different
        // links' byte counters, whose difference is no rate (it held this step at 0.6 of the line).
        ClusterTopology topology = PacketFixtures.twoTier(16, 4, 1.0);
        PacketConfig config = PacketConfig.roce(PacketFixtures.LINE).withCongestionControl(
                PacketConfig.CongestionControl.HPCC).withRouting(PacketRouting.SPRAY)
                .withRecovery(PacketConfig.Recovery.SELECTIVE_REPEAT);
        Router router = new Router(topology, RoutingMode.ECMP, 3);
        int[][] paths = new int[16][];
        double[] bytes = new double[16];
        int[] path = new int[topology.maxRouteLinks()];
        for (int src = 0; src < 16; src++) {
            int dst = (src + 4) % 16;
            paths[src] = Arrays.copyOf(path, router.route(src, dst, Router.flowKey(src, dst, 0), 0, path));
            bytes[src] = 4e6;
        }
        long lastPs = Arrays.stream(PacketFixtures.run(topology.graph(), config, paths, bytes)).max().orElseThrow();
        double share = 4e6 / (lastPs * 1e-12) / (PacketFixtures.LINE * 4096 / WIRE);
        assertTrue(share > 0.9, "share of the line " + share);
    }

    @Test
    void shouldRunAFabricThatDeclaresHpccWithHpcc() {
        PacketFabric fabric = new PacketFabric(org.fabricsim.runtime.spec.FabricSpec.FlowControl.PFC,
                org.fabricsim.runtime.spec.FabricSpec.CongestionControl.HPCC, 0,
                org.fabricsim.runtime.spec.PacketSettings.DEFAULTS);
        assertEquals(PacketConfig.CongestionControl.HPCC, fabric.at(PacketFixtures.LINE).congestionControl());
    }
}
