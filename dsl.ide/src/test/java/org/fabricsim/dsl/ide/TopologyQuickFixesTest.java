package org.fabricsim.dsl.ide;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

import org.fabricsim.dsl.ide.quickfix.FabricQuickFixes;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * The topology errors' quick fixes, each applied to the model docs/diagnostics gives for its code:
 * the fixed text says what the fix wrote and no longer raises the code.
 */
class TopologyQuickFixesTest {
    private static final Path MODELS = Path.of("..", "docs", "diagnostics");

    private static String fixed(String code, Consumer<DesignReviewIdeTest.Offered> provider, String expected)
            throws Exception {
        String text = Files.readString(MODELS.resolve(code + ".fabric"), StandardCharsets.UTF_8);
        String fixed = DesignReviewIdeTest.fix(text, code, provider);
        assertTrue(fixed.contains(expected), fixed);
        assertTrue(DesignReviewIdeTest.issues(DesignReviewIdeTest.load(fixed)).stream()
                .noneMatch(issue -> code.equals(issue.getCode())), fixed);
        return fixed;
    }

    private final FabricQuickFixes fixes = DesignReviewIdeTest.INJECTOR.getInstance(FabricQuickFixes.class);

    @Test
    void shouldWriteTorusDimensionsThatHoldTheAccelerators() throws Exception {
        // 16 hosts x 4 chips = 64; written 4 x 4 x 2 = 32: the last dimension becomes 64 / 16 = 4.
        fixed(IssueCodes.TORUS_SHAPE, fixes::fitTheTorusToTheAccelerators, "torus 4 x 4 x 4");
    }

    @Test
    void shouldWrapOnlyTheTorussOwnDimensions() throws Exception {
        // 'torus 8 x 8 wrap x, z': a 2D torus has no z, so the list keeps x.
        fixed(IssueCodes.TORUS_WRAP, fixes::wrapTheTorussOwnDimensions, "torus 8 x 8 wrap x\n");
    }

    @Test
    void shouldWriteCubesThatTileTheTorus() throws Exception {
        // 4 x 4 x 8 with cubes 4 x 4 x 3: gcd(8, 3) = 1, so cubes 4 x 4 x 1.
        fixed(IssueCodes.TORUS_CUBES, fixes::cubesThatTileTheTorus, "cubes 4 x 4 x 1 ocs");
    }

    @Test
    void shouldRoundASliceUpToWholeCubes() throws Exception {
        // 4 x 4 x 6 of 4 x 4 x 4 cubes: 6 rounds up to 8.
        fixed(IssueCodes.TORUS_SLICE, fixes::sliceOfWholeCubes, "on Pod slice 4 x 4 x 8");
    }

    @Test
    void shouldRunATorusBenchmarkOnAllTheTorusNodes() throws Exception {
        // 16 hosts on a 4 x 4 x 4 torus: 'nodes 2' becomes 'nodes 16'.
        fixed(IssueCodes.TORUS_BENCHMARK_NODES, fixes::benchmarkOnTheWholeTorus, "on Pod nodes 16");
    }

    @Test
    void shouldWriteTraysThatFillWholeScaleUpDomains() throws Exception {
        // 20 trays of 4 in domains of 72 (18 trays): rounded down to one rack, 18
        fixed(IssueCodes.CLUSTER_PARTIAL_DOMAIN, fixes::nodesOfWholeDomains, "nodes 18 x Tray");
    }

    @Test
    void shouldRunABenchmarkOnWholeScaleUpDomains() throws Exception {
        // 20 of 36 trays: rounded down to one rack's 18
        fixed(IssueCodes.BENCHMARK_PARTIAL_DOMAIN, fixes::benchmarkOnWholeDomains, "on TwoRacks nodes 18");
    }

    @Test
    void shouldWriteTheScaleUpSwitchesThatCarryTheDomain() throws Exception {
        // 8 H100 x 18 x 25 GB/s = 3.6 TB/s over NVSwitch3's 64 x 25 GB/s = 1.6 TB/s: ceil(2.25) = 3 switches.
        fixed(IssueCodes.SCALE_UP_BLOCKING, fixes::switchesThatCarryTheDomain, "switches 3 x NVSwitch3");
    }

    @Test
    void shouldWriteOnePlanePerNicPortOfAnAccelerator() throws Exception {
        // Gaudi 3: 3 scale-out ports per accelerator, so 3 planes, not 2.
        fixed(IssueCodes.PLANES_NIC_PORTS, fixes::planePerNicPort, "planes 3");
    }

    @Test
    void shouldWriteAPodCountThatDividesTheDataWays() throws Exception {
        // data 4 on 4 nodes: 3 pods divide neither; 2 does.
        fixed(IssueCodes.DATA_CENTRE_PODS, fixes::dividingPodCount, "data 4 across 2 pods");
    }

    @Test
    void shouldRunABenchmarkOverTheScaleOutNetworkWhenTheClusterHasNoDataCentreNetwork() throws Exception {
        String model = """
                import fabric.catalog.intel.*
                import fabric.catalog.standards.*
                cluster Gaudi {
                    nodes 4 x Gaudi3_HLS
                    scale-out RoCEv2_200 single-switch
                }
                benchmark Sweep {
                    all-reduce ring
                    on Gaudi
                    sizes 1 GiB
                    over data-centre
                }
                """;
        String fixed = DesignReviewIdeTest.fix(model, IssueCodes.DATA_CENTRE_MISSING, fixes::runOverTheScaleOutNetwork);
        assertTrue(fixed.contains("    over scale-out\n"), fixed);
        assertTrue(DesignReviewIdeTest.issues(DesignReviewIdeTest.load(fixed)).stream()
                .noneMatch(issue -> IssueCodes.DATA_CENTRE_MISSING.equals(issue.getCode())), fixed);
    }

    @Test
    void shouldLetAutoChooseWhereTheBucketCannotRun() throws Exception {
        // 8 ranks fill no leading dimension of 4 x 4 x 4; auto runs the ring there.
        fixed(IssueCodes.BUCKET_UNAVAILABLE, fixes::letAutoChooseForTheTorus, "all-reduce auto");
    }

    @Test
    void shouldLetAutoChooseWhereTheAlgorithmDoesNotRunTheOperation() throws Exception {
        // 'all-to-all ring': a ring has no all-to-all schedule; auto runs direct there.
        fixed(IssueCodes.ALGORITHM_OPERATION, fixes::letAutoChooseForTheOperation, "all-to-all auto");
    }

    @Test
    void shouldLetAutoChooseWhereHalvingDoublingCannotSplitTheRanks() throws Exception {
        // 'all-reduce halving-doubling' over 3 nodes of 8: 24 ranks, not a power of two; auto runs there.
        fixed(IssueCodes.ALGORITHM_RANKS, fixes::letAutoChooseForTheRanks, "all-reduce auto");
    }

    @Test
    void shouldLetAutoChooseInAPhaseWhoseGroupsHalvingDoublingCannotSplit() throws Exception {
        // per rail over 3 nodes: groups of 3 ranks, not a power of two; the phase's algorithm becomes auto
        String model = """
                cluster Trio { nodes 3 x 8 accelerators link 400 Gb/s latency 1 us }
                collective RailReduce {
                    operation all-reduce
                    phase all-reduce halving-doubling per-rail
                }
                benchmark Bench { collective RailReduce on Trio nodes 3 sizes 1 MiB }
                """;
        String fixed = DesignReviewIdeTest.fix(model, IssueCodes.ALGORITHM_RANKS, fixes::letAutoChooseForTheRanks);
        assertTrue(fixed.contains("phase all-reduce auto per-rail"), fixed);
        assertTrue(DesignReviewIdeTest.issues(DesignReviewIdeTest.load(fixed)).stream()
                .noneMatch(issue -> IssueCodes.ALGORITHM_RANKS.equals(issue.getCode())), fixed);
    }
}
