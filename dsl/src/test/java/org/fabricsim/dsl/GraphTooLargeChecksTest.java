package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;

import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * The editor's checks that ask the engine about a benchmark's built graph (halving-doubling's and hierarchical's
 * ranks, a phase's, in-network and CollNet) build it only when its estimate fits half the heap, and leave a larger one
 * to the run, which refuses it with its size: a benchmark over 99,999,999 nodes of 8 (799,999,992 accelerators, at
 * least 2 NIC links each: 1.6e9 links, 121 GB counted) ran the validator out of memory ("Error executing
 * EValidator", session 63's campaign). Small graphs are still asked.
 */
class GraphTooLargeChecksTest extends FabricModelTest {
    private static final String HUGE = "99999999";
    private static final Set<String> ENGINE_CODES = Set.of(IssueCodes.ALGORITHM_RANKS,
            IssueCodes.IN_NETWORK_UNAVAILABLE);

    private List<String> engineAnswersAndFailures(String model) throws Exception {
        List<Issue> issues = validation.validate(parser.parse(model));
        return issues.stream().filter(i -> ENGINE_CODES.contains(i.getCode()) || i.getMessage().contains("Error"
                + " executing")).map(Issue::getMessage).toList();
    }

    @Test
    void shouldLeaveTheRanksOfABenchmarkOverAGraphTooLargeToTheRun() throws Exception {
        String model = """
                cluster Many { nodes %s x 8 accelerators link 400 Gb/s latency 1 us }
                benchmark Bench { all-reduce halving-doubling on Many sizes 1 MiB }
                """;
        assertEquals(List.of(), engineAnswersAndFailures(model.formatted(HUGE)));
        // 3 nodes of 8: 24 ranks, no power of two, asked of the engine as before
        validation.assertError(parser.parse(model.formatted(3)), Literals.BENCHMARK, IssueCodes.ALGORITHM_RANKS,
                "needs a power-of-two rank count, and this benchmark runs on 24");
    }

    @Test
    void shouldLeaveAPhaseOverAGraphTooLargeToTheRun() throws Exception {
        assertEquals(List.of(), engineAnswersAndFailures("""
                cluster Many { nodes %s x 8 accelerators link 400 Gb/s latency 1 us }
                collective Reduce { operation all-reduce phase all-reduce hierarchical global }
                benchmark Bench { collective Reduce on Many sizes 1 MiB }
                """.formatted(HUGE)));
    }

    @Test
    void shouldLeaveInNetworkAndCollNetOverAGraphTooLargeToTheRun() throws Exception {
        String model = """
                import fabric.catalog.nvidia.*
                import fabric.catalog.standards.*
                cluster Ib { nodes %s x DGX_H100 scale-out InfiniBand_NDR fat-tree { switch QM9700 tiers 3 } }
                benchmark Bench { all-reduce %s on Ib sizes 1 MiB }
                """;
        assertEquals(List.of(), engineAnswersAndFailures(model.formatted(HUGE, "in-network")));
        assertEquals(List.of(), engineAnswersAndFailures(model.formatted(HUGE, "collnet-direct")));
    }
}
