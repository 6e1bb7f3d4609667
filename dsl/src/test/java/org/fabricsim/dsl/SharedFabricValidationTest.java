package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.SharedFabricSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Jobs that share a cluster (issue 16): benchmarks of that cluster on node ranges of their own,
 * and CollNet only where the scale-out switches reduce (issue 14).
 */
class SharedFabricValidationTest extends FabricModelTest {
    private static final String MODEL = """
            import fabric.catalog.nvidia.*
            import fabric.catalog.standards.*
            cluster Ib { nodes 4 x DGX_H100 scale-out InfiniBand_NDR fat-tree { switch QM9700 tiers 2 } }
            cluster Roce { nodes 4 x DGX_H100 scale-out RoCEv2 fat-tree { tiers 2 } }
            benchmark Left { all-reduce %s on Ib nodes 2 sizes 1 GiB }
            benchmark Right { all-reduce ring on Ib nodes 2 sizes 1 GiB }
            benchmark OnRoce { all-reduce ring on Roce nodes 2 sizes 1 GiB }
            share Both {
                on Ib
                %s
            }
            """;

    private List<Issue> issues(String algorithm, String jobs, String code) throws Exception {
        return issuesIn(MODEL.formatted(algorithm, jobs), code);
    }

    private List<Issue> issuesIn(String text, String code) throws Exception {
        return validation.validate(parser.parse(text)).stream().filter(i -> code.equals(i.getCode())).toList();
    }

    private void assertError(String algorithm, String jobs, String code, String message) throws Exception {
        List<Issue> found = issues(algorithm, jobs, code);
        assertEquals(1, found.size(), found::toString);
        assertEquals(Severity.ERROR, found.get(0).getSeverity());
        assertTrue(found.get(0).getMessage().contains(message), found.get(0).getMessage());
    }

    private void assertNone(String algorithm, String jobs, String code) throws Exception {
        assertEquals(List.of(), issues(algorithm, jobs, code));
    }

    @Test
    void shouldMapEachJobOnItsNodesInTheOrderWritten() throws Exception {
        Model model = parser.parse(MODEL.formatted("auto", "run Left on nodes 0, 2\nrun Right on nodes 1 to 1, 3"));
        SharedFabricSpec spec = (SharedFabricSpec) mapper.toStudy(model, "s.fabric").workloads().stream()
                .filter(SharedFabricSpec.class::isInstance).findFirst().orElseThrow();
        assertEquals(List.of(0, 2), spec.jobs().get(0).nodes());
        assertEquals(List.of(1, 3), spec.jobs().get(1).nodes());
        assertEquals("Ib", spec.cluster().name().substring(spec.cluster().name().lastIndexOf('.') + 1));
    }

    @Test
    void shouldRejectOverlappingNodeRanges() throws Exception {
        assertError("auto", "run Left on nodes 0 to 1\nrun Right on nodes 1 to 2", IssueCodes.SHARED_OVERLAP,
                "Node 1 is given to both 'Left' and 'Right'");
        assertNone("auto", "run Left on nodes 0 to 1\nrun Right on nodes 2 to 3", IssueCodes.SHARED_OVERLAP);
        // a job whose name resolves to nothing is named as written (found by fuzzing: it read 'null')
        assertError("auto", "run Nowhere on nodes 0 to 1\nrun Right on nodes 1 to 2", IssueCodes.SHARED_OVERLAP,
                "given to both 'Nowhere' and 'Right'");
    }

    @Test
    void shouldRejectANodeListedTwiceForOneJob() throws Exception {
        // 'nodes 2, 2' counts two nodes for a job of two but places it on one: the run refused it (session 63)
        assertError("auto", "run Left on nodes 0 to 1\nrun Right on nodes 2, 2", IssueCodes.SHARED_OVERLAP,
                "Node 2 is given to 'Right' twice");
        assertError("auto", "run Left on nodes 0 to 1\nrun Right on nodes 2 to 3, 3", IssueCodes.SHARED_OVERLAP,
                "Node 3 is given to 'Right' twice");
        assertNone("auto", "run Left on nodes 0, 1\nrun Right on nodes 2, 3", IssueCodes.SHARED_OVERLAP);
    }

    @Test
    void shouldRejectNodesTheClusterLacksAndEmptyRanges() throws Exception {
        assertError("auto", "run Left on nodes 0 to 1\nrun Right on nodes 3 to 4", IssueCodes.SHARED_NODES,
                "The cluster has nodes 0 to 3, not node 4");
        assertError("auto", "run Left on nodes 1 to 0\nrun Right on nodes 2 to 3", IssueCodes.SHARED_NODES,
                "empty range");
        assertNone("auto", "run Left on nodes 0 to 1\nrun Right on nodes 2 to 3", IssueCodes.SHARED_NODES);
    }

    /**
     * Two jobs of 300,000 nodes each: the overlap check listed both jobs' nodes and searched one list for each node of
     * the other, 300,000^2 = 9 x 10^10 comparisons, and `fabric validate` gave no answer in 120 s (session 65's fuzzing).
     * It now compares the written ranges: [0, 299999] and [299999, 599999] share node 299999, the larger first.
     */
    @Test
    @Timeout(60)
    void shouldFindNodesSharedByJobsOfHundredsOfThousandsOfNodesFromTheirRanges() throws Exception {
        String disjoint = "run Left on nodes 0 to 299999\nrun Right on nodes 300000 to 599999";
        assertNone("auto", disjoint, IssueCodes.SHARED_OVERLAP);
        assertError("auto", "run Left on nodes 0 to 299999\nrun Right on nodes 7, 299999 to 599999",
                IssueCodes.SHARED_OVERLAP, "Node 7 is given to both 'Left' and 'Right'");
        assertError("auto", "run Left on nodes 0 to 1\nrun Right on nodes 2 to 599999, 3 to 5, 599999",
                IssueCodes.SHARED_OVERLAP, "Node 3 is given to 'Right' twice");
        // the cluster has 4 nodes: both ranges are the node check's errors, and the fit check says nothing of them
        assertEquals(List.of("not node 299999", "not node 599999"), issues("auto", disjoint, IssueCodes.SHARED_NODES)
                .stream().map(i -> i.getMessage().replaceAll(".*(not node \\d+).*", "$1")).toList());
        assertNone("auto", disjoint, IssueCodes.SHARED_FIT);
    }

    /**
     * The fit check counted at most 2^20 listed nodes and advised the count it had cut: 'Right' on nodes 2 to
     * 2147483647 of a 4-node cluster read "its 1048576 nodes have 8388608: ... or write 'nodes 1048576'", and on
     * nodes 3 to 2 "its 0 nodes have 0: ... write 'nodes 0'". A range the cluster lacks is the node check's alone; on
     * nodes the cluster has, the count is the ranges' own: 0 to 2 is 3 nodes, 3 x 8 = 24 accelerators.
     */
    @Test
    void shouldLeaveRangesTheClusterLacksToTheNodeCheckAndCountTheRest() throws Exception {
        assertNone("auto", "run Left on nodes 0 to 1\nrun Right on nodes 2 to 2147483647", IssueCodes.SHARED_FIT);
        assertNone("auto", "run Left on nodes 0 to 1\nrun Right on nodes 3 to 2", IssueCodes.SHARED_FIT);
        assertError("auto", "run Left on nodes 0 to 1\nrun Right on nodes 2 to 2147483647", IssueCodes.SHARED_NODES,
                "not node 2147483647");
        assertError("auto", "run Left on nodes 0 to 2", IssueCodes.SHARED_FIT, "its 3 nodes have 24");
    }

    @Test
    void shouldRejectAJobThatIsNotABenchmarkOfTheClusterFillingItsNodes() throws Exception {
        assertError("auto", "run OnRoce on nodes 0 to 1", IssueCodes.SHARED_JOB, "runs on Roce, not on the shared Ib");
        assertError("auto", "run Left on nodes 0 to 2", IssueCodes.SHARED_FIT, "its 3 nodes have 24");
        assertError("auto", "run Both on nodes 0 to 1", IssueCodes.SHARED_JOB, "is a collective benchmark");
        assertNone("auto", "run Left on nodes 0 to 1", IssueCodes.SHARED_JOB);
        // a name that resolves to nothing is the linker's to report, not a job "'null'" (found by fuzzing)
        assertNone("auto", "run Nowhere on nodes 0 to 1", IssueCodes.SHARED_JOB);
    }

    @Test
    void shouldRejectCollNetWhereTheScaleOutSwitchesDoNotReduce() throws Exception {
        String roce = MODEL.replace("all-reduce %s on Ib", "all-reduce %s on Roce");
        List<Issue> found = issuesIn(roce.formatted("collnet-direct", "run Right on nodes 0 to 1"),
                IssueCodes.IN_NETWORK_UNAVAILABLE);
        assertEquals(1, found.size(), found::toString);
        assertTrue(found.get(0).getMessage().contains("has no 'in-network-reduction'"), found.get(0).getMessage());
        assertEquals(List.of("auto"), List.of(found.get(0).getData()));
        assertNone("collnet-direct", "run Right on nodes 0 to 1", IssueCodes.IN_NETWORK_UNAVAILABLE);
        assertNone("collnet-chain", "run Right on nodes 0 to 1", IssueCodes.IN_NETWORK_UNAVAILABLE);
    }

    @Test
    void shouldSayWhichPartOfTheFabricCannotRunCollNet() throws Exception {
        String model = """
                import fabric.catalog.amd.*
                import fabric.catalog.nvidia.*
                fabric Hdr { vendor NVIDIA scope scale-out single-source link 200 Gb/s in-network-reduction }
                switch Hdr40 { vendor NVIDIA ports 40 x 200 Gb/s speaks Hdr in-network-reduction }
                cluster Mesh { nodes 2 x MI300X_Platform scale-out InfiniBand_NDR fat-tree { switch QM9700 tiers 2 } }
                cluster Sharp2 { nodes 2 x DGX_H100 scale-out Hdr fat-tree { switch Hdr40 tiers 2 leaf 4 x Hdr40 } }
                cluster Ib { nodes 2 x DGX_H100 scale-out InfiniBand_NDR fat-tree { switch QM9700 tiers 2 } }
                benchmark Bench { %s sizes 1 GiB }
                """;
        // Sharp2 states its leaves: 4 leaves of 16 / 4 = 4 of the 400G NICs (each on two of Hdr40's 200G ports)
        // take 8 + 8 = 16 ports.
        String code = IssueCodes.IN_NETWORK_UNAVAILABLE;
        // an all-gather is the algorithm-operation check's (collnet-chain runs all-reduce only), not this code's
        assertEquals(List.of(), issuesIn(model.formatted("all-gather collnet-chain on Ib nodes 2"), code));
        assertMessage(issuesIn(model.formatted("all-gather collnet-chain on Ib nodes 2"),
                IssueCodes.ALGORITHM_OPERATION), "all-gather runs on 'ring', 'halving-doubling', 'collnet-direct' or"
                + " 'bucket'");
        assertMessage(issuesIn(model.formatted("all-reduce collnet-direct on Mesh nodes 2"), code),
                "only on a switched (NVSwitch-like) scale-up");
        assertEquals(List.of(), issuesIn(model.formatted("all-reduce collnet-chain on Mesh nodes 2"), code));
        assertMessage(issuesIn(model.formatted("all-reduce collnet-chain on Sharp2 nodes 2"), code),
                "SHARPv2 hosts one tree per switch");
    }

    private static void assertMessage(List<Issue> found, String message) {
        assertEquals(1, found.size(), found::toString);
        assertTrue(found.get(0).getMessage().contains(message), found.get(0).getMessage());
    }

    @Test
    void shouldRejectCollNetWithinOneNodeAndInAPhase() throws Exception {
        String oneNode = MODEL.replace("all-reduce %s on Ib nodes 2", "all-reduce %s on Ib nodes 1");
        List<Issue> found = issuesIn(oneNode.formatted("collnet-chain", "run Right on nodes 0 to 1"),
                IssueCodes.IN_NETWORK_UNAVAILABLE);
        assertEquals(1, found.size(), found::toString);
        assertTrue(found.get(0).getMessage().contains("run it on two or more whole domains"),
                found.get(0).getMessage());
        String phase = MODEL + "collective Split { operation all-reduce phase all-reduce collnet-chain across-nodes }";
        List<Issue> inPhase = issuesIn(phase.formatted("auto", "run Right on nodes 0 to 1"),
                IssueCodes.IN_NETWORK_UNAVAILABLE);
        assertEquals(1, inPhase.size(), inPhase::toString);
        assertTrue(inPhase.get(0).getMessage().contains("not one phase"), inPhase.get(0).getMessage());
    }
}
