package org.fabricsim.dsl;

import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * A phase of a benchmark's own collective whose algorithm cannot run the phase's groups (halving-doubling over a rank
 * count that is not a power of two, hierarchical without two whole scale-up domains) is an editor error on the
 * phase's algorithm, by the engine's rule (runtime {@code CollectiveEngine.phaseRuns}), instead of a refusal when the
 * run schedules the phase. The collective alone does not know its ranks: the benchmark that runs it, on its cluster
 * and nodes, does.
 */
class PhaseAlgorithmRanksTest extends FabricModelTest {
    private static final String RAILS = """
            cluster Rack { nodes 4 x 8 accelerators link 400 Gb/s latency 1 us }
            collective RailReduce {
                operation all-reduce
                phase reduce-scatter ring within-node
                phase all-reduce halving-doubling per-rail
                phase all-gather ring within-node
            }
            benchmark Bench { collective RailReduce on Rack nodes %d sizes 1 MiB }
            """;
    private static final String GLOBAL = """
            import fabric.catalog.nvidia.*
            import fabric.catalog.standards.*
            cluster Dgx { nodes 2 x DGX_H100 scale-out RoCEv2 rail-optimized { rails 8 } }
            collective Whole {
                operation all-reduce
                phase all-reduce hierarchical global
            }
            benchmark Bench { collective Whole on Dgx nodes %d sizes 1 MiB }
            """;

    @Test
    void shouldRefuseHalvingDoublingPerRailOverANodeCountThatIsNoPowerOfTwo() throws Exception {
        // per-rail groups take one rank of each node: 3 nodes give groups of 3 ranks; 4 nodes, 4 = 2^2
        validation.assertError(parser.parse(RAILS.formatted(3)), Literals.PHASE, IssueCodes.ALGORITHM_RANKS,
                "Phase 'all-reduce halving-doubling per-rail' of RailReduce needs a power-of-two rank count, and its"
                        + " groups have 3 ranks in benchmark Bench");
        validation.assertNoIssue(parser.parse(RAILS.formatted(4)), Literals.PHASE, IssueCodes.ALGORITHM_RANKS);
        validation.assertNoIssue(parser.parse(RAILS.formatted(2)), Literals.PHASE, IssueCodes.ALGORITHM_RANKS);
    }

    @Test
    void shouldRefuseAGlobalHierarchicalPhaseInsideOneScaleUpDomain() throws Exception {
        // a DGX H100 is one NVLink domain of 8: one node's global group (8 ranks) has no second domain, two nodes' has
        validation.assertError(parser.parse(GLOBAL.formatted(1)), Literals.PHASE, IssueCodes.ALGORITHM_RANKS,
                "needs two or more whole scale-up domains of 8 accelerators, and its groups have 8 ranks");
        validation.assertNoIssue(parser.parse(GLOBAL.formatted(2)), Literals.PHASE, IssueCodes.ALGORITHM_RANKS);
    }

    @Test
    void shouldMarkTheBenchmarkWhereTheCollectiveIsInAnotherFile() throws Exception {
        // the same 3 nodes' per-rail groups of 3 ranks, the collective defined in a file of the same package
        String[] files = RAILS.formatted(3).split("(?=benchmark Bench)");
        Model collective = parser.parse("package team\n" + files[0]);
        Model benchmark = parser.parse("package team\n" + files[1], collective.eResource().getResourceSet());
        validation.assertError(benchmark, Literals.BENCHMARK, IssueCodes.ALGORITHM_RANKS,
                "and its groups have 3 ranks in benchmark Bench");
        validation.assertNoIssue(collective, Literals.PHASE, IssueCodes.ALGORITHM_RANKS);
    }

    @Test
    void shouldLeaveAPhaseWithoutACondition() throws Exception {
        // ring runs any group: 3 nodes' per-rail groups of 3 ranks are fine for it
        validation.assertNoIssue(parser.parse(RAILS.formatted(3).replace("halving-doubling", "ring")),
                Literals.PHASE, IssueCodes.ALGORITHM_RANKS);
    }
}
