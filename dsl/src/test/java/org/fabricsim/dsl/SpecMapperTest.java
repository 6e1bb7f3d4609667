package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.fabricsim.dsl.fabric.Accelerator;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.IterationHost;
import org.fabricsim.runtime.spec.PoolFeatures;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.junit.jupiter.api.Test;

import com.google.inject.Inject;

class SpecMapperTest extends FabricModelTest {

    @Inject
    private com.google.inject.Provider<XtextResourceSet> resourceSets;

    @Test
    void shouldNormalizeUnitsToBytesPerSecondPicosecondsAndBytes() throws Exception {
        Model model = parser.parse("""
                package p
                cluster C { nodes 4 x 8 accelerators link 400 Gb/s latency 1.5 us }
                benchmark Bench { all-reduce ring on C sizes 1 MiB, 2 GB, 1 GiB }
                """);
        validation.assertNoErrors(model);
        StudySpec study = mapper.toStudy(model, "p.fabric");
        CollectiveBenchmarkSpec benchmark = (CollectiveBenchmarkSpec) study.workloads().get(0);
        ClusterSpec cluster = benchmark.cluster();
        assertEquals("p", study.model());
        assertEquals("p.Bench", benchmark.name());
        assertEquals("p.C", cluster.name());
        assertEquals(32, cluster.accelerators());
        // 400 Gb/s = 400e9 bits/s / 8 = 50e9 bytes/s; 1.5 us = 1.5e6 ps.
        assertEquals(50e9, cluster.node().nic().portBytesPerSecond());
        assertEquals(1_500_000L, cluster.scaleOut().fabric().latencyPs());
        // 1 MiB = 2^20; 2 GB = 2e9 (decimal); 1 GiB = 2^30.
        assertEquals(List.of(1_048_576L, 2_000_000_000L, 1_073_741_824L), benchmark.sizesBytes());
    }

    @Test
    void shouldMapTheFp8EfficiencyApartFromTheBf16One() throws Exception {
        Model model = parser.parse("""
                vendor V
                accelerator Measured { vendor V compute bf16 1000 TFLOPS, fp8 2000 TFLOPS memory 80 GB bandwidth 3 TB/s
                    efficiency 80 % fp8-efficiency 70 % }
                accelerator Unmeasured { vendor V compute bf16 1000 TFLOPS memory 80 GB bandwidth 3 TB/s efficiency 80 % }
                """);
        validation.assertNoErrors(model);
        List<Accelerator> accelerators = EcoreUtil2.typeSelect(model.getElements(), Accelerator.class);
        AcceleratorSpec measured = mapper.toAccelerator(accelerators.get(0));
        assertEquals(0.80, measured.matmulEfficiency(), 1e-12);
        assertEquals(0.70, measured.fp8MatmulEfficiency(), 1e-12);
        assertEquals(0, mapper.toAccelerator(accelerators.get(1)).fp8MatmulEfficiency(), "none stated: 0, BF16's applies");
    }

    @Test
    void shouldMapAMeasuredMemoryEfficiencyAndLeaveItUnsetWhereNoneIsStated() throws Exception {
        Model model = parser.parse("""
                vendor V
                accelerator Measured { vendor V compute bf16 1307 TFLOPS memory 192 GB bandwidth 5.3 TB/s
                    memory-efficiency 77.5 % }
                accelerator Unmeasured { vendor V compute bf16 989 TFLOPS memory 80 GB bandwidth 3.35 TB/s }
                """);
        validation.assertNoErrors(model);
        List<Accelerator> accelerators = EcoreUtil2.typeSelect(model.getElements(), Accelerator.class);
        assertEquals(0.775, mapper.toAccelerator(accelerators.get(0)).memoryEfficiency(), 1e-12);
        assertEquals(0, mapper.toAccelerator(accelerators.get(1)).memoryEfficiency(),
                "none stated: 0, the compute model's element-wise fraction applies");
    }

    @Test
    void shouldMapAMeasuredScaleUpEfficiencyAndDeriveTheLinkRateFromIt() throws Exception {
        Model model = parser.parse("""
                vendor V
                accelerator Cut { vendor V compute bf16 989 TFLOPS memory 80 GB bandwidth 3.35 TB/s
                    scale-up 8 x 25 GB/s scale-up-efficiency 80 % }
                accelerator Full { vendor V compute bf16 989 TFLOPS memory 80 GB bandwidth 3.35 TB/s scale-up 8 x 25 GB/s }
                """);
        validation.assertNoErrors(model);
        List<Accelerator> accelerators = EcoreUtil2.typeSelect(model.getElements(), Accelerator.class);
        AcceleratorSpec cut = mapper.toAccelerator(accelerators.get(0));
        // 8 ports x 25 GB/s = 200e9 bytes/s per direction, of which the measurement says 80% is reached.
        assertEquals(200e9, cut.scaleUpBytesPerSecond());
        assertEquals(0.80, cut.scaleUpEfficiency(), 1e-12);
        assertEquals(0, mapper.toAccelerator(accelerators.get(1)).scaleUpEfficiency(), "none stated: the default applies");
    }

    @Test
    void shouldGiveADragonflyWithoutGlobalLinksTheFewestThatJoinEveryPairOfGroupsEqually() throws Exception {
        Model model = parser.parse("""
                package p
                import fabric.catalog.intel.*
                import fabric.catalog.standards.*
                cluster Fly {
                    nodes 16 x Gaudi3_HLS
                    scale-out RoCEv2_200 dragonfly { groups 5 routers-per-group 6 }
                }
                benchmark Bench { all-reduce ring on Fly sizes 1 MiB }
                """);
        validation.assertNoErrors(model);
        ClusterSpec cluster = ((CollectiveBenchmarkSpec) mapper.toStudy(model, "p.fabric").workloads().get(0)).cluster();
        // 4 other groups, 6 routers: h = 4 / gcd(6, 4) = 2, so 6 x 2 = 12 links, 3 to every other group.
        assertEquals(new TopologySpec.Dragonfly(null, 5, 6, 2), cluster.scaleOut().topology());
    }

    @Test
    void shouldMapFlowsPerPeerAndDefaultToNcclsTwoConnections() throws Exception {
        Model model = parser.parse("""
                package p
                import fabric.catalog.nvidia.*
                import fabric.catalog.standards.*
                fabric Spread { vendor IBTA scope scale-out open-standard link 400 Gb/s routing ecmp flows-per-peer 16 }
                node N { accelerators 8 x H100_SXM nics 8 x ConnectX7 rail-aligned }
                cluster Wide { nodes 2 x N scale-out Spread single-switch }
                cluster Plain { nodes 2 x N scale-out RoCEv2 single-switch }
                """);
        List<Cluster> clusters = EcoreUtil2.typeSelect(model.getElements(), Cluster.class);
        assertEquals(16, mapper.toCluster(clusters.get(0)).scaleOut().fabric().flowsPerPeer());
        // Not written: NCCL_NCHANNELS_PER_NET_PEER = 2 connections of one queue pair each.
        assertEquals(2, mapper.toCluster(clusters.get(1)).scaleOut().fabric().flowsPerPeer());
    }

    @Test
    void shouldResolveATraceFileBesideTheModelFile() throws Exception {
        Model model = parser.parse("""
                cluster C { nodes 1 x 8 accelerators link 1 GB/s latency 1 us }
                model M transformer { layers 2 hidden 64 heads 4 vocab 100 }
                inference Serve {
                    model M on C
                    serving pool { replicas 1 parallel tensor 8 }
                    traffic { arrival trace "traces/day1.csv" prompt fixed 10 output fixed 10 }
                }
                """, URI.createFileURI("/models/serving/serve.fabric"), resourceSets.get());
        InferenceSpec inference = (InferenceSpec) mapper.toStudy(model, "serve.fabric").workloads().get(0);
        assertEquals(new InferenceSpec.Trace("/models/serving/traces/day1.csv"), inference.traffic().arrival());
        assertEquals(0, inference.traffic().requests(), "no count stated: the whole trace replays");
    }

    @Test
    void shouldDrawTheDefaultRequestCountOnlyForGeneratedTraffic() throws Exception {
        Model model = parser.parse("""
                cluster C { nodes 1 x 8 accelerators link 1 GB/s latency 1 us }
                model M transformer { layers 2 hidden 64 heads 4 vocab 100 }
                inference Drawn {
                    model M on C
                    serving pool { replicas 1 parallel tensor 8 }
                    traffic { arrival poisson 5 /s prompt fixed 10 output fixed 10 }
                }
                inference Stated {
                    model M on C
                    serving pool { replicas 1 parallel tensor 8 }
                    traffic { arrival trace "day1.csv" prompt fixed 10 output fixed 10 requests 250 }
                }
                """, URI.createFileURI("/models/serving/serve.fabric"), resourceSets.get());
        List<?> workloads = mapper.toStudy(model, "serve.fabric").workloads();
        assertEquals(10_000, ((InferenceSpec) workloads.get(0)).traffic().requests());
        assertEquals(250, ((InferenceSpec) workloads.get(1)).traffic().requests());
    }

    @Test
    void shouldKeepTheKvCacheAtTheWeightPrecisionUnlessStated() throws Exception {
        Model model = parser.parse("""
                cluster C { nodes 1 x 8 accelerators link 1 GB/s latency 1 us }
                model M transformer { layers 2 hidden 64 heads 4 vocab 100 }
                inference Follows {
                    model M on C
                    precision fp8
                    serving pool { replicas 1 parallel tensor 8 }
                    traffic { arrival poisson 5 /s prompt fixed 10 output fixed 10 }
                }
                inference Stated {
                    model M on C
                    precision fp8
                    kv-cache bf16
                    serving pool { replicas 1 parallel tensor 8 }
                    traffic { arrival poisson 5 /s prompt fixed 10 output fixed 10 }
                }
                """);
        List<?> workloads = mapper.toStudy(model, "serve.fabric").workloads();
        assertEquals(Precision.FP8, ((InferenceSpec) workloads.get(0)).kvCachePrecision());
        assertEquals(Precision.BF16, ((InferenceSpec) workloads.get(1)).kvCachePrecision());
        assertEquals(Precision.FP8, ((InferenceSpec) workloads.get(1)).precision());
    }

    @Test
    void shouldPreemptAndMixUnlessAPoolStatesNoEvictAdmissionAndPrefillFirst() throws Exception {
        Model model = parser.parse("""
                cluster C { nodes 2 x 8 accelerators link 1 GB/s latency 1 us }
                model M transformer { layers 2 hidden 64 heads 4 vocab 100 }
                inference Split {
                    model M on C
                    prefill pool { replicas 1 parallel tensor 8 }
                    decode pool { replicas 1 parallel tensor 8 admission no-evict prefill-first iteration-host 4 ms }
                    traffic { arrival all-at-once prompt fixed 10 output fixed 10 }
                }
                """);
        List<InferenceSpec.Pool> pools = ((InferenceSpec) mapper.toStudy(model, "split.fabric").workloads().get(0)).pools();
        assertEquals(List.of(PoolFeatures.Admission.PREEMPT, PoolFeatures.Admission.NO_EVICT),
                pools.stream().map(pool -> pool.features().admission()).toList());
        assertEquals(List.of(PoolFeatures.Batching.MIXED, PoolFeatures.Batching.PREFILL_FIRST),
                pools.stream().map(pool -> pool.features().batching()).toList());
        // 4 ms = 0.004 s, serialised with the GPU (no 'overlapped'); none on the pool that states none
        assertEquals(List.of(IterationHost.NONE, new IterationHost(0.004, 0, false)),
                pools.stream().map(pool -> pool.features().host()).toList());
    }

    @Test
    void shouldMapAHostTimePerSequenceBesideTheIterationsIntoSeconds() throws Exception {
        Model model = parser.parse("""
                import fabric.catalog.nvidia.*
                cluster C { nodes 1 x DGX_H100 }
                model M transformer { layers 2 hidden 64 heads 4 vocab 100 }
                inference Serve {
                    model M on C
                    serving pool { replicas 2 parallel tensor 4 iteration-host 4 ms + 64 us per sequence overlapped }
                    traffic { arrival all-at-once prompt fixed 10 output fixed 10 }
                }
                """);
        validation.assertNoErrors(model);
        InferenceSpec.Pool pool = ((InferenceSpec) mapper.toStudy(model, "serve.fabric").workloads().get(0)).pools().get(0);
        // 4 ms = 0.004 s and 64 us = 0.064 ms = 6.4e-5 s per sequence, overlapped
        assertEquals(new IterationHost(0.004, 6.4e-5, true), pool.features().host());
    }

    @Test
    void shouldMapSeparateActivationQuantizationOnlyOnThePoolThatStatesIt() throws Exception {
        Model model = parser.parse("""
                import fabric.catalog.nvidia.*
                cluster C { nodes 2 x DGX_H100 scale-out InfiniBand_NDR single-switch { switch QM9700 } }
                model M transformer { layers 2 hidden 64 heads 4 vocab 100 }
                inference Split {
                    model M on C
                    precision fp8
                    prefill pool { replicas 1 parallel tensor 4 separate-activation-quantization }
                    decode pool { replicas 1 parallel tensor 4 }
                    traffic { arrival all-at-once prompt fixed 10 output fixed 10 }
                }
                """);
        validation.assertNoErrors(model);
        List<InferenceSpec.Pool> pools = ((InferenceSpec) mapper.toStudy(model, "split.fabric").workloads().get(0)).pools();
        assertEquals(List.of(true, false), pools.stream().map(pool -> pool.features().separateQuantization()).toList());
    }

    @Test
    void shouldMapAnExpertBalanceOnlyOnThePoolThatStatesIt() throws Exception {
        Model model = parser.parse("""
                import fabric.catalog.nvidia.*
                cluster C { nodes 2 x DGX_H100 scale-out InfiniBand_NDR single-switch { switch QM9700 } }
                model M moe { layers 2 hidden 64 heads 4 vocab 100 experts 16 top-k 2 expert-ffn 64 }
                inference Split {
                    model M on C
                    prefill pool { replicas 1 parallel data 8 expert 8 expert-balance 0.80 }
                    decode pool { replicas 1 parallel data 8 expert 8 }
                    traffic { arrival all-at-once prompt fixed 10 output fixed 10 }
                }
                """);
        validation.assertNoErrors(model);
        List<InferenceSpec.Pool> pools = ((InferenceSpec) mapper.toStudy(model, "split.fabric").workloads().get(0)).pools();
        assertEquals(List.of(0.80, PoolFeatures.BALANCE_NOT_STATED),
                pools.stream().map(pool -> pool.features().expertBalance()).toList());
    }

    @Test
    void shouldValidateAndMapTheQuickstartExample() throws Exception {
        Path quickstart = Path.of("../examples/quickstart/ring-allreduce.fabric");
        Model model = parser.parse(Files.readString(quickstart));
        validation.assertNoIssues(model);
        StudySpec study = mapper.toStudy(model, quickstart.toString());
        assertEquals(1, study.workloads().size());
        assertEquals(16, ((CollectiveBenchmarkSpec) study.workloads().get(0)).cluster().accelerators());
    }
}
