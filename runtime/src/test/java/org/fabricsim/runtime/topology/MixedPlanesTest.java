package org.fabricsim.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeGroupSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.TierStructure;
import org.fabricsim.runtime.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/**
 * A mixed cluster on a multi-plane fabric ({@link MultiPlane}, {@code MixedNodeGroups}): each group's NIC ports into
 * every plane run at its own NIC rate ÷ planes, not the first group's.
 */
class MixedPlanesTest {
    /** A 400G scale-out fabric whose links run at their full rate (efficiency 100 %), no switch latency. */
    private static final FabricSpec ETHERNET = new FabricSpec("t.E", "generic", FabricSpec.FabricScope.SCALE_OUT,
            true, "", 50e9, 0, true, FabricSpec.CongestionControl.NONE, false, false, false,
            FabricSpec.DEFAULT_FLOWS_PER_PEER, 1.0);
    /** λ = 1 µs per NIC cable: a transfer crosses two (up to its leaf and down), α = 2 µs. */
    private static final long LAMBDA_PS = 1_000_000;
    private static final AcceleratorSpec GPU = new AcceleratorSpec("t.gpu", "generic", 0, 0, 0, 0, 0, 0);
    /** One-GPU nodes, no scale-up: a 400G (50 GB/s) NIC and an 800G (100 GB/s) one. */
    private static final NodeSpec HOPPER = new NodeSpec("t.H1", GPU, 1, null,
            new NicSpec("t.Nic400", "generic", 1, 50e9, 0, LAMBDA_PS), 1, true);
    private static final NodeSpec BLACKWELL = new NodeSpec("t.B1", GPU, 1, null,
            new NicSpec("t.Nic800", "generic", 1, 100e9, 0, LAMBDA_PS), 1, true);
    /** Two planes of a 1:1 two-tier tree of radix 64 (no switch named): 32 NIC ports a plane's leaf. */
    private static final TopologySpec TWO_PLANES = new TopologySpec.FatTree(null, 2, List.of(1.0),
            new TierStructure(null, null, null, 0, 2, 0));

    private static ClusterTopology build(List<NodeGroupSpec> groups) {
        int nodes = groups.stream().mapToInt(NodeGroupSpec::nodes).sum();
        return ClusterTopologies.build(new ClusterSpec("t.Mixed", groups.get(0).node(), nodes, new ScaleOutSpec(
                ETHERNET, TWO_PLANES, ScaleOutSpec.Routing.SPRAYING), 0, null, null, groups));
    }

    @Test
    void shouldRunEachGroupsPlaneLinksAtItsOwnNicRateOverThePlanes() {
        // 32 Hopper nodes (ports 0-31), then 32 Blackwell ones (32-63). Per plane a port runs at its NIC's rate over
        // 2 planes: 25 GB/s for Hopper, 50 GB/s for Blackwell (it stayed at the first group's 25).
        ClusterTopology mixed = build(List.of(new NodeGroupSpec(HOPPER, 32), new NodeGroupSpec(BLACKWELL, 32)));
        assertEquals(List.of(25e9, 25e9), planeRates(mixed, 0));
        assertEquals(List.of(50e9, 50e9), planeRates(mixed, 32));
        // Blackwell first: the Hopper ports get 25 GB/s a plane, not the first group's 50.
        ClusterTopology reversed = build(List.of(new NodeGroupSpec(BLACKWELL, 32), new NodeGroupSpec(HOPPER, 32)));
        assertEquals(List.of(50e9, 50e9), planeRates(reversed, 0));
        assertEquals(List.of(25e9, 25e9), planeRates(reversed, 32));
    }

    @Test
    void shouldRunAFasterGroupsAllToAllAsTheGroupAloneWould() {
        // The 32 Blackwell ports share one leaf in each plane, so their all-to-all crosses no spine and meets no
        // Hopper link: it takes what the same all-to-all takes on 64 Blackwell nodes alone, on the same leaves. 16
        // MiB a pair: each rank sends 31 x 16 MiB = 520,093,696 B through its 100 GB/s NIC, 2 x 50 GB/s of plane
        // ports, at least 5,200,936,960 ps + alpha 2 us (two 1 us NIC cables), which the multi-plane all-to-all takes
        // on either cluster, each flow spread over both planes (until session 67 a flow took one hashed plane, some
        // port carried 23 of its NIC's 31 flows, 7,719,519,360 ps). At the first group's 25 GB/s a plane the mixed
        // cluster's took 15,437,038,720 ps, three times as long as now.
        long mixed = allToAllOfTheLastRanks(build(List.of(new NodeGroupSpec(HOPPER, 32),
                new NodeGroupSpec(BLACKWELL, 32))));
        long alone = allToAllOfTheLastRanks(build(List.of(new NodeGroupSpec(BLACKWELL, 64))));
        assertEquals(alone, mixed);
        assertEquals(5_200_936_960L + 2 * LAMBDA_PS, mixed, 5_202_936_960L * 1e-3, "the NICs' rate");
        assertTrue(mixed < 15_437_038_720L, "faster than the first group's plane rate: " + mixed);
    }

    /** An all-to-all of 16 MiB a pair among ranks 32-63 of 64. */
    private static long allToAllOfTheLastRanks(ClusterTopology topology) {
        double[] matrix = new double[64 * 64];
        for (int i = 32; i < 64; i++) {
            for (int j = 32; j < 64; j++) {
                matrix[i * 64 + j] = i == j ? 0 : 16 << 20;
            }
        }
        return CollectiveEngine.run(topology, CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, 16L << 20, 64)
                .withTrafficMatrixBytes(matrix)).timePs();
    }

    /** The rates of port e's links up into each plane's leaf, plane by plane. */
    private static List<Double> planeRates(ClusterTopology topology, int e) {
        int[] links = topology.scaleOutFabric().portLinks(e);
        List<Double> up = new ArrayList<>();
        for (int i = 0; i < links.length; i += 2) {
            up.add(topology.graph().linkBytesPerSecond(links[i]));
        }
        return up;
    }
}
