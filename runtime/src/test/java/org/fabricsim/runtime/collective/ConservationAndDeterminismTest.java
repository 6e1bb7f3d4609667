package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.sim.Precision;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;

class ConservationAndDeterminismTest {
    private static final LinkClass LINK = new LinkClass(50e9, 500_000);

    /** 128 hosts: 4 per leaf, 4 leaves per pod (8 pods), 2:1 at the leaf and 2:1 at aggregation. */
    private static ClusterTopology threeTier() {
        return ClusterTopology.build(ClusterParameters.scaleOutOnly(128, LINK,
                FatTreeParameters.threeTier(4, 4, 2.0, 2.0, LINK)));
    }

    private static CollectiveRequest ring() {
        return CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 256L << 20, 128).withAlgorithm(Algorithm.RING)
                .withChannels(4).withSeed(11);
    }

    @Test
    void shouldDeliverEveryByteThatWasSent() {
        ClusterTopology cluster = threeTier();
        for (CollectiveRequest request : new CollectiveRequest[] {ring(), ring().withReuseSymmetricSteps(false),
            CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, 8L << 20, 128)}) {
            CollectiveResult result = CollectiveEngine.run(cluster, request);
            assertEquals(result.bytesInjected(), result.bytesDelivered(), Precision.EPSILON * result.bytesInjected());
            // What leaves the accelerators' NICs is what enters them.
            Graph graph = cluster.graph();
            double[] linkBytes = result.linkBytes();
            double out = 0;
            double in = 0;
            for (int link = 0; link < graph.linkCount(); link++) {
                if (graph.nodeKind(graph.linkFrom(link)) == Graph.ACCELERATOR) {
                    out += linkBytes[link];
                }
                if (graph.nodeKind(graph.linkTo(link)) == Graph.ACCELERATOR) {
                    in += linkBytes[link];
                }
            }
            assertEquals(result.bytesInjected(), out, Precision.EPSILON * out);
            assertEquals(out, in, Precision.EPSILON * out);
        }
    }

    @Test
    void shouldGiveBitIdenticalResultsForTheSameSeed() {
        CollectiveResult first = CollectiveEngine.run(threeTier(), ring());
        CollectiveResult second = CollectiveEngine.run(threeTier(), ring());
        assertEquals(first.timePs(), second.timePs());
        assertArrayEquals(first.linkBytes(), second.linkBytes());
        assertEquals(first.network(), second.network());
    }

    @Test
    void shouldHashFlowsDifferentlyForAnotherSeed() {
        CollectiveRequest permutation = CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, 8L << 20, 128)
                .withTrafficMatrixBytes(TrafficMatrices.shift(128, 16, 8L << 20)).withRouting(RoutingMode.ECMP);
        CollectiveResult first = CollectiveEngine.run(threeTier(), permutation.withSeed(1));
        CollectiveResult second = CollectiveEngine.run(threeTier(), permutation.withSeed(2));
        assertNotEquals(first.linkUsage().hottestLink(), -1);
        assertNotEquals(java.util.Arrays.hashCode(first.linkBytes()), java.util.Arrays.hashCode(second.linkBytes()));
    }
}
