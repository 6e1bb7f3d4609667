package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/** A sweep that shares solved phases across sizes gives exactly what fresh runs give, with fewer solves. */
class PhaseMemoTest {
    private static final LinkClass NVLINK = new LinkClass(450e9, 100_000);
    private static final LinkClass NIC = LinkClass.ofGigabitsPerSecond(400, 300_000);
    private static final ClusterTopology CLUSTER = ClusterTopology.build(new ClusterParameters(64,
            ScaleUpParameters.switched(8, NVLINK, false), NIC, FatTreeParameters.twoTier(4, 1.0, NIC).withRails(8)));

    @Test
    void shouldGiveASweepTheResultsOfFreshRuns() {
        PhaseMemo memo = new PhaseMemo();
        long solvedWithMemo = 0;
        long solvedFresh = 0;
        for (Algorithm algorithm : new Algorithm[] { Algorithm.AUTO, Algorithm.RING, Algorithm.DOUBLE_BINARY_TREE }) {
            for (long bytes = 1L << 10; bytes <= 1L << 30; bytes <<= 3) {
                CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, bytes, 64)
                        .withAlgorithm(algorithm).withProtocol(Protocol.AUTO).withChannels(16)
                        .withRouting(RoutingMode.ECMP).withStepOverheads(StepOverheads.NCCL);
                CollectiveResult fresh = CollectiveEngine.run(CLUSTER, request);
                CollectiveResult swept = CollectiveEngine.run(CLUSTER, request, memo);
                assertEquals(fresh.timePs(), swept.timePs(), 2, algorithm + " at " + bytes);
                assertEquals(fresh.algorithm(), swept.algorithm());
                assertEquals(fresh.protocol(), swept.protocol());
                double[] expected = fresh.linkBytes();
                double[] actual = swept.linkBytes();
                for (int link = 0; link < expected.length; link++) {
                    assertEquals(expected[link], actual[link], 1e-9 * Math.max(1, expected[link]), "link " + link);
                }
                solvedWithMemo += swept.stepsSolved();
                solvedFresh += fresh.stepsSolved();
            }
        }
        assertTrue(solvedWithMemo < solvedFresh / 2, solvedWithMemo + " solved steps against " + solvedFresh);
    }

    @Test
    void shouldNotReuseATrafficMatrixPhaseAcrossRuns() {
        PhaseMemo memo = new PhaseMemo();
        double[] uneven = new double[64 * 64];
        double[] other = new double[64 * 64];
        for (int i = 0; i < 64; i++) {
            uneven[i * 64 + (i + 9) % 64] = 1e6 * (1 + i % 3);
            other[i * 64 + (i + 9) % 64] = 1e6 * (1 + i % 5);
        }
        CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, 0, 64);
        CollectiveEngine.run(CLUSTER, request.withTrafficMatrixBytes(uneven), memo);
        CollectiveResult second = CollectiveEngine.run(CLUSTER, request.withTrafficMatrixBytes(other), memo);
        CollectiveResult fresh = CollectiveEngine.run(CLUSTER, request.withTrafficMatrixBytes(other));
        assertEquals(fresh.timePs(), second.timePs());
        assertArrayEquals(fresh.linkBytes(), second.linkBytes(), 1e-6);
    }
}
