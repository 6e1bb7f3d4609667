package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.junit.jupiter.api.Test;

/** {@code network flow|packet|analytical} on a benchmark or study: what it maps to, and where it is an error. */
class NetworkBackendTest extends FabricModelTest {
    /** A two-node sketch cluster, a collective benchmark with {@code benchmarkLine}, and {@code rest}. */
    private static final String MODEL = """
            package p
            cluster Pair {
                nodes 2 x 8 accelerators
                link 400 Gb/s latency 1 us
            }
            benchmark Ring {
                all-reduce ring
                on Pair
                sizes 1 MiB
                %s
            }
            %s
            """;

    private List<StudySpec> programs(String benchmarkLine, String rest) throws Exception {
        Model model = parser.parse(MODEL.formatted(benchmarkLine, rest));
        validation.assertNoErrors(model);
        return mapper.toPrograms(model, "network.fabric");
    }

    private static NetworkKind network(StudySpec program) {
        return ((CollectiveBenchmarkSpec) program.workloads().get(0)).network();
    }

    @Test
    void shouldRunABenchmarkOnTheFlowModelUnlessItChoosesAnother() throws Exception {
        assertEquals(NetworkKind.MAX_MIN, network(programs("", "").get(0)));
        assertEquals(NetworkKind.PACKET, network(programs("network packet", "").get(0)));
        assertEquals(NetworkKind.ANALYTICAL, network(programs("network analytical", "").get(0)));
    }

    @Test
    void shouldLetAStudysNetworkWinOverItsBenchmarks() throws Exception {
        List<StudySpec> programs = programs("network analytical", "study S { simulate Ring network packet }");
        assertEquals(1, programs.size(), "the study covers the benchmark");
        assertEquals(NetworkKind.PACKET, network(programs.get(0)));
    }

    @Test
    void shouldRefuseThePacketNetworkForAnExpertParallelBenchmark() throws Exception {
        Model model = parser.parse(MODEL.formatted("", """
                benchmark Dispatch {
                    expert-parallel low-latency tokens 128 hidden 7168 top-k 8 experts 256
                    on Pair
                    network packet
                }
                """));
        validation.assertError(model, Literals.BENCHMARK, IssueCodes.NETWORK_NEEDS_COLLECTIVE,
                "'network packet' runs collective benchmarks only; an expert-parallel benchmark");
    }

    @Test
    void shouldRefuseAStudysAnalyticalNetworkForAnExpertParallelBenchmarkButAcceptFlow() throws Exception {
        String kernels = """
                benchmark Dispatch {
                    expert-parallel low-latency tokens 128 hidden 7168 top-k 8 experts 256
                    on Pair
                }
                study S { simulate Dispatch network %s }
                """;
        validation.assertError(parser.parse(MODEL.formatted("", kernels.formatted("analytical"))), Literals.STUDY,
                IssueCodes.NETWORK_NEEDS_COLLECTIVE);
        validation.assertNoErrors(parser.parse(MODEL.formatted("", kernels.formatted("flow"))), Literals.STUDY,
                IssueCodes.NETWORK_NEEDS_COLLECTIVE);
    }

    @Test
    void shouldAcceptThePacketNetworkOnACollectiveBenchmarkAndItsStudy() throws Exception {
        Model model = parser.parse(MODEL.formatted("network packet", "study S { simulate Ring network packet }"));
        validation.assertNoErrors(model, Literals.BENCHMARK, IssueCodes.NETWORK_NEEDS_COLLECTIVE);
        validation.assertNoErrors(model, Literals.STUDY, IssueCodes.NETWORK_NEEDS_COLLECTIVE);
    }
}
