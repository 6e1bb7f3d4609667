package org.fabricsim.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.fabricsim.runtime.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/**
 * A torus of optical cubes (TPU v4: 4 × 4 × 4 chips per cube, the cube faces joined through optical circuit
 * switches; Jouppi et al., ISCA 2023, §2) against hand counts. On a torus of n chips with closed dimensions k_d and
 * cubes b_d, each of the n/k_d lines along d crosses k_d/b_d cube faces (wrap-around included), each by a link
 * each way: 2n/b_d of dimension d's 2n links pass an OCS.
 */
class OpticalCubesTest {
    private static final LinkClass ICI = new LinkClass(50e9, 10_000);
    private static final long OCS_PS = 100_000;
    /** A torus route has one candidate per hop. */
    private static final PathChoice FIRST = (hop, firstLink, stride, candidates) -> 0;

    private static Graph torus(int[] dimensions, int[] cube) {
        LinkClass[] links = {ICI, ICI, ICI};
        TorusParameters torus = new TorusParameters(dimensions, links, new boolean[3], cube, OCS_PS);
        return ClusterTopology.build(ClusterParameters.direct(torus.accelerators(), torus)).graph();
    }

    private static int throughOcs(Graph graph) {
        int count = 0;
        for (int link = 0; link < graph.linkCount(); link++) {
            count += graph.linkLatencyPs(link) == ICI.latencyPs() + OCS_PS ? 1 : 0;
        }
        return count;
    }

    @Test
    void shouldPassTheOcsOnTheLinksThatLeaveACubeOfASliceOfTwoCubes() {
        // 4 x 4 x 8 of 4 x 4 x 4 cubes: n = 128, 6n = 768 links; through the OCS 2n/4 per dimension, 3 · 64 = 192
        // (1.5 per chip, the optical transceivers TPU v4 has per chip), so 576 stay inside the cubes.
        Graph slice = torus(new int[] {4, 4, 8}, new int[] {4, 4, 4});
        assertEquals(768, slice.linkCount());
        assertEquals(192, throughOcs(slice));
        for (int link = 0; link < slice.linkCount(); link++) {
            assertEquals(50e9, slice.linkBytesPerSecond(link));
        }
    }

    @Test
    void shouldPayTheOcsOnceOnARouteIntoTheNextCubeAndOnTheWrapAround() {
        ClusterTopology slice = ClusterTopology.build(ClusterParameters.direct(128, new TorusParameters(
                new int[] {4, 4, 8}, new LinkClass[] {ICI, ICI, ICI}, new boolean[3], new int[] {4, 4, 4}, OCS_PS)));
        int[] path = new int[slice.maxRouteLinks()];
        // Chip 0 (z = 0) to chip 48 (z = 3): 3 hops inside cube 0, no OCS.
        assertEquals(3 * ICI.latencyPs(), slice.pathLatencyPs(path, slice.route(0, 48, FIRST, path)));
        // Chip 0 to chip 64 (z = 4): 4 hops, the one from z = 3 to z = 4 through the OCS.
        assertEquals(4 * ICI.latencyPs() + OCS_PS, slice.pathLatencyPs(path, slice.route(0, 64, FIRST, path)));
        // Chip 0 to chip 112 (z = 7): the wrap-around, 1 hop back through the OCS.
        assertEquals(ICI.latencyPs() + OCS_PS, slice.pathLatencyPs(path, slice.route(0, 112, FIRST, path)));
    }

    @Test
    void shouldBuildAFullPodOfSixtyFourCubes() {
        // 16 x 16 x 16 = 4,096 chips: 24,576 links, 3 · 2 · 4096/4 = 6,144 through the OCS (64 cubes x 6 faces x 16).
        Graph pod = torus(new int[] {16, 16, 16}, new int[] {4, 4, 4});
        assertEquals(24_576, pod.linkCount());
        assertEquals(6_144, throughOcs(pod));
    }

    @Test
    void shouldSliceWholeCubesAsAClosedTorus() {
        TopologySpec.Torus pod = new TopologySpec.Torus(List.of(16, 16, 16), List.of(), List.of(true, true, true),
                List.of(4, 4, 4), OCS_PS);
        TopologySpec.Torus slice = pod.slice(List.of(4, 4, 8));
        assertEquals(List.of(4, 4, 8), slice.dimensions());
        assertEquals(List.of(false, false, false), slice.open());
        assertEquals(List.of(4, 4, 4), slice.cube());
        assertThrows(IllegalArgumentException.class, () -> pod.slice(List.of(4, 4, 6)));
    }

    @Test
    void shouldRefuseCubesThatDoNotTileTheTorus() {
        assertThrows(IllegalArgumentException.class, () -> torus(new int[] {4, 4, 6}, new int[] {4, 4, 4}));
    }
}
