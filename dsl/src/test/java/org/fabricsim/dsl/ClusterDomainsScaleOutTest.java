package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.junit.jupiter.api.Test;

/**
 * Scale-up domains are joined only over a scale-out fabric: a cluster of several domains without one validated and
 * then failed every run in the engine; it is an error naming the cluster, its domains and the fix.
 */
class ClusterDomainsScaleOutTest extends FabricModelTest {
    private static final String NODES = """
            import fabric.catalog.nvidia.*
            import fabric.catalog.standards.*
            node Halves {
                accelerators 8 x H100_SXM
                scale-up NVLink4 switched domain 4 switches 4 x NVSwitch3
                nics 8 x ConnectX7 rail-aligned
            }
            node NoNics {
                accelerators 8 x H100_SXM
                scale-up NVLink4 switched domain 8 switches 4 x NVSwitch3
            }
            """;

    private Model model(String cluster) throws Exception {
        return parser.parse(NODES + cluster);
    }

    private static Cluster cluster(Model model) {
        return model.getElements().stream().filter(Cluster.class::isInstance).map(Cluster.class::cast).findFirst()
                .orElseThrow();
    }

    private List<Issue> domainErrors(Model model) {
        return validation.validate(model).stream()
                .filter(issue -> IssueCodes.DOMAINS_NEED_SCALE_OUT.equals(issue.getCode())).toList();
    }

    @Test
    void shouldRejectANodeOfTwoDomainsWithoutAScaleOutThatTheEngineCannotBuild() throws Exception {
        // 1 node of 8 accelerators in domains of 4: 8 / 4 = 2 domains, and nothing joins them
        Model model = model("cluster Alone { nodes 1 x Halves }");
        assertThrows(IllegalArgumentException.class,
                () -> ClusterTopologies.build(mapper.toCluster(cluster(model))));
        List<Issue> errors = domainErrors(model);
        assertEquals(1, errors.size(), errors::toString);
        assertEquals(Severity.ERROR, errors.get(0).getSeverity());
        assertTrue(errors.get(0).getMessage().startsWith("Alone has 2 scale-up domains of 4 accelerators (1 node of"
                + " 8) and no scale-out fabric"), errors.get(0).getMessage());
        assertTrue(errors.get(0).getMessage().contains("give it a scale-out fabric"), errors.get(0).getMessage());
    }

    @Test
    void shouldRejectTwoWholeNodeDomainsWithoutAScaleOut() throws Exception {
        // 2 DGX H100 of one NVLink domain of 8 each: 16 / 8 = 2 domains
        List<Issue> errors = domainErrors(model("cluster Pair { nodes 2 x DGX_H100 }"));
        assertEquals(1, errors.size(), errors::toString);
        assertTrue(errors.get(0).getMessage().startsWith("Pair has 2 scale-up domains of 8 accelerators (2 nodes of"
                + " 8)"), errors.get(0).getMessage());
    }

    @Test
    void shouldRejectNodesWithoutNicsIntoTheScaleOutAndCheckTheirBenchmarkWithoutFailing() throws Exception {
        // 2 nodes of one domain of 8 each: 16 / 8 = 2 domains, and the engine reaches a switched scale-out only
        // through the nodes' NICs; an in-network benchmark inside one domain built the cluster and threw
        Model model = model("""
                cluster Unreached { nodes 2 x NoNics scale-out RoCEv2 single-switch }
                benchmark Bench { all-reduce in-network on Unreached accelerators 8 sizes 1 MiB }
                """);
        assertThrows(IllegalArgumentException.class, () -> ClusterTopologies.build(mapper.toCluster(cluster(model))));
        List<Issue> all = validation.validate(model);
        List<Issue> errors = domainErrors(model);
        assertEquals(1, errors.size(), all::toString);
        assertTrue(errors.get(0).getMessage().startsWith("Unreached has 2 scale-up domains of 8 accelerators (2 nodes"
                + " of 8) and its nodes have no NICs into the scale-out fabric"), errors.get(0).getMessage());
        assertTrue(all.stream().noneMatch(i -> i.getMessage().contains("EValidator")), all::toString);
    }

    @Test
    void shouldAcceptOneDomainOrDomainsJoinedByAScaleOut() throws Exception {
        // 1 DGX H100: 8 / 8 = 1 domain, which the engine builds without a scale-out
        Model one = model("cluster One { nodes 1 x DGX_H100 }");
        assertEquals(List.of(), domainErrors(one));
        assertEquals(8, ClusterTopologies.build(mapper.toCluster(cluster(one))).domainSize());
        // the same two domains of 4 joined by a switch
        assertEquals(List.of(), domainErrors(model("cluster Joined { nodes 1 x Halves"
                + " scale-out RoCEv2 single-switch }")));
    }

    @Test
    void shouldLeaveASketchedClusterWithoutItsLinkToTheSketchError() throws Exception {
        List<Issue> issues = validation.validate(model("cluster Sketch { nodes 2 x 8 accelerators }"));
        assertTrue(issues.stream().anyMatch(i -> IssueCodes.SKETCH_NEEDS_LINK.equals(i.getCode())), issues::toString);
        assertTrue(issues.stream().noneMatch(i -> IssueCodes.DOMAINS_NEED_SCALE_OUT.equals(i.getCode())),
                issues::toString);
    }
}
