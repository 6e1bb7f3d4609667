package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.testing.InjectWith;
import org.eclipse.xtext.testing.extensions.InjectionExtension;
import org.eclipse.xtext.testing.util.ParseHelper;
import org.eclipse.xtext.testing.validation.ValidationTestHelper;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.tests.FabricInjectorProvider;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.google.inject.Inject;

/** Settings the engine does not read yet say so with an info on the setting, and stay quiet when left out. */
@ExtendWith(InjectionExtension.class)
@InjectWith(FabricInjectorProvider.class)
class IgnoredSettingsValidationTest {

    @Inject
    private ParseHelper<Model> parser;

    @Inject
    private ValidationTestHelper validation;

    /** A scale-out fabric with {@code extra} inside its block. */
    private Model fabric(String extra) throws Exception {
        return parser.parse("""
                vendor V
                fabric F {
                    vendor V
                    scope scale-out
                    open-standard
                    link 400 Gb/s latency 1 us
                    %s
                }
                """.formatted(extra));
    }

    /** A 64-port switch of fabric F with {@code extra} inside its block. */
    private Model switchWith(String extra) throws Exception {
        return parser.parse("""
                vendor V
                fabric F { vendor V scope scale-out open-standard link 400 Gb/s }
                switch S {
                    vendor V
                    ports 64 x 400 Gb/s
                    speaks F
                    %s
                }
                """.formatted(extra));
    }

    /** An accelerator with {@code extra} inside its block. */
    private Model accelerator(String extra) throws Exception {
        return parser.parse("""
                vendor V
                accelerator A {
                    vendor V
                    compute bf16 989 TFLOPS
                    memory 80 GB bandwidth 3.35 TB/s
                    %s
                }
                """.formatted(extra));
    }

    /** A node of 8 accelerators in one NVLink-like domain, its line ending in {@code domainTail}. */
    private Model node(String domain) throws Exception {
        return parser.parse("""
                vendor V
                fabric Link { vendor V scope scale-up single-source link 450 GB/s in-network-reduction }
                switch LinkSwitch { vendor V ports 64 x 450 GB/s speaks Link in-network-reduction }
                accelerator A { vendor V compute bf16 989 TFLOPS memory 80 GB bandwidth 3.35 TB/s }
                node N {
                    accelerators 8 x A
                    scale-up Link %s
                }
                """.formatted(domain));
    }

    /** A sketched cluster with {@code extra} inside its block, then {@code definitions}. */
    private List<Issue> infos(Model model, String code) {
        List<Issue> issues = validation.validate(model);
        assertTrue(issues.stream().noneMatch(i -> i.getSeverity() == Severity.ERROR), issues::toString);
        return issues.stream().filter(i -> code.equals(i.getCode())).toList();
    }

    private void assertInfo(Model model, EClass type, String code, String message) {
        validation.assertIssue(model, type, code, Severity.INFO, message);
        assertEquals(List.of(Severity.INFO), infos(model, code).stream().map(Issue::getSeverity).distinct().toList());
    }

    @Test
    void shouldSayCongestionControlDoesNotChangeResultsOnAFabricThatDoesNotSayHowItHandlesOverload() throws Exception {
        assertInfo(fabric("congestion-control dcqcn"), Literals.FABRIC, IssueCodes.CONGESTION_CONTROL_NOT_SIMULATED,
                "'congestion-control dcqcn' is recorded but does not change simulated results yet: the fabric does"
                        + " not say how it handles overload");
        assertEquals(List.of(), infos(fabric(""), IssueCodes.CONGESTION_CONTROL_NOT_SIMULATED));
        assertEquals(List.of(), infos(fabric("lossless pfc congestion-control dcqcn"),
                IssueCodes.CONGESTION_CONTROL_NOT_SIMULATED), "dcqcn selects its behaviour row");
        assertEquals(List.of(), infos(fabric("lossless credit-based congestion-control ib-cc"),
                IssueCodes.CONGESTION_CONTROL_NOT_SIMULATED), "ib-cc selects its behaviour row");
    }

    @Test
    void shouldLeaveACongestionControlOnAFabricThatStatesItsFlowControlToTheBehaviourRow() throws Exception {
        // Each selects its own row (uec-cc its Swift rows, with an info on what stays approximated).
        for (String cc : List.of("hpcc", "uec-cc", "receiver-driven", "scheduled")) {
            assertEquals(List.of(), infos(fabric("lossless pfc congestion-control " + cc),
                    IssueCodes.CONGESTION_CONTROL_NOT_SIMULATED), cc);
        }
    }

    @Test
    void shouldSayABareLosslessRunsAsTheIdeal() throws Exception {
        assertInfo(fabric("lossless"), Literals.FABRIC, IssueCodes.LOSS_NOT_SIMULATED,
                "'lossless' is recorded but does not change simulated results yet: it does not say how");
        for (String stated : List.of("", "lossless pfc", "lossless credit-based", "lossless link-level-retry",
                "lossy")) {
            assertEquals(List.of(), infos(fabric(stated), IssueCodes.LOSS_NOT_SIMULATED), stated);
        }
    }

    @Test
    void shouldSayAScaleUpFabricsFlowControlChangesNothing() throws Exception {
        Model scaleUp = parser.parse("""
                vendor V
                fabric F { vendor V scope scale-up single-source link 450 GB/s lossless credit-based }
                """);
        assertInfo(scaleUp, Literals.FABRIC, IssueCodes.LOSS_NOT_SIMULATED, "A scale-up fabric's 'lossless'");
    }

    @Test
    void shouldSayWhichOfAFabricsRoutingPoliciesItsClustersRouteBy() throws Exception {
        assertInfo(fabric("routing ecmp, adaptive"), Literals.FABRIC, IssueCodes.FABRIC_ROUTING_NOT_SIMULATED,
                "The fabric's 'routing ecmp, adaptive' is recorded but does not change simulated results yet: a"
                        + " cluster on it routes by 'adaptive'");
        assertInfo(fabric("routing valiant"), Literals.FABRIC, IssueCodes.FABRIC_ROUTING_NOT_SIMULATED,
                "routes by 'ecmp'");
        for (String routing : List.of("", "routing adaptive", "routing packet-spraying", "routing ecmp")) {
            assertEquals(List.of(), infos(fabric(routing), IssueCodes.FABRIC_ROUTING_NOT_SIMULATED), routing);
        }
    }

    /** A 64-port switch with a 64 MB buffer speaking fabric F, whose block holds {@code fabricExtra}. */
    private Model bufferedSwitchOn(String fabricExtra) throws Exception {
        return parser.parse("""
                vendor V
                fabric F { vendor V scope scale-out open-standard link 400 Gb/s %s }
                switch S { vendor V ports 64 x 400 Gb/s speaks F buffer 64 MB }
                """.formatted(fabricExtra));
    }

    @Test
    void shouldSaySwitchBufferDoesNotReachTheFlowModelWhereNoFabricOfItsReadsIt() throws Exception {
        String said = "the flow model reads it only on a fabric that drops without congestion control";
        assertInfo(switchWith("buffer 64 MB"), Literals.SWITCH, IssueCodes.SWITCH_BUFFER_NOT_SIMULATED, said);
        assertInfo(bufferedSwitchOn("lossless credit-based"), Literals.SWITCH, IssueCodes.SWITCH_BUFFER_NOT_SIMULATED,
                said);
        assertInfo(bufferedSwitchOn("lossless pfc congestion-control dcqcn"), Literals.SWITCH,
                IssueCodes.SWITCH_BUFFER_NOT_SIMULATED, said);
        assertEquals(List.of(), infos(switchWith(""), IssueCodes.SWITCH_BUFFER_NOT_SIMULATED));
    }

    @Test
    void shouldStayQuietOnASwitchBufferThatDropsOrPausesInTheFlowModel() throws Exception {
        assertEquals(List.of(), infos(bufferedSwitchOn("lossless pfc congestion-control none"),
                IssueCodes.SWITCH_BUFFER_NOT_SIMULATED));
        assertEquals(List.of(), infos(bufferedSwitchOn("lossless pfc"), IssueCodes.SWITCH_BUFFER_NOT_SIMULATED));
        assertEquals(List.of(), infos(bufferedSwitchOn("lossy"), IssueCodes.SWITCH_BUFFER_NOT_SIMULATED));
    }

    @Test
    void shouldSayAScheduledSwitchChangesNothingWhereNoFabricOfItsLeavesItTheScheduling() throws Exception {
        String said = "'scheduled' is recorded but does not change simulated results yet";
        assertInfo(switchWith("scheduled"), Literals.SWITCH, IssueCodes.SWITCH_SCHEDULED_NOT_SIMULATED, said);
        assertInfo(scheduledSwitchOn("lossless pfc congestion-control dcqcn"), Literals.SWITCH,
                IssueCodes.SWITCH_SCHEDULED_NOT_SIMULATED, said);
        assertEquals(List.of(), infos(switchWith(""), IssueCodes.SWITCH_SCHEDULED_NOT_SIMULATED));
    }

    @Test
    void shouldStayQuietOnAScheduledSwitchWhoseFabricStatesItsFlowControlAndNoCongestionControl() throws Exception {
        assertEquals(List.of(), infos(scheduledSwitchOn("lossy congestion-control none"),
                IssueCodes.SWITCH_SCHEDULED_NOT_SIMULATED));
        assertEquals(List.of(), infos(scheduledSwitchOn("lossless pfc"), IssueCodes.SWITCH_SCHEDULED_NOT_SIMULATED));
    }

    @Test
    void shouldSayATopologyMixingScheduledAndUnscheduledSwitchesIsNotScheduled() throws Exception {
        assertInfo(scheduledTree("Plain"), Literals.FAT_TREE_TOPOLOGY, IssueCodes.SWITCH_SCHEDULED_NOT_SIMULATED,
                "every switch it names is scheduled, and Plain is not");
        assertEquals(List.of(), infos(scheduledTree("Sched"), IssueCodes.SWITCH_SCHEDULED_NOT_SIMULATED));
    }

    private Model scheduledSwitchOn(String fabricExtra) throws Exception {
        return parser.parse("""
                vendor V
                fabric F { vendor V scope scale-out open-standard link 400 Gb/s %s }
                switch S { vendor V ports 64 x 400 Gb/s speaks F scheduled }
                """.formatted(fabricExtra));
    }

    /** A two-tier tree of scheduled leaves whose spines are {@code spine}. */
    private Model scheduledTree(String spine) throws Exception {
        return parser.parse("""
                vendor V
                fabric F { vendor V scope scale-out open-standard link 400 Gb/s lossy congestion-control none }
                switch Sched { vendor V ports 64 x 400 Gb/s speaks F scheduled }
                switch Plain { vendor V ports 64 x 400 Gb/s speaks F }
                nic One { vendor V ports 1 x 400 Gb/s speaks F }
                accelerator A { vendor V compute bf16 989 TFLOPS memory 80 GB bandwidth 3.35 TB/s }
                node N { accelerators 1 x A nics 1 x One }
                cluster C {
                    nodes 64 x N
                    scale-out F fat-tree { tiers 2 leaf 4 x Sched spine 2 x %s }
                }
                """.formatted(spine));
    }

    @Test
    void shouldSayAFullMeshHasNoSwitchesToCount() throws Exception {
        assertInfo(node("full-mesh domain 8 switches 4 x LinkSwitch"), Literals.SCALE_UP_DOMAIN,
                IssueCodes.SCALE_UP_SWITCHES_NOT_SIMULATED, "'switches 4 x ...' is recorded");
        assertEquals(List.of(), infos(node("full-mesh domain 8"), IssueCodes.SCALE_UP_SWITCHES_NOT_SIMULATED));
    }

    @Test
    void shouldStayQuietOnTheSwitchCountOfASwitchedDomainWhichCapsItsRate() throws Exception {
        assertEquals(List.of(), infos(node("switched domain 8 switches 4 x LinkSwitch"),
                IssueCodes.SCALE_UP_SWITCHES_NOT_SIMULATED));
    }

    @Test
    void shouldSayTdpDoesNotChangeResultsYet() throws Exception {
        assertInfo(accelerator("tdp 700 W"), Literals.ACCELERATOR, IssueCodes.TDP_NOT_SIMULATED, "'tdp' is recorded");
        assertEquals(List.of(), infos(accelerator(""), IssueCodes.TDP_NOT_SIMULATED));
    }

    @Test
    void shouldSayAStudysToleranceChangesNothingForAnExpertParallelKernel() throws Exception {
        // Expert-parallel kernels solve exactly; only a collective benchmark solves to the study's tolerance.
        String study = """
                cluster Pair { nodes 2 x 8 accelerators link 400 Gb/s latency 1 us }
                benchmark Dispatch { expert-parallel low-latency tokens 128 hidden 7168 top-k 8 experts 256 on Pair }
                study S { simulate Dispatch %s }
                """;
        assertInfo(parser.parse(study.formatted("tolerance 1 %")), Literals.STUDY, IssueCodes.TOLERANCE_NOT_SIMULATED,
                "'tolerance' is recorded");
        assertEquals(List.of(), infos(parser.parse(study.formatted("")), IssueCodes.TOLERANCE_NOT_SIMULATED));
    }

    /** A deployment of {@code pools} on four Gaudi 3 nodes with {@code extra} after its traffic. */
    private Model deployment(String pools, String extra) throws Exception {
        return parser.parse("""
                import fabric.catalog.intel.*
                import fabric.catalog.standards.*
                cluster Gaudi { nodes 4 x Gaudi3_HLS scale-out RoCEv2_200 single-switch }
                model Big transformer { layers 96 hidden 12288 heads 96 vocab 50000 }
                inference Serve {
                    model Big on Gaudi
                    %s
                    traffic { arrival poisson 1 /s prompt fixed 1000 output fixed 200 }
                    %s
                }
                """.formatted(pools, extra));
    }

    @Test
    void shouldSayAKvTransferChangesNothingWithoutAPrefillAndADecodePool() throws Exception {
        String serving = "serving pool { replicas 1 parallel tensor 8 }";
        String split = "prefill pool { replicas 1 parallel tensor 8 } decode pool { replicas 1 parallel tensor 8 }";
        assertInfo(deployment(serving, "kv-transfer layer-by-layer"), Literals.INFERENCE,
                IssueCodes.KV_TRANSFER_NOT_SIMULATED, "'kv-transfer' is recorded but does not change simulated results");
        assertInfo(deployment(serving, "kv-transfer over scale-out"), Literals.INFERENCE,
                IssueCodes.KV_TRANSFER_NOT_SIMULATED, "this deployment does not have both");
        assertEquals(List.of(), infos(deployment(split, "kv-transfer layer-by-layer"),
                IssueCodes.KV_TRANSFER_NOT_SIMULATED), "a disaggregated deployment hands its caches over");
        assertEquals(List.of(), infos(deployment(serving, ""), IssueCodes.KV_TRANSFER_NOT_SIMULATED));
    }
}
