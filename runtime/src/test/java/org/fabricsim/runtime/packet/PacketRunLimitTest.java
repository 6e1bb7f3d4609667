package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.junit.jupiter.api.Test;

/** A packet run over the limits is refused before it starts, with its estimate and the advice to use the flow backend. */
class PacketRunLimitTest {

    @Test
    void shouldEstimatePacketHopsFromBytesAndPathLength() {
        // 1 GiB in 4096-byte packets = 262,144 packets (+ 1 per flow, 0 flows) over 2 links = 524,288 hops.
        RunEstimate estimate = RunEstimate.of(PacketConfig.roce(PacketFixtures.LINE), PacketFixtures.star(2),
                1L << 30, 0, 2);
        assertEquals(524_288, estimate.packetHops());
    }

    @Test
    void shouldRefuseAFlowThatWouldExceedThePacketHopLimit() {
        // Limit 1000 hops; a 4 MB flow over 2 links is ⌈4e6 / 4096⌉ + 1 = 978 packets, 1,956 hops.
        PacketConfig config = PacketConfig.roce(PacketFixtures.LINE).withLimits(new RunLimits(1000, 1L << 30));
        PacketNetwork network = new PacketNetwork(new Simulation(1), PacketFixtures.star(2), config);
        PacketRunTooLargeException error = assertThrows(PacketRunTooLargeException.class,
                () -> network.start(new int[] {0, 3}, 2, 4e6, 1, 0));
        assertTrue(error.getMessage().contains("1.96e+03 packet-hops"), error.getMessage());
        assertTrue(error.getMessage().contains("flow backend"), error.getMessage());
        assertEquals(0, network.statistics().completionBatches(), "nothing was simulated");
    }

    @Test
    void shouldAcceptAFlowWithinTheLimits() {
        PacketConfig config = PacketConfig.roce(PacketFixtures.LINE).withLimits(new RunLimits(2000, 1L << 30));
        long finish = PacketFixtures.run(PacketFixtures.star(2), config, new int[][] {{0, 3}}, new double[] {4e6})[0];
        assertTrue(finish > 0);
    }

    @Test
    void shouldRefuseAnAllToAllTooLargeForTheDefaultLimitsBeforeSimulating() {
        // 64 ranks sending 256 GiB each, 63/64 of it to others: 1.69e13 B = 4.1e9 packets of 4096 B,
        // over paths of 2 links: 8.3e9 packet-hops, above the default limit of 2e9.
        ClusterTopology topology = ClusterTopology.build(ClusterParameters.scaleOutOnly(64, PacketFixtures.LINK,
                FatTreeParameters.singleSwitch(PacketFixtures.LINK)));
        CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, 256L << 30, 64)
                .withNetwork(NetworkKind.PACKET);
        PacketRunTooLargeException error = assertThrows(PacketRunTooLargeException.class,
                () -> CollectiveEngine.run(topology, request));
        assertTrue(error.getMessage().contains("flow backend"), error.getMessage());
    }
}
