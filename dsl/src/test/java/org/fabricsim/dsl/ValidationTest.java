package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/** Every rule has one model where it fires and one where it does not. */
class ValidationTest extends FabricModelTest {

    private Model cluster(String nodes, String link) throws Exception {
        return parser.parse("cluster C {\n nodes " + nodes + " accelerators\n link " + link + "\n}\n");
    }

    @Test
    void shouldRejectATimeWhereALinkRateBelongs() throws Exception {
        validation.assertError(cluster("1 x 8", "1 us latency 1 us"), Literals.QUANTITY, IssueCodes.WRONG_DIMENSION,
                "Expected a data rate");
    }

    @Test
    void shouldRejectADataRateWhereALatencyBelongs() throws Exception {
        validation.assertError(cluster("1 x 8", "400 Gb/s latency 400 Gb/s"), Literals.QUANTITY,
                IssueCodes.WRONG_DIMENSION, "Expected a time");
    }

    /** 'arrival poisson 4' has no unit: it said "but this is a data rate" (the unit enum's default, Mb/s). */
    @Test
    void shouldSayANumberWithoutItsUnitHasNoUnitRatherThanNameAnother() throws Exception {
        Model model = parser.parse("""
                inference I {
                    traffic {
                        arrival poisson 4
                        prompt fixed 100
                    }
                }
                """);
        Issue issue = validation.validate(model).stream().filter(i -> IssueCodes.WRONG_DIMENSION.equals(i.getCode()))
                .findFirst().orElseThrow();
        assertEquals("Expected a rate of requests here, such as 10 /s, but this number has no unit.", issue.getMessage());
        validation.assertError(parser.parse("inference I { traffic { arrival poisson 4 Mb/s } }"), Literals.QUANTITY,
                IssueCodes.WRONG_DIMENSION, "Expected a rate of requests here, such as 10 /s, but this is a data rate.");
    }

    @Test
    void shouldAcceptBitsAndBytesAsDataRates() throws Exception {
        validation.assertNoIssues(cluster("1 x 8", "400 Gb/s latency 1 us"));
        validation.assertNoIssues(cluster("1 x 8", "50 GB/s latency 500 ns"));
    }

    @Test
    void shouldRejectAZeroSize() throws Exception {
        Model model = parser.parse("""
                cluster C { nodes 1 x 2 accelerators link 1 GB/s latency 1 us }
                benchmark Bench { all-reduce ring on C sizes 0 MiB }
                """);
        validation.assertError(model, Literals.QUANTITY, IssueCodes.NOT_POSITIVE);
    }

    @Test
    void shouldRejectAMoneyUnitWithoutTheDollarSign() throws Exception {
        Model model = parser.parse("cost Rent { accelerator-hour 2.50 /h }");
        validation.assertError(model, Literals.QUANTITY, IssueCodes.INVALID_MONEY, "Write money with a '$'");
    }

    @Test
    void shouldRejectAnAmountWhereAPricePerHourBelongs() throws Exception {
        Model model = parser.parse("cost Rent { accelerator-hour $2.50 }");
        validation.assertError(model, Literals.QUANTITY, IssueCodes.WRONG_DIMENSION, "Expected a price per hour");
    }

    @Test
    void shouldAcceptMoneyWrittenWithTheDollarSign() throws Exception {
        validation.assertNoIssues(
                parser.parse("cost Rent { accelerator-hour $2.50/h } cost Owned { capex $250000 per node over 4 years }"));
    }

    @Test
    void shouldRejectAPercentageAboveOneHundred() throws Exception {
        Model model = parser.parse("""
                vendor V
                accelerator A { vendor V compute bf16 1 TFLOPS memory 1 GB bandwidth 1 TB/s efficiency 120 % }
                """);
        validation.assertError(model, Literals.QUANTITY, IssueCodes.NOT_A_FRACTION);
    }

    private Model dragonfly(String globalLinks) throws Exception {
        return parser.parse("""
                import fabric.catalog.intel.*
                import fabric.catalog.standards.*
                cluster Fly {
                    nodes 16 x Gaudi3_HLS
                    scale-out RoCEv2_200 dragonfly { groups 4 routers-per-group 2 %s }
                }
                """.formatted(globalLinks));
    }

    @Test
    void shouldSuggestBalancedGlobalLinksWhenSomeDragonflyGroupsWouldGetFewer() throws Exception {
        // 2 routers x 1 link = 2 global links per group for 3 other groups: the fewest balanced is 3 per router.
        validation.assertError(dragonfly("global-links-per-router 1"), Literals.DRAGONFLY_TOPOLOGY,
                IssueCodes.DRAGONFLY_UNBALANCED, "use 'global-links-per-router 3'");
    }

    @Test
    void shouldAcceptADragonflyJoiningEveryPairOfGroupsEqually() throws Exception {
        validation.assertNoError(dragonfly("global-links-per-router 3"), IssueCodes.DRAGONFLY_UNBALANCED);
        validation.assertNoError(dragonfly(""), IssueCodes.DRAGONFLY_UNBALANCED);
    }

    @Test
    void shouldAskForAPercentageWhenTheScaleUpEfficiencyIsARate() throws Exception {
        validation.assertError(acceleratorWith("scale-up 8 x 25 GB/s scale-up-efficiency 160 GB/s"), Literals.QUANTITY,
                IssueCodes.WRONG_DIMENSION, "Expected a percentage");
    }

    @Test
    void shouldAcceptAScaleUpEfficiencyInPercent() throws Exception {
        validation.assertNoIssues(acceleratorWith("scale-up 8 x 25 GB/s scale-up-efficiency 80 %"));
    }

    @Test
    void shouldAskForAPercentageWhenTheMemoryEfficiencyIsARate() throws Exception {
        validation.assertError(acceleratorWith("memory-efficiency 4.11 TB/s"), Literals.QUANTITY,
                IssueCodes.WRONG_DIMENSION, "Expected a percentage");
    }

    @Test
    void shouldAcceptAMemoryEfficiencyInPercent() throws Exception {
        validation.assertNoIssues(acceleratorWith("memory-efficiency 77.5 %"));
    }

    /** A minimal accelerator (1 TFLOPS, 1 GB at 5.3 TB/s) with {@code line} added to its body. */
    private Model acceleratorWith(String line) throws Exception {
        return parser.parse("""
                vendor V
                accelerator A { vendor V compute bf16 1 TFLOPS memory 1 GB bandwidth 5.3 TB/s
                    %s }
                """.formatted(line));
    }

    @Test
    void shouldAcceptAPercentageOfAtMostOneHundred() throws Exception {
        validation.assertNoIssues(parser.parse("""
                vendor V
                accelerator A { vendor V compute bf16 1 TFLOPS memory 1 GB bandwidth 1 TB/s efficiency 100 % }
                """));
    }

    @Test
    void shouldAcceptAZeroLatency() throws Exception {
        validation.assertNoIssues(cluster("1 x 8", "400 Gb/s latency 0 us"));
    }

    @Test
    void shouldRejectASketchedClusterWithoutItsLink() throws Exception {
        validation.assertError(parser.parse("cluster C { nodes 2 x 8 accelerators }"), Literals.CLUSTER,
                IssueCodes.SKETCH_NEEDS_LINK);
    }

    @Test
    void shouldRejectALinkOnAClusterOfCatalogNodes() throws Exception {
        Model model = parser.parse("""
                import fabric.catalog.nvidia.*
                cluster C { nodes 2 x DGX_H100 link 1 GB/s latency 1 us }
                """);
        validation.assertError(model, Literals.CLUSTER, IssueCodes.LINK_NEEDS_SKETCH);
    }

    @Test
    void shouldRejectAScaleOutNetworkOnASketchedClusterAndAcceptItsLinkAlone() throws Exception {
        // the sketch's mapper builds one switch from 'link' and reads no scale-out: a slice of this torus failed
        String sketch = """
                import fabric.catalog.standards.*
                cluster C { nodes 2 x 8 accelerators link 400 Gb/s latency 1 us NETWORK }
                """;
        validation.assertError(parser.parse(sketch.replace("NETWORK", "scale-out RoCEv2 torus 4 x 4")),
                Literals.CLUSTER, IssueCodes.SKETCH_NETWORK);
        validation.assertNoErrors(parser.parse(sketch.replace("NETWORK", "")));
    }

    @Test
    void shouldWarnWhenTheLinkShorthandNeedsALargerSwitchThanAnyMade() throws Exception {
        // One switch, a port per accelerator: 100,000 x 8 = 800,000 ports, above Tomahawk 5's 512; 64 x 8 = 512 fits.
        String sketch = "cluster C { nodes NODES x 8 accelerators link 400 Gb/s latency 1 us }";
        validation.assertWarning(parser.parse(sketch.replace("NODES", "100000")), Literals.CLUSTER,
                IssueCodes.SKETCH_SWITCH_RADIX, "all 800000 accelerators on one switch of 800000 ports");
        validation.assertNoIssue(parser.parse(sketch.replace("NODES", "64")), Literals.CLUSTER,
                IssueCodes.SKETCH_SWITCH_RADIX);
    }

    @Test
    void shouldRejectAClusterWithoutNodes() throws Exception {
        validation.assertError(cluster("0 x 8", "400 Gb/s latency 1 us"), Literals.NODE_GROUP, IssueCodes.EMPTY_CLUSTER,
                "at least 1 node");
    }

    @Test
    void shouldRejectANodeWithoutAccelerators() throws Exception {
        validation.assertError(cluster("2 x 0", "400 Gb/s latency 1 us"), Literals.NODE_GROUP, IssueCodes.EMPTY_CLUSTER,
                "at least 1 accelerator");
    }

    @Test
    void shouldRejectTwoClustersWithTheSameName() throws Exception {
        Model model = parser.parse("""
                cluster C { nodes 1 x 2 accelerators link 1 GB/s latency 1 us }
                cluster C { nodes 1 x 4 accelerators link 1 GB/s latency 1 us }
                """);
        List<Issue> issues = validation.validate(model);
        assertEquals(2, issues.size(), issues::toString);
        for (Issue issue : issues) {
            assertEquals(Severity.ERROR, issue.getSeverity());
            assertEquals("Another definition is also named 'C'; give one of them another name.", issue.getMessage());
        }
    }

    private Model collective(String phase) throws Exception {
        return parser.parse("""
                collective Reduce {
                    operation all-reduce
                    %s
                }
                """.formatted(phase));
    }

    @Test
    void shouldRejectInNetworkReductionAcrossNodes() throws Exception {
        validation.assertError(collective("phase all-reduce in-network across-nodes"), Literals.PHASE,
                IssueCodes.IN_NETWORK_SCOPE, "In-network reduction runs inside a node's scale-up switches; use"
                        + " within-node, or another algorithm for across-nodes.");
    }

    @Test
    void shouldAcceptInNetworkReductionWithinANode() throws Exception {
        validation.assertNoIssues(collective("phase all-reduce in-network within-node"));
    }

    private Model fabric(String scope, String flows) throws Exception {
        return parser.parse("""
                vendor V
                fabric F { vendor V scope %s open-standard link 400 Gb/s %s }
                """.formatted(scope, flows));
    }

    @Test
    void shouldRejectFlowsPerPeerAboveNcclsQueuePairLimitAndSuggestTheLimit() throws Exception {
        Model model = fabric("scale-out", "flows-per-peer 129");
        validation.assertError(model, Literals.FABRIC, IssueCodes.FLOWS_PER_PEER, "between 1 and 128");
        assertArrayEquals(new String[] { "128" }, validation.validate(model).get(0).getData());
    }

    @Test
    void shouldRejectZeroFlowsPerPeer() throws Exception {
        validation.assertError(fabric("scale-out", "flows-per-peer 0"), Literals.FABRIC, IssueCodes.FLOWS_PER_PEER,
                "between 1 and 128");
    }

    @Test
    void shouldRejectFlowsPerPeerOnAScaleUpFabric() throws Exception {
        validation.assertError(fabric("scale-up", "flows-per-peer 16"), Literals.FABRIC, IssueCodes.FLOWS_PER_PEER,
                "a scale-up fabric has none");
    }

    @Test
    void shouldAcceptFlowsPerPeerFromOneToOneHundredTwentyEightOnAScaleOutFabric() throws Exception {
        validation.assertNoIssues(fabric("scale-out", "flows-per-peer 1"));
        validation.assertNoIssues(fabric("scale-out", "flows-per-peer 16"));
        validation.assertNoIssues(fabric("scale-out", "flows-per-peer 128"));
        validation.assertNoIssues(fabric("scale-up", ""));
    }
}
