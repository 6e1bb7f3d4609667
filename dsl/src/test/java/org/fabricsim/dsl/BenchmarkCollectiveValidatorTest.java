package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.collective.Harness;
import org.fabricsim.runtime.collective.Protocol;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A benchmark's channels, sub-node accelerators, algorithm and protocol as NCCL would run them (issue 14). */
class BenchmarkCollectiveValidatorTest extends FabricModelTest {
    private static final String CLUSTERS = """
            import fabric.catalog.amd.*
            import fabric.catalog.nvidia.*
            import fabric.catalog.standards.*
            cluster Dgx { nodes 4 x DGX_H100 scale-out RoCEv2 rail-optimized { rails 8 } }
            cluster Sprayed { nodes 4 x DGX_H100 scale-out RoCEv2 fat-tree { tiers 2 routing packet-spraying } }
            cluster Mesh { nodes 2 x MI300X_Platform scale-out RoCEv2 single-switch }
            fabric Ici { vendor NVIDIA scope scale-out open-standard link 50 GB/s }
            node Host { accelerators 4 x H100_SXM }
            cluster Torus { nodes 16 x Host scale-out Ici torus 4 x 4 x 4 }
            switch Plain { vendor NVIDIA ports 64 x 25 GB/s speaks NVLink4 }
            node Unreduced {
                accelerators 8 x H100_SXM
                scale-up NVLink4 switched domain 8 switches 4 x Plain
                nics 8 x ConnectX7 rail-aligned
            }
            cluster NoNvls { nodes 2 x Unreduced scale-out RoCEv2 rail-optimized { rails 8 } }
            node Halves {
                accelerators 8 x H100_SXM
                scale-up NVLink4 switched domain 4 switches 4 x NVSwitch3
                nics 8 x ConnectX7 rail-aligned
            }
            cluster Split { nodes 2 x Halves scale-out RoCEv2 rail-optimized { rails 8 } }
            cluster Alone { nodes 1 x Halves }
            cluster Flat { nodes 2 x 8 accelerators link 400 Gb/s latency 1 us }
            benchmark Bench {
                %s
                sizes 1 MiB
            }
            """;

    private List<Issue> issues(String benchmark) throws Exception {
        return validation.validate(parser.parse(CLUSTERS.formatted(benchmark)));
    }

    private static List<Issue> withCode(List<Issue> issues, String code) {
        return issues.stream().filter(i -> code.equals(i.getCode())).toList();
    }

    private void assertOne(String benchmark, String code, Severity severity, String message) throws Exception {
        List<Issue> all = issues(benchmark);
        List<Issue> found = withCode(all, code);
        assertEquals(1, found.size(), all::toString);
        assertEquals(severity, found.get(0).getSeverity());
        assertTrue(found.get(0).getMessage().contains(message), found.get(0).getMessage());
    }

    private void assertNone(String benchmark, String code) throws Exception {
        assertEquals(List.of(), withCode(issues(benchmark), code));
    }

    @Test
    void shouldRejectABenchmarkOnPartOfATorusThatFillsNoLeadingDimensions() throws Exception {
        // 4 accelerators a node on a 4 x 4 x 4 torus: the leading dimensions hold 4, 16 and 64 of them, so 1, 4
        // and 16 nodes are whole tori (a ring, a 4 x 4 plane, the cube) and 2 nodes (8) is a cut-open line
        assertOne("all-reduce ring on Torus nodes 2", IssueCodes.TORUS_BENCHMARK_NODES, Severity.ERROR,
                "The 8 accelerators of 2 nodes fill no whole leading dimensions of Torus's torus");
        assertNone("all-reduce ring on Torus nodes 4", IssueCodes.TORUS_BENCHMARK_NODES);
        assertNone("all-reduce ring on Torus nodes 1", IssueCodes.TORUS_BENCHMARK_NODES);
        assertNone("all-reduce ring on Torus", IssueCodes.TORUS_BENCHMARK_NODES);
        // part of a switched cluster is fine: its switches still join the nodes used
        assertNone("all-reduce ring on Dgx nodes 2", IssueCodes.TORUS_BENCHMARK_NODES);
    }

    @Test
    void shouldRejectMoreNodesThanTheClusterHas() throws Exception {
        assertOne("all-reduce ring on Dgx nodes 5", IssueCodes.EXCEEDS_CLUSTER, Severity.ERROR,
                "at most the 4 nodes of Dgx, not 5: write 'nodes 4' or fewer");
        assertNone("all-reduce ring on Dgx nodes 4", IssueCodes.EXCEEDS_CLUSTER);
    }

    @Test
    void shouldRejectZeroChannelsWrittenButNotAbsentChannels() throws Exception {
        assertOne("all-reduce ring on Dgx channels 0", IssueCodes.CHANNELS_OUT_OF_RANGE, Severity.ERROR,
                "'channels 0' runs the collective on no channel");
        assertNone("all-reduce ring on Dgx", IssueCodes.CHANNELS_OUT_OF_RANGE);
    }

    @Test
    void shouldRejectMoreChannelsThanNcclRuns() throws Exception {
        assertOne("all-reduce ring on Dgx channels 65", IssueCodes.CHANNELS_OUT_OF_RANGE, Severity.ERROR,
                "NCCL runs at most 64 channels, not 65");
        assertNone("all-reduce ring on Dgx channels 64", IssueCodes.CHANNELS_OUT_OF_RANGE);
    }

    @Test
    void shouldWarnWhenChannelsAcrossNodesLeaveNicsIdle() throws Exception {
        assertOne("all-reduce ring on Dgx nodes 2 channels 1", IssueCodes.CHANNELS_IDLE_NICS, Severity.WARNING,
                "1 channel leaves 7 of a node's 8 NICs idle");
        assertOne("all-reduce ring on Dgx nodes 2 channels 1", IssueCodes.CHANNELS_IDLE_NICS, Severity.WARNING,
                "NCCL's 16 channels");
        assertNone("all-reduce ring on Dgx nodes 2 channels 8", IssueCodes.CHANNELS_IDLE_NICS);
        assertNone("all-reduce ring on Dgx nodes 1 channels 1", IssueCodes.CHANNELS_IDLE_NICS);
        // Without scale-up each accelerator leaves through its own NIC: one channel leaves none idle.
        assertNone("all-reduce ring on Flat nodes 2 channels 1", IssueCodes.CHANNELS_IDLE_NICS);
    }

    @Test
    void shouldRejectASubNodeBenchmarkOnMoreAcceleratorsThanTheNodeHas() throws Exception {
        assertOne("all-reduce ring on Dgx accelerators 9", IssueCodes.BENCHMARK_ACCELERATORS, Severity.ERROR,
                "runs on 1 to 8 accelerators of one Dgx node, not 9");
        assertOne("all-reduce ring on Dgx accelerators 0", IssueCodes.BENCHMARK_ACCELERATORS, Severity.ERROR,
                "not 0");
        assertNone("all-reduce ring on Dgx accelerators 4", IssueCodes.BENCHMARK_ACCELERATORS);
    }

    @Test
    void shouldRejectInNetworkReductionWithoutASwitchThatReduces() throws Exception {
        assertOne("all-reduce in-network on Mesh nodes 1", IssueCodes.IN_NETWORK_UNAVAILABLE, Severity.ERROR,
                "no scale-up switch that reduces");
        assertNone("all-reduce in-network on Dgx nodes 1", IssueCodes.IN_NETWORK_UNAVAILABLE);
    }

    @Test
    void shouldAcceptInNetworkReductionAcrossWholeReducingDomainsAsNvlsTree() throws Exception {
        // 2 and 4 DGX H100 nodes: 16 and 32 ranks, whole NVSwitch3 (NVLS) domains of 8 joined by RoCE
        assertNone("all-reduce in-network on Dgx nodes 2", IssueCodes.IN_NETWORK_UNAVAILABLE);
        assertNone("all-reduce in-network on Dgx nodes 4", IssueCodes.IN_NETWORK_UNAVAILABLE);
        assertNone("all-reduce in-network on Dgx accelerators 4", IssueCodes.IN_NETWORK_UNAVAILABLE);
        // 2 nodes of two 4-accelerator domains: 16 ranks on 4 whole domains
        assertNone("all-reduce in-network on Split nodes 2", IssueCodes.IN_NETWORK_UNAVAILABLE);
    }

    @Test
    void shouldRejectInNetworkReductionAcrossDomainsThatDoNotReduce() throws Exception {
        // switched domains of 8 joined by RoCE, but their switch chip has no in-network-reduction
        assertOne("all-reduce in-network on NoNvls nodes 2", IssueCodes.IN_NETWORK_UNAVAILABLE, Severity.ERROR,
                "no scale-up switch that reduces");
    }

    @Test
    void shouldRejectInNetworkReductionOverPartOfADomain() throws Exception {
        // 6 accelerators over domains of 4: one whole domain and half of another
        assertOne("all-reduce in-network on Split accelerators 6", IssueCodes.IN_NETWORK_UNAVAILABLE, Severity.ERROR,
                "on whole domains of 4 accelerators, and this benchmark runs on 6");
    }

    @Test
    void shouldRejectInNetworkReductionAcrossDomainsWithoutAScaleOut() throws Exception {
        // the node's two domains of 4 and no network to join them
        assertOne("all-reduce in-network on Alone accelerators 8", IssueCodes.IN_NETWORK_UNAVAILABLE, Severity.ERROR,
                "joins the domains over the scale-out network, and Alone has none");
        // one domain of 4 would run in the switch, but the engine builds no cluster of two domains without a
        // scale-out: the cluster's error says so, and the benchmark's check stays quiet instead of failing
        assertNone("all-reduce in-network on Alone accelerators 4", IssueCodes.IN_NETWORK_UNAVAILABLE);
        List<Issue> all = issues("all-reduce in-network on Alone accelerators 4");
        assertEquals(1, withCode(all, IssueCodes.DOMAINS_NEED_SCALE_OUT).size(), all::toString);
        assertTrue(all.stream().noneMatch(i -> i.getMessage().contains("EValidator")), all::toString);
    }

    @Test
    void shouldLeaveInNetworkReductionOfAnotherOperationToTheAlgorithmOperationCheck() throws Exception {
        assertOne("all-gather in-network on Dgx nodes 1", IssueCodes.ALGORITHM_OPERATION, Severity.ERROR,
                "'in-network' does not run all-gather");
        assertNone("all-gather in-network on Dgx nodes 1", IssueCodes.IN_NETWORK_UNAVAILABLE);
    }

    @Test
    void shouldRejectALowLatencyProtocolOnAnAlgorithmNcclDoesNotRunItOn() throws Exception {
        assertOne("all-reduce halving-doubling on Dgx protocol LL", IssueCodes.PROTOCOL_ALGORITHM, Severity.ERROR,
                "NCCL runs LL only on 'ring' and 'double-binary-tree', not 'halving-doubling'");
        assertNone("all-reduce double-binary-tree on Dgx protocol LL128", IssueCodes.PROTOCOL_ALGORITHM);
        assertNone("all-reduce halving-doubling on Dgx protocol Simple", IssueCodes.PROTOCOL_ALGORITHM);
    }

    @Test
    void shouldRejectALowLatencyProtocolAcrossASprayingNetwork() throws Exception {
        assertOne("all-reduce ring on Sprayed nodes 2 protocol LL128", IssueCodes.PROTOCOL_SPRAYING, Severity.ERROR,
                "aws-ofi-nccl, forces the Simple protocol");
        assertNone("all-reduce ring on Sprayed nodes 1 protocol LL128", IssueCodes.PROTOCOL_SPRAYING);
        assertNone("all-reduce ring on Sprayed nodes 2 protocol Simple", IssueCodes.PROTOCOL_SPRAYING);
        assertNone("all-reduce ring on Dgx nodes 2 protocol LL128", IssueCodes.PROTOCOL_SPRAYING);
    }

    @Test
    void shouldMapASubNodeBenchmarkItsProtocolAndNcclsChannels() throws Exception {
        Model model = parser.parse(CLUSTERS.formatted("all-reduce ring on Dgx accelerators 4 protocol LL128"));
        CollectiveBenchmarkSpec spec = (CollectiveBenchmarkSpec) mapper.toStudy(model, "b.fabric").workloads().get(0);
        assertEquals(1, spec.nodes());
        assertEquals(4, spec.ranks());
        assertEquals(Protocol.LL128, spec.protocol());
        assertEquals(0, spec.channels(), "no channels line: NCCL's choice");
        assertEquals(Harness.NCCL_TESTS, spec.harness(), "no harness line: timed as nccl-tests times it");
    }

    @Test
    void shouldMapAFrameworkCallHarness() throws Exception {
        Model model = parser.parse(CLUSTERS.formatted("all-reduce on Dgx nodes 1 harness framework-call"));
        CollectiveBenchmarkSpec spec = (CollectiveBenchmarkSpec) mapper.toStudy(model, "b.fabric").workloads().get(0);
        assertEquals(Harness.FRAMEWORK_CALL, spec.harness());
    }

    @Test
    @Timeout(20)
    void shouldCheckASweepFromZeroBytesWithoutExpandingItForever() throws Exception {
        // Fuzz finding: 'sizes 0 B to 1 GiB' multiplied 0 by the factor forever while the channel check
        // mapped the benchmark, and the validator ran out of memory. The mapping now refuses such a
        // sweep, so the checks that need the mapped benchmark stay silent and validation ends.
        String sweep = CLUSTERS.replace("sizes 1 MiB", "sizes %s B to 1 GiB");
        List<Issue> fromZero = validation.validate(parser.parse(sweep.formatted("all-reduce ring on Dgx nodes 2"
                + " channels 1", 0)));
        assertEquals(List.of(), withCode(fromZero, IssueCodes.CHANNELS_IDLE_NICS));
        List<Issue> fromOne = validation.validate(parser.parse(sweep.formatted("all-reduce ring on Dgx nodes 2"
                + " channels 1", 1)));
        assertEquals(1, withCode(fromOne, IssueCodes.CHANNELS_IDLE_NICS).size(), fromOne::toString);
    }
}
