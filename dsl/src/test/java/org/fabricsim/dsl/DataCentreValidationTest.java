package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.NetworkPlacement;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.junit.jupiter.api.Test;

/**
 * A data-centre network beside the scale-out fabric: data parallelism placed across pods on it, and a benchmark or a
 * KV-cache transfer that names it ({@code over data-centre}).
 */
class DataCentreValidationTest extends FabricModelTest {
    private static final String DATA_CENTRE = "data-centre RoCEv2_200 single-switch nic 12.5 GB/s";

    /** Four 8-card Gaudi 3 nodes on one switch with {@code network} beside it, followed by {@code rest}. */
    private Model gaudi(String network, String rest) throws Exception {
        return parser.parse(gaudiText(network) + rest);
    }

    /** {@link #gaudi}'s text. */
    private static String gaudiText(String network) {
        return """
                import fabric.catalog.intel.*
                import fabric.catalog.standards.*
                cluster Gaudi {
                    nodes 4 x Gaudi3_HLS
                    scale-out RoCEv2_200 single-switch
                    %s
                }
                """.formatted(network);
    }

    /** The Gaudi cluster with {@code network} beside it and a job whose plan ends in {@code data}. */
    private Model model(String network, String data) throws Exception {
        return model(network, data, "");
    }

    /** {@link #model(String, String)} followed by {@code rest}. */
    private Model model(String network, String data, String rest) throws Exception {
        return gaudi(network, """
                model Small transformer { layers 8 hidden 1024 heads 16 vocab 32000 }
                training Train {
                    model Small on Gaudi
                    sequence 2048
                    batch 64 sequences
                    parallel tensor 8 %s
                }
                """.formatted(data) + rest);
    }

    private List<String> codes(String network, String data) throws Exception {
        return validation.validate(model(network, data)).stream().map(Issue::getCode)
                .filter(code -> code.startsWith("fabric.physical.data-centre")).toList();
    }

    @Test
    void shouldRefuseDataParallelismAcrossPodsWithoutADataCentreNetwork() throws Exception {
        List<Issue> issues = issues(model("", "data 4 across 2 pods"), IssueCodes.DATA_CENTRE_MISSING);
        assertEquals(1, issues.size());
        assertEquals(List.of("Gaudi"), List.of(issues.get(0).getData()));
    }

    @Test
    void shouldAcceptDataParallelismAcrossPodsOnTheClustersDataCentreNetwork() throws Exception {
        assertEquals(List.of(), codes(DATA_CENTRE, "data 4 across 2 pods"));
    }

    @Test
    void shouldRefuseAPodCountThatDoesNotDivideTheDataWays() throws Exception {
        assertEquals(List.of(IssueCodes.DATA_CENTRE_PODS), codes(DATA_CENTRE, "data 4 across 3 pods"));
    }

    @Test
    void shouldRefuseAVariedDataDegreeThePodsDoNotDivideAndAcceptTheirMultiples() throws Exception {
        // across 2 pods each run splits its data ways into 2 equal parts: 3 and 5 do not split, 2 and 4 do
        Model model = model(DATA_CENTRE, "data 4 across 2 pods", "study S { simulate Train vary data in [2, 3, 4, 5] }");
        List<Issue> issues = issues(model, IssueCodes.VARY_DATA_PODS);
        assertEquals(List.of("vary data 3", "vary data 5"),
                issues.stream().map(i -> i.getMessage().substring(0, i.getMessage().indexOf(':'))).toList());
        validation.assertError(model, Literals.NUMBER_VALUE, IssueCodes.VARY_DATA_PODS,
                "Train runs its data parallelism across 2 pods", "vary data in multiples of 2");
    }

    @Test
    void shouldAcceptAnyVariedDataDegreeOfAJobInOnePod() throws Exception {
        Model model = model(DATA_CENTRE, "data 4", "study S { simulate Train vary data in [1, 3] }");
        assertEquals(List.of(), issues(model, IssueCodes.VARY_DATA_PODS));
    }

    @Test
    void shouldRefuseATorusAsTheDataCentreNetwork() throws Exception {
        assertEquals(List.of(IssueCodes.DATA_CENTRE_SWITCHED),
                codes("data-centre RoCEv2_200 torus 4 x 8 nic 12.5 GB/s", "data 4"));
    }

    @Test
    void shouldMapTheDataCentreNetworkAndThePodsOfTheDataAxis() throws Exception {
        Model model = model(DATA_CENTRE, "data 4 across 2 pods");
        TrainingSpec training = mappedTraining(model);
        ClusterSpec cluster = training.cluster();

        // 12.5 GB/s per accelerator into one switch; 2 of the 4 data ways across pods, 2 in each pod.
        assertEquals(12.5e9, cluster.dataCentre().nicBytesPerSecond(), 1);
        assertEquals(TopologySpec.SingleSwitch.class, cluster.dataCentre().network().topology().getClass());
        assertEquals(2, training.parallel().pods());
        assertEquals(2, training.parallel().inPod().data());
        assertNull(cluster.pod(2).dataCentre());
        assertEquals(2, cluster.pod(2).nodes());
    }

    /** The Gaudi cluster with {@code network} beside its fabric, serving with disaggregated pools and {@code kv}. */
    private Model serving(String network, String kv) throws Exception {
        return gaudi(network, """
                model Small transformer { layers 8 hidden 1024 heads 16 vocab 32000 }
                inference Serve {
                    model Small on Gaudi
                    prefill pool { replicas 1 parallel tensor 8 }
                    decode pool { replicas 1 parallel tensor 8 }
                    traffic { arrival poisson 1 /s prompt fixed 10 output fixed 10 }
                    %s
                }
                """.formatted(kv));
    }

    @Test
    void shouldRefuseAKvTransferOverADataCentreNetworkTheClusterLacks() throws Exception {
        validation.assertError(serving("", "kv-transfer over data-centre"), Literals.INFERENCE,
                IssueCodes.DATA_CENTRE_MISSING);
        assertEquals(List.of(), issues(serving(DATA_CENTRE, "kv-transfer layer-by-layer over data-centre"),
                IssueCodes.DATA_CENTRE_MISSING));
    }

    @Test
    void shouldMapTheKvTransfersNetworkScaleOutUnlessDataCentreIsWritten() throws Exception {
        InferenceSpec over = mapper.toInference(EcoreUtil2.typeSelect(
                serving(DATA_CENTRE, "kv-transfer layer-by-layer over data-centre").getElements(), Inference.class).get(0));
        assertEquals(NetworkPlacement.DATA_CENTRE, over.kvOver());
        assertEquals(true, over.layerByLayerKvTransfer());
        InferenceSpec plain = mapper.toInference(EcoreUtil2.typeSelect(
                serving(DATA_CENTRE, "").getElements(), Inference.class).get(0));
        assertEquals(NetworkPlacement.SCALE_OUT, plain.kvOver());
    }

    /** The Gaudi cluster with {@code network} beside its fabric and a ring sweep ending in {@code over}. */
    private Model collective(String network, String over) throws Exception {
        return gaudi(network, """
                benchmark Sweep {
                    all-reduce ring
                    on Gaudi
                    sizes 1 MiB, 1 GiB
                    %s
                }
                """.formatted(over));
    }

    private List<Issue> issues(Model model, String code) {
        return validation.validate(model).stream().filter(issue -> code.equals(issue.getCode())).toList();
    }

    @Test
    void shouldRefuseADataCentreSwitchThatDoesNotSpeakItsFabricAndAcceptOneThatDoes() throws Exception {
        // RoCEv2 (IBTA, Ethernet) on QM9700, which speaks InfiniBand_NDR only, as the single switch and as a leaf tier;
        // on Tomahawk5_400, which speaks RoCEv2 at its 400 Gb/s, nothing
        String imports = "import fabric.catalog.nvidia.*\nimport fabric.catalog.broadcom.*\n";
        List<Issue> single = issues(parser.parse(imports + gaudiText("data-centre RoCEv2 single-switch { switch QM9700 }"
                + " nic 12.5 GB/s")), IssueCodes.FABRIC_MISMATCH);
        assertEquals(1, single.size());
        assertEquals("Switch QM9700 does not speak RoCEv2 (it speaks InfiniBand_NDR): choose a switch that speaks"
                + " RoCEv2, or a fabric that QM9700 speaks.", single.get(0).getMessage());
        assertEquals(List.of("RoCEv2"), List.of(single.get(0).getData()));
        validation.assertError(parser.parse(imports + gaudiText("data-centre RoCEv2 fat-tree { tiers 2 switch"
                + " Tomahawk5_400 leaf 2 x QM9700 } nic 12.5 GB/s")), Literals.TIER_LEVEL, IssueCodes.FABRIC_MISMATCH,
                "Switch QM9700 does not speak RoCEv2");
        assertEquals(List.of(), issues(parser.parse(imports + gaudiText("data-centre RoCEv2 single-switch { switch"
                + " Tomahawk5_400 } nic 12.5 GB/s")), IssueCodes.FABRIC_MISMATCH));
    }

    @Test
    void shouldRefuseABenchmarkOverADataCentreNetworkTheClusterDoesNotHave() throws Exception {
        List<Issue> issues = issues(collective("", "over data-centre"), IssueCodes.DATA_CENTRE_MISSING);
        assertEquals(1, issues.size());
        // The data names the cluster, then what the quick fix writes in place of 'data-centre'.
        assertEquals(List.of("Gaudi", "scale-out"), List.of(issues.get(0).getData()));
    }

    @Test
    void shouldAcceptABenchmarkOverTheClustersDataCentreNetwork() throws Exception {
        Model model = collective(DATA_CENTRE, "over data-centre");
        assertEquals(List.of(), validation.validate(model).stream()
                .filter(issue -> issue.getSeverity() == Severity.ERROR).toList());
        Benchmark benchmark = (Benchmark) model.getElements().stream().filter(Benchmark.class::isInstance)
                .findFirst().orElseThrow();
        assertEquals(NetworkPlacement.DATA_CENTRE, mapper.toBenchmark(benchmark).over());
    }

    @Test
    void shouldAcceptABenchmarkOverTheScaleOutFabricOfAClusterWithoutADataCentreNetwork() throws Exception {
        assertEquals(List.of(), issues(collective("", "over scale-out"), IssueCodes.DATA_CENTRE_MISSING));
        Benchmark benchmark = (Benchmark) collective("", "").getElements().stream()
                .filter(Benchmark.class::isInstance).findFirst().orElseThrow();
        assertEquals(NetworkPlacement.SCALE_OUT, mapper.toBenchmark(benchmark).over());
    }

    @Test
    void shouldRefuseANetworkToRunOverOnExpertParallelKernels() throws Exception {
        Model model = gaudi(DATA_CENTRE, """
                benchmark Kernels {
                    expert-parallel normal tokens 4096 hidden 7168 top-k 8 experts 32
                    on Gaudi
                    over data-centre
                }
                """);
        assertEquals(1, issues(model, IssueCodes.EXPERT_KERNEL_SETTING).size());
    }
}
