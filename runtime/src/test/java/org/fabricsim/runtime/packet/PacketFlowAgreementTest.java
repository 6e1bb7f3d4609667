package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.junit.jupiter.api.Test;

/**
 * Without contention the packet backend and the flow backend agree: the packet run's time is the
 * flow run's divided by the payload efficiency 4096 / 4158 (headers take 1.49% of the wire), to
 * within 2% (store-and-forward of the last packet per hop and per step is the remainder).
 */
class PacketFlowAgreementTest {
    private static final double EFFICIENCY = 4096.0 / 4158;

    private static ClusterTopology oneSwitch(int ranks) {
        return ClusterTopology.build(ClusterParameters.scaleOutOnly(ranks, PacketFixtures.LINK,
                FatTreeParameters.singleSwitch(PacketFixtures.LINK)));
    }

    private static void assertAgree(ClusterTopology topology, CollectiveRequest request) {
        double flowPs = CollectiveEngine.run(topology, request.withNetwork(NetworkKind.MAX_MIN)).timePs();
        double packetPs = CollectiveEngine.run(topology, request.withNetwork(NetworkKind.PACKET)).timePs();
        double expectedPs = flowPs / EFFICIENCY;
        assertEquals(expectedPs, packetPs, 0.02 * expectedPs,
                () -> "flow " + flowPs + " ps, packet " + packetPs + " ps, expected " + expectedPs);
    }

    @Test
    void shouldAgreeWithTheFlowBackendOnARing() {
        assertAgree(oneSwitch(8), CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 64L << 20, 8)
                .withAlgorithm(Algorithm.RING));
    }

    @Test
    void shouldAgreeWithTheFlowBackendOnATree() {
        assertAgree(oneSwitch(8), CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 64L << 20, 8)
                .withAlgorithm(Algorithm.DOUBLE_BINARY_TREE));
    }

    @Test
    void shouldAgreeWithTheFlowBackendOnAnAllToAll() {
        assertAgree(oneSwitch(8), CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, 64L << 20, 8));
    }

    @Test
    void shouldAgreeWithTheFlowBackendOnAGatherAndAScatter() {
        // A gather is an 8:1 incast of 2 MiB slices onto the root's downlink: PFC without congestion control (the
        // backend's defaults) runs it at capacity, as the flow model's ideal does; a scatter's 7 slices share the
        // root's uplink in its NIC, where nothing queues in a switch.
        assertAgree(oneSwitch(8), CollectiveRequest.of(CollectiveOperation.GATHER, 16L << 20, 8));
        assertAgree(oneSwitch(8), CollectiveRequest.of(CollectiveOperation.SCATTER, 16L << 20, 8));
    }
}
