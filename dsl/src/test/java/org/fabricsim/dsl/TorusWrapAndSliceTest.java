package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.junit.jupiter.api.Test;

/**
 * A torus wrapped only along some dimensions ({@code wrap x, y}) and a torus of optical cubes ({@code cubes … ocs
 * latency …}) with a benchmark on a slice of them: mapped to the engine's open dimensions, cubes and slice, and
 * refused, with the fix as issue data, where the engine could not build them.
 */
class TorusWrapAndSliceTest extends FabricModelTest {
    private Model model(int hosts, String topology, String benchmark) throws Exception {
        return parser.parse(TorusValidationTest.PARTS + "cluster Pod { nodes " + hosts + " x Host scale-out Ici " + topology + " }\n"
                + (benchmark.isEmpty() ? "" : "benchmark Bench { all-reduce ring on Pod " + benchmark + " sizes 1 GiB }"));
    }

    private List<Issue> physical(Model model) {
        return validation.validate(model).stream().filter(issue -> issue.getCode().startsWith("fabric.physical."))
                .toList();
    }

    private static List<String> codesAndData(List<Issue> issues) {
        return issues.stream().map(issue -> issue.getCode() + " " + String.join("|", issue.getData())).toList();
    }

    @Test
    void shouldWrapOnlyTheNamedDimensionsAndBuildTheirLinks() throws Exception {
        // 1,536 hosts x 4 = 6,144 chips = 16 x 16 x 24, z open. Links: 6,144 chips x 3 dimensions x 2 directions =
        // 36,864, less the 2 wrap links of each of the 6,144 / 24 = 256 lines along z: 36,352.
        Model model = model(1536, "torus 16 x 16 x 24 wrap x, y", "");
        assertEquals(List.of(), physical(model));
        TopologySpec.Torus torus = (TopologySpec.Torus) mapper.toCluster((Cluster) model.getElements().get(2))
                .scaleOut().topology();
        assertEquals(List.of(false, false, true), torus.open());
        assertEquals(36_352, ClusterTopologies.build(mapper.toCluster((Cluster) model.getElements().get(2)))
                .graph().linkCount());
    }

    @Test
    void shouldRefuseAWrapThatNamesNoDimensionOrOneTwiceOrWrapsAMesh() throws Exception {
        assertEquals(List.of(IssueCodes.TORUS_WRAP + " x, y"), codesAndData(physical(model(16, "torus 8 x 8 wrap x, z, y", ""))));
        assertEquals(List.of(IssueCodes.TORUS_WRAP + " x"), codesAndData(physical(model(16, "torus 8 x 8 wrap x, x", ""))));
        assertEquals(List.of(IssueCodes.TORUS_WRAP + " "), codesAndData(physical(model(16, "mesh 8 x 8 wrap x", ""))));
    }

    @Test
    void shouldMapCubesAndTheirOcsLatency() throws Exception {
        Model model = model(32, "torus 4 x 4 x 8 { link 50 GB/s cubes 4 x 4 x 4 ocs latency 100 ns }", "");
        assertEquals(List.of(), physical(model));
        TopologySpec.Torus torus = (TopologySpec.Torus) mapper.toCluster((Cluster) model.getElements().get(2))
                .scaleOut().topology();
        assertEquals(List.of(4, 4, 4), torus.cube());
        assertEquals(100_000, torus.ocsLatencyPs());
    }

    @Test
    void shouldRefuseCubesThatDoNotTileTheTorus() throws Exception {
        // 8 along z is no multiple of 3: cubes of gcd(4, 4) x gcd(4, 4) x gcd(8, 3) = 4 x 4 x 1 tile it.
        assertEquals(List.of(IssueCodes.TORUS_CUBES + " 4 x 4 x 1"),
                codesAndData(physical(model(32, "torus 4 x 4 x 8 { cubes 4 x 4 x 3 ocs latency 0 ns }", ""))));
        assertEquals(List.of(IssueCodes.TORUS_CUBES + " "),
                codesAndData(physical(model(32, "torus 4 x 4 x 8 { cubes 4 x 4 ocs latency 0 ns }", ""))));
    }

    @Test
    void shouldRunABenchmarkOnASliceOfWholeCubesWiredAsATorus() throws Exception {
        // A 4 x 4 x 4 slice of a 4 x 4 x 16 pod written open: one cube, 64 chips on 16 hosts, every dimension closed
        // by the OCS for the slice whatever the pod's own wiring.
        Model model = model(64, "mesh 4 x 4 x 16 { cubes 4 x 4 x 4 ocs latency 100 ns }", "slice 4 x 4 x 4");
        assertEquals(List.of(), physical(model));
        CollectiveBenchmarkSpec benchmark = mapper.toBenchmark((Benchmark) model.getElements().get(3));
        assertEquals(16, benchmark.nodes());
        assertEquals(new TopologySpec.Torus(List.of(4, 4, 4), List.of(), List.of(), List.of(4, 4, 4), 100_000),
                benchmark.cluster().scaleOut().topology());
    }

    @Test
    void shouldRefuseASliceTheOcsCannotWire() throws Exception {
        String pod = "torus 4 x 4 x 16 { cubes 4 x 4 x 4 ocs latency 100 ns }";
        // 6 along z is not whole cubes: round up to 8.
        assertEquals(List.of(IssueCodes.TORUS_SLICE + " 4 x 4 x 8"), codesAndData(physical(model(64, pod, "slice 4 x 4 x 6"))));
        // 4 x 4 x 32 = 512 chips on a 256-chip pod: at most the pod.
        assertEquals(List.of(IssueCodes.TORUS_SLICE + " 4 x 4 x 16"), codesAndData(physical(model(64, pod, "slice 4 x 4 x 32"))));
        // Two extents for three-dimensional cubes: one cube.
        assertEquals(List.of(IssueCodes.TORUS_SLICE + " 4 x 4 x 4"), codesAndData(physical(model(64, pod, "slice 4 x 4"))));
        // No cubes: nothing wires a slice.
        assertEquals(List.of(IssueCodes.TORUS_SLICE + " "),
                codesAndData(physical(model(64, "torus 4 x 4 x 16", "slice 4 x 4 x 4"))));
    }
}
