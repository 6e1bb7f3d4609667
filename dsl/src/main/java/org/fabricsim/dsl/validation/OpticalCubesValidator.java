package org.fabricsim.dsl.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.TorusTopology;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.model.TorusAxes;
import org.fabricsim.runtime.spec.ClusterSpec;

import com.google.inject.Inject;

/**
 * A torus of optical cubes (TPU v4: 4 × 4 × 4 chips per cube, cube faces joined through optical circuit switches)
 * and the slices the switches wire from its cubes, as the engine builds them ({@code TopologySpec.Torus#slice},
 * {@code TorusParameters}): the cubes tile the torus, one extent per dimension dividing the torus's; a benchmark's
 * {@code slice} runs on such a cluster, has as many dimensions, is whole cubes along each and fits the cluster.
 */
public class OpticalCubesValidator extends FabricCheck {
    @Inject
    private SpecMapper mapper;

    @Check
    public void checkTorusCubesTileTheTorus(TorusTopology torus) {
        List<Integer> cube = torus.getCube();
        List<Integer> dimensions = torus.getDimensions();
        if (cube.isEmpty() || dimensions.isEmpty()) {
            return;
        }
        if (cube.size() != dimensions.size()) {
            error("A cube of " + cube.size() + " dimensions cannot tile a torus of " + dimensions.size()
                    + ": write one extent per dimension of the torus, e.g. 'cubes " + shape(dimensions) + "'.", torus,
                    Literals.TORUS_TOPOLOGY__CUBE, IssueCodes.TORUS_CUBES, "");
            return;
        }
        for (int d = 0; d < cube.size(); d++) {
            if (cube.get(d) < 1 || dimensions.get(d) % cube.get(d) != 0) {
                List<Integer> tiling = new ArrayList<>();
                for (int i = 0; i < cube.size(); i++) {
                    tiling.add(gcd(dimensions.get(i), Math.max(1, cube.get(i))));
                }
                error("Cubes of " + shape(cube) + " do not tile the torus " + shape(dimensions) + ": its "
                        + dimensions.get(d) + " along " + axis(d) + " is not a multiple of " + cube.get(d)
                        + ". Write 'cubes " + shape(tiling) + "', or make each dimension of the torus a multiple of the cube's.", torus,
                        Literals.TORUS_TOPOLOGY__CUBE, IssueCodes.TORUS_CUBES, shape(tiling));
                return;
            }
        }
    }

    @Check
    public void checkBenchmarkSliceWiredByTheOcs(Benchmark benchmark) {
        List<Integer> slice = benchmark.getSlice();
        Cluster cluster = benchmark.getCluster();
        if (slice.isEmpty() || cluster == null || cluster.eIsProxy()) {
            return;
        }
        if (cluster.getScaleOut() == null || !(cluster.getScaleOut().getTopology() instanceof TorusTopology torus)
                || torus.getCube().isEmpty()) {
            sliceError("A slice is wired by the optical circuit switches of a torus of cubes, and " + cluster.getName()
                    + " has none: give its torus 'cubes 4 x 4 x 4 ocs latency …', or run on 'nodes N'.", benchmark, "");
            return;
        }
        List<Integer> cube = torus.getCube();
        if (slice.size() != cube.size()) {
            sliceError("A slice has one extent per dimension of the cubes (" + cube.size() + "), not " + slice.size()
                    + ": e.g. 'slice " + shape(cube) + "', one cube.", benchmark, shape(cube));
            return;
        }
        ClusterSpec spec = CheckedSpecs.cluster(mapper, getContext(), cluster);
        long accelerators = 1;
        List<Integer> whole = new ArrayList<>();
        for (int d = 0; d < slice.size(); d++) {
            int size = Math.max(1, cube.get(d));
            whole.add(Math.max(size, (slice.get(d) + size - 1) / size * size));
            accelerators *= slice.get(d);
        }
        String fit = spec == null || whole.stream().mapToLong(Integer::longValue).reduce(1, (a, b) -> a * b)
                > spec.accelerators() ? "" : shape(whole);
        if (!whole.equals(slice)) {
            sliceError("A slice is whole cubes of " + shape(cube) + ", which the optical circuit switches join: "
                    + "each extent a multiple of the cube's. Write 'slice " + shape(whole) + "'.", benchmark, fit);
        } else if (spec != null && accelerators > spec.accelerators()) {
            sliceError("A slice of " + shape(slice) + " = " + accelerators + " accelerators is larger than "
                    + cluster.getName() + "'s " + spec.accelerators() + ": write at most 'slice "
                    + shape(torus.getDimensions()) + "'.", benchmark, shape(torus.getDimensions()));
        } else if (spec != null && accelerators % spec.acceleratorsPerNode() != 0) {
            sliceError("A slice of " + accelerators + " accelerators is not whole nodes of "
                    + spec.acceleratorsPerNode() + ": make the cubes whole nodes.", benchmark, "");
        }
    }

    private void sliceError(String message, Benchmark benchmark, String fit) {
        error(message, benchmark, Literals.BENCHMARK__SLICE, IssueCodes.TORUS_SLICE, fit);
    }

    private static String axis(int dimension) {
        return dimension < TorusAxes.NAMES.size() ? TorusAxes.name(dimension) : "dimension " + dimension;
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    private static String shape(List<Integer> dimensions) {
        return dimensions.stream().map(String::valueOf).collect(Collectors.joining(" x "));
    }
}
