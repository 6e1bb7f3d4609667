package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.junit.jupiter.api.Test;

/** Contention that the flow-level model must show and the analytical model cannot. */
class ContentionTest {
    private static final double B = 50e9;
    private static final long PS_PER_SECOND = 1_000_000_000_000L;

    @Test
    void shouldBoundAllToAllOnAnOversubscribedFatTreeByItsUplinks() {
        // 32 hosts, 8 per leaf, 4:1 at the leaf: 4 leaves with 2 uplinks each, 2 spines.
        // Uniform all-to-all, S per rank, S/32 per pair. A leaf sends 8 hosts x 24 remote ranks x S/32
        // = 6S over 2 uplinks of B: T >= 3S/B. The bisection (2 leaves | 2 leaves) carries 16 x 16 x S/32
        // = 8S over 4 uplinks: T >= 2S/B. Injection alone would allow 31/32 S/B.
        long s = 32L << 20;
        ClusterTopology cluster = Clusters.twoTier(32, 8, 4.0, B);
        CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, s, 32);
        CollectiveResult result = CollectiveEngine.run(cluster, request);
        CollectiveResult analytical = CollectiveEngine.run(cluster, request.withNetwork(NetworkKind.ANALYTICAL));
        double seconds = result.timeSeconds();
        assertTrue(seconds >= 2.0 * s / B, "bisection bound");
        assertTrue(seconds >= 3.0 * s / B * (1 - 1e-9), "leaf uplink bound");
        assertTrue(seconds > 3 * analytical.timeSeconds(), "contention shows: " + seconds + " vs "
                + analytical.timeSeconds());
        assertTrue(result.linkUsage().maxUtilization() > 0.5);
    }

    @Test
    void shouldMakeAPermutationSlowerWithEcmpCollisionsThanWithAdaptiveRouting() {
        // 64 hosts, 8 per leaf, 1:1: 8 leaves x 8 uplinks, 8 spines. Host i sends S to i + 8 (next leaf).
        // Adaptive spreads each leaf's 8 flows over its 8 uplinks: T = S/B exactly. Static ECMP hashes
        // 8 flows onto 8 uplinks and collides (probability 1 - 8!/8^8 > 99.7 %), so T > S/B.
        long s = 64L << 20;
        ClusterTopology cluster = Clusters.twoTier(64, 8, 1.0, B);
        CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, s, 64)
                .withTrafficMatrixBytes(TrafficMatrices.shift(64, 8, s));
        long ecmpPs = CollectiveEngine.run(cluster, request.withRouting(RoutingMode.ECMP)).timePs();
        long adaptivePs = CollectiveEngine.run(cluster, request.withRouting(RoutingMode.ADAPTIVE)).timePs();
        long sprayPs = CollectiveEngine.run(cluster, request.withRouting(RoutingMode.SPRAY)).timePs();
        long ideal = Math.round(s / B * PS_PER_SECOND);
        assertEquals(ideal, adaptivePs, 1);
        assertEquals(ideal, sprayPs, 8);
        assertTrue(ecmpPs > adaptivePs * 3 / 2, "ECMP " + ecmpPs + " vs adaptive " + adaptivePs);
    }

    @Test
    void shouldMakeSkewedAllToAllSlowerThanUniformWithTheSameBytes() {
        // Every rank sends 15/16 S to the 15 others in both cases (uniform: S/16 per peer); with Zipf
        // skew rank 0 receives far more.
        long s = 16L << 20;
        ClusterTopology cluster = Clusters.singleSwitch(16, B, 0);
        CollectiveRequest uniform = CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, s, 16);
        CollectiveRequest skewed = uniform.withTrafficMatrixBytes(TrafficMatrices.zipf(16, s * 15.0 / 16, 1.0));
        CollectiveResult even = CollectiveEngine.run(cluster, uniform);
        CollectiveResult hot = CollectiveEngine.run(cluster, skewed);
        assertEquals(even.bytesInjected(), hot.bytesInjected(), 1e-3 * s);
        // Rank 0 receives sum_{i>0} (15/16) S / H_i with H_i = sum_{j != i} 1/(1+j) < 2.4: more than 5 S,
        // against 15/16 S per rank when uniform.
        assertTrue(hot.timePs() > 3 * even.timePs(), hot.timePs() + " vs " + even.timePs());
    }
}
