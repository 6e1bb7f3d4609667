package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.TorusParameters;
import org.junit.jupiter.api.Test;

/** Training collectives mapped onto the dimensions of a direct torus, against the closed forms. */
class TorusRingsTest {
    /** Link rate per direction, bytes/s, no latency: the flow model's rates are then exact. */
    private static final double B = 10e9;
    private static final double STEP_LATENCY = Calibration.DEFAULT.netStepPs() / 1e12;

    /** A 4 x 4 x 4 torus in the accelerators, every link at {@link #B}. */
    private static ClusterTopology cube() {
        return ClusterTopology.build(ClusterParameters.direct(64,
                new TorusParameters(new int[] {4, 4, 4}, new LinkClass(B, 0))));
    }

    private static FabricCollectiveTimer timer(ParallelismSpec plan) {
        return new FabricCollectiveTimer(cube(), Placement.of(plan), RoutingMode.ECMP, 1, 1);
    }

    @Test
    void shouldReduceScatterAlongEachTorusDimensionInBidirectionalRings() {
        // DP64 spans all three dimensions. Dimension by dimension, 3 steps each, the buffer entering a
        // dimension shrinking by 4: (3/4)·S/(2B) + (3/4)·(S/4)/(2B) + (3/4)·(S/16)/(2B), each step
        // sending half its chunk each way round, plus 9 step latencies (a flat ring pays 63).
        double s = 64e6;
        double expected = 0.75 * s * (1 + 0.25 + 0.0625) / (2 * B) + 9 * STEP_LATENCY;
        FabricCollectiveTimer timer = timer(new ParallelismSpec(1, 1, 64, 1, 1, false));
        assertEquals(expected, timer.ringSeconds(Axis.DATA, 64, s, 0), expected * 1e-6);
    }

    @Test
    void shouldGiveTensorAndDataParallelTheirOwnDimensionsAndAllReduceInTwiceTheRingTime() {
        // TP4 x DP16, TP innermost: TP's groups are the rings of dimension 0 (stride 1, 4 ranks), DP's the
        // 4 x 4 planes of dimensions 1 and 2 (stride 4, 16 ranks).
        Placement placement = Placement.of(new ParallelismSpec(4, 1, 16, 1, 1, false));
        ClusterTopology cube = cube();
        assertArrayEquals(new int[] {0}, TorusRings.dimensionsOf(cube.torusShape(), placement, Axis.TENSOR));
        assertArrayEquals(new int[] {1, 2}, TorusRings.dimensionsOf(cube.torusShape(), placement, Axis.DATA));
        // TP all-reduce = reduce-scatter + all-gather: 2(k - 1)/k · S/(2B) with k = 4, plus 6 step latencies.
        double s = 8e6;
        double allReduce = 2 * 0.75 * s / (2 * B) + 6 * STEP_LATENCY;
        FabricCollectiveTimer timer = timer(new ParallelismSpec(4, 1, 16, 1, 1, false));
        assertEquals(allReduce, 2 * timer.ringSeconds(Axis.TENSOR, 4, s, 0), allReduce * 1e-6);
        // DP on its two dimensions: (3/4)·S/(2B) + (3/4)·(S/4)/(2B) + 6 latencies.
        double data = 0.75 * s * 1.25 / (2 * B) + 6 * STEP_LATENCY;
        assertEquals(data, timer.ringSeconds(Axis.DATA, 16, s, 0), data * 1e-6);
    }

    @Test
    void shouldKeepTheFlatRingForGroupsThatAreNotWholeTorusDimensions() {
        // TP2 covers half of dimension 0: no closed ring of neighbours, so its groups take the flat
        // ring, one step of S/2 over one link each way between the pair: S/(2B) plus a step latency.
        Placement placement = Placement.of(new ParallelismSpec(2, 1, 32, 1, 1, false));
        assertArrayEquals(new int[0], TorusRings.dimensionsOf(cube().torusShape(), placement, Axis.TENSOR));
        assertArrayEquals(new int[0], TorusRings.dimensionsOf(cube().torusShape(), placement, Axis.DATA));
        FabricCollectiveTimer timer = timer(new ParallelismSpec(2, 1, 32, 1, 1, false));
        double s = 8e6;
        double expected = s / 2 / B + STEP_LATENCY;
        assertEquals(expected, timer.ringSeconds(Axis.TENSOR, 2, s, 0), expected * 1e-6);
    }
}
