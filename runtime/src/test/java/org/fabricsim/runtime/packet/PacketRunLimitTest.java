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
    void shouldRefuseAFlowOfMorePacketsThanItsSequenceNumbersCountEvenWithoutRunLimits() {
        // 512 GiB at a 256 B MTU: 2^39 / 2^8 = 2^31 = 2,147,483,648 packets, one more than 2^31 - 1.
        PacketConfig config = PacketConfig.roce(PacketFixtures.LINE).withMtuBytes(256)
                .withLimits(new RunLimits(Long.MAX_VALUE, Long.MAX_VALUE));
        PacketNetwork network = new PacketNetwork(new Simulation(1), PacketFixtures.star(2), config);
        PacketRunTooLargeException error = assertThrows(PacketRunTooLargeException.class,
                () -> network.start(new int[] {0, 3}, 2, 512.0 * (1L << 30), 1, 0));
        assertTrue(error.getMessage().contains("one flow of 549755813888 B (512.0 GiB) at a 256 B MTU is 2.147e+09"
                + " packets, more than the 2147483647 packets per flow"), error.getMessage());
        assertTrue(error.getMessage().contains("flow backend"), error.getMessage());
        assertEquals(0, network.activeFlowClasses(), "no class was opened");
    }

    @Test
    void shouldCountEveryPacketOfTheLargestFlowItsSequenceNumbersHold() {
        // (2^31 - 1) packets of 256 B: 549,755,813,632 B, the last packet full (256 B of payload).
        PacketConfig config = PacketConfig.roce(PacketFixtures.LINE).withMtuBytes(256)
                .withLimits(new RunLimits(Long.MAX_VALUE, Long.MAX_VALUE));
        PacketNetwork network = new PacketNetwork(new Simulation(1), PacketFixtures.star(2), config);
        network.start(new int[] {0, 3}, 2, 256.0 * Integer.MAX_VALUE, 1, 0);
        assertEquals(Integer.MAX_VALUE, network.transport.flows.counters[Flows.packetCount(0)]);
        assertEquals(256, network.transport.flows.counters[Flows.lastPayload(0)]);
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
