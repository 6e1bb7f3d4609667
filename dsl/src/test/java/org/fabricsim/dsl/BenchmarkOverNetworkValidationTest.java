package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.testing.InjectWith;
import org.eclipse.xtext.testing.extensions.InjectionExtension;
import org.eclipse.xtext.testing.util.ParseHelper;
import org.eclipse.xtext.testing.validation.ValidationTestHelper;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.tests.FabricInjectorProvider;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.NetworkPlacement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.google.inject.Inject;

/** A collective benchmark that names the cluster network it runs over ({@code over data-centre}). */
@ExtendWith(InjectionExtension.class)
@InjectWith(FabricInjectorProvider.class)
class BenchmarkOverNetworkValidationTest {
    private static final String DATA_CENTRE = "data-centre RoCEv2_200 single-switch nic 12.5 GB/s";

    @Inject
    private ParseHelper<Model> parser;

    @Inject
    private ValidationTestHelper validation;

    @Inject
    private SpecMapper mapper;

    /** Four 8-card Gaudi 3 nodes on one switch, {@code network} beside it, and a ring sweep ending in {@code over}. */
    private Model collective(String network, String over) throws Exception {
        return parser.parse("""
                import fabric.catalog.intel.*
                import fabric.catalog.standards.*
                cluster Gaudi {
                    nodes 4 x Gaudi3_HLS
                    scale-out RoCEv2_200 single-switch
                    %s
                }
                benchmark Sweep {
                    all-reduce ring
                    on Gaudi
                    sizes 1 MiB, 1 GiB
                    %s
                }
                """.formatted(network, over));
    }

    private List<Issue> issues(Model model, String code) {
        return validation.validate(model).stream().filter(issue -> code.equals(issue.getCode())).toList();
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
        Model model = parser.parse("""
                import fabric.catalog.intel.*
                import fabric.catalog.standards.*
                cluster Gaudi {
                    nodes 4 x Gaudi3_HLS
                    scale-out RoCEv2_200 single-switch
                    %s
                }
                benchmark Kernels {
                    expert-parallel normal tokens 4096 hidden 7168 top-k 8 experts 32
                    on Gaudi
                    over data-centre
                }
                """.formatted(DATA_CENTRE));
        assertEquals(1, issues(model, IssueCodes.EXPERT_KERNEL_SETTING).size());
    }
}
