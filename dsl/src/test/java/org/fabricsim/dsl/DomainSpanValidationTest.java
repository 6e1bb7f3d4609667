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
 * A scale-up domain spanning several nodes (an NVL72 rack of 18 trays of 4) is built as one domain, so the cluster,
 * and the nodes a benchmark runs on, must fill whole domains: anything else is an error naming the counts and the
 * fix, where the engine would refuse the run.
 */
class DomainSpanValidationTest extends FabricModelTest {
    private static final String TRAY = """
            import fabric.catalog.nvidia.*
            import fabric.catalog.standards.*
            node Tray {
                accelerators 4 x GB200
                scale-up NVLink5 switched domain 72 switches 18 x NVLinkSwitch5
                nics 4 x BlueField3 rail-aligned
            }
            """;

    private List<Issue> issues(String text, String code) throws Exception {
        return validation.validate(parser.parse(TRAY + text)).stream().filter(i -> code.equals(i.getCode()))
                .toList();
    }

    @Test
    void shouldRefuseTwentyTraysThatFillOneRackAndAPartOfAnother() throws Exception {
        // 20 trays × 4 = 80 accelerators: one domain of 72 and 8 over; 18 trays (one rack) fill whole domains
        String text = "cluster C { nodes 20 x Tray scale-out InfiniBand_NDR single-switch }";
        Model model = parser.parse(TRAY + text);
        Cluster cluster = model.getElements().stream().filter(Cluster.class::isInstance).map(Cluster.class::cast)
                .findFirst().orElseThrow();
        assertThrows(IllegalArgumentException.class, () -> ClusterTopologies.build(mapper.toCluster(cluster)));
        List<Issue> errors = issues(text, IssueCodes.CLUSTER_PARTIAL_DOMAIN);
        assertEquals(1, errors.size(), errors::toString);
        assertEquals(Severity.ERROR, errors.get(0).getSeverity());
        assertEquals("C has 20 nodes of 4 accelerators (80), which do not fill whole scale-up domains of 72 (18 nodes"
                + " each): the engine builds whole domains only. Write 18 nodes in all (a multiple of 18), or a domain"
                + " of 4 for one domain a node.", errors.get(0).getMessage());
        assertEquals(List.of("18"), List.of(errors.get(0).getData()));
    }

    @Test
    void shouldRefuseOneTrayAloneAndOfferOneWholeRack() throws Exception {
        // 1 tray is 4 of a domain of 72: the fix is the rack's 18 trays
        List<Issue> errors = issues("cluster C { nodes 1 x Tray }", IssueCodes.CLUSTER_PARTIAL_DOMAIN);
        assertEquals(1, errors.size(), errors::toString);
        assertEquals(List.of("18"), List.of(errors.get(0).getData()));
    }

    @Test
    void shouldAcceptWholeRacksOfTraysAndDomainsInsideANode() throws Exception {
        // 18 and 36 trays: 72 and 144 accelerators, 1 and 2 domains of 72; a DGX H100 is its own domain of 8
        for (String cluster : List.of("cluster C { nodes 18 x Tray }",
                "cluster C { nodes 36 x Tray scale-out InfiniBand_NDR single-switch }",
                "cluster C { nodes 3 x DGX_H100 scale-out InfiniBand_NDR single-switch }")) {
            assertEquals(List.of(), issues(cluster, IssueCodes.CLUSTER_PARTIAL_DOMAIN), cluster);
        }
    }

    @Test
    void shouldRefuseABenchmarkOnNodesThatCutADomain() throws Exception {
        // 20 of 36 trays: 80 accelerators, more than one domain of 72 and not two
        String cluster = "cluster C { nodes 36 x Tray scale-out InfiniBand_NDR single-switch }\n";
        List<Issue> errors = issues(cluster + "benchmark Bench { all-reduce on C nodes 20 sizes 1 GiB }",
                IssueCodes.BENCHMARK_PARTIAL_DOMAIN);
        assertEquals(1, errors.size(), errors::toString);
        assertTrue(errors.get(0).getMessage().startsWith("The 20 nodes of C this benchmark runs on hold 80"
                + " accelerators, more than one scale-up domain of 72 (18 nodes)"), errors.get(0).getMessage());
        assertEquals(List.of("18"), List.of(errors.get(0).getData()));
    }

    @Test
    void shouldAcceptABenchmarkInsideOneDomainOrOnWholeDomains() throws Exception {
        // 2 trays (8 accelerators) lie in the first rack's domain; 18 trays fill it
        String cluster = "cluster C { nodes 36 x Tray scale-out InfiniBand_NDR single-switch }\n";
        for (String benchmark : List.of("benchmark Bench { all-reduce on C nodes 2 sizes 1 GiB }",
                "benchmark Bench { all-reduce on C nodes 18 sizes 1 GiB }")) {
            assertEquals(List.of(), issues(cluster + benchmark, IssueCodes.BENCHMARK_PARTIAL_DOMAIN), benchmark);
        }
    }

    @Test
    void shouldCountTheNicsOfTheWholeDomainForChannelsAndNoneInsideIt() throws Exception {
        // 2 racks of 18 trays: a domain's 18 × 4 = 72 NICs, so 1 channel across racks leaves 71 idle; on one rack's
        // 18 trays the all-reduce stays on NVLink and uses no NIC
        String cluster = "cluster C { nodes 36 x Tray scale-out InfiniBand_NDR single-switch }\n";
        List<Issue> warnings = issues(cluster + "benchmark Bench { all-reduce ring on C channels 1 sizes 1 GiB }",
                IssueCodes.CHANNELS_IDLE_NICS);
        assertEquals(1, warnings.size(), warnings::toString);
        assertTrue(warnings.get(0).getMessage().startsWith("1 channel leaves 71 of a scale-up domain's 72 NICs idle"),
                warnings.get(0).getMessage());
        assertEquals(List.of(), issues(cluster + "benchmark Bench { all-reduce ring on C nodes 18 channels 1 sizes"
                + " 1 GiB }", IssueCodes.CHANNELS_IDLE_NICS));
    }

    @Test
    void shouldRefusePodsThatSplitARackOfTrays() throws Exception {
        // 36 trays across 2 pods: 18 trays, one rack each; across 4 pods: 9 trays, half a domain of 18 trays
        String text = """
                cluster C {
                    nodes 36 x Tray
                    scale-out InfiniBand_NDR single-switch
                    data-centre RoCEv2 single-switch nic 50 GB/s
                }
                model Small transformer { layers 8 hidden 1024 heads 16 vocab 32000 }
                training Train {
                    model Small on C
                    sequence 2048
                    batch 144 sequences
                    parallel tensor 8 data 4 across %d pods
                }
                """;
        assertEquals(List.of(), issues(text.formatted(2), IssueCodes.DATA_CENTRE_PODS));
        List<Issue> errors = issues(text.formatted(4), IssueCodes.DATA_CENTRE_PODS);
        assertEquals(1, errors.size(), errors::toString);
        assertTrue(errors.get(0).getMessage().contains("the 36 nodes in whole scale-up domains of 18 nodes"),
                errors.get(0).getMessage());
    }

    @Test
    void shouldValidateABenchmarkOnMoreNodesThanAMixedClusterHasWithoutAValidatorFailure() throws Exception {
        // 18 GB200 trays and 18 B200 trays of one shape; 40 nodes cannot be cut from their 36, and only the
        // nodes-within-cluster error says so
        String text = """
                node B200Tray {
                    accelerators 4 x B200
                    scale-up NVLink5 switched domain 72 switches 18 x NVLinkSwitch5
                    nics 4 x BlueField3 rail-aligned
                }
                cluster M {
                    nodes 18 x Tray
                    nodes 18 x B200Tray
                    scale-out InfiniBand_NDR single-switch
                }
                benchmark Bench { all-reduce ring on M nodes 40 channels 1 sizes 1 GiB }
                """;
        List<Issue> all = validation.validate(parser.parse(TRAY + text));
        assertTrue(all.stream().anyMatch(i -> IssueCodes.EXCEEDS_CLUSTER.equals(i.getCode())), all::toString);
        assertTrue(all.stream().noneMatch(i -> i.getMessage().contains("EValidator")), all::toString);
    }
}
