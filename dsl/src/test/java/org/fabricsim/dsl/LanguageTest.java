package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.xtext.resource.SaveOptions;
import org.eclipse.xtext.serializer.ISerializer;
import org.fabricsim.dsl.fabric.FabricPackage;
import org.fabricsim.dsl.fabric.Model;
import org.junit.jupiter.api.Test;

import com.google.inject.Inject;

/** Every construct of the language in one model: it parses, validates, and survives a serialization round trip. */
class LanguageTest extends FabricModelTest {

    static final String EVERY_CONSTRUCT = """
            package demo.constructs

            import fabric.catalog.standards.*

            /** A maker. */
            vendor Acme "Acme Corporation"

            accelerator A1 {
                vendor Acme
                architecture acme1 compute-units 96
                compute bf16 500 TFLOPS, fp8 1000 TFLOPS
                memory 96 GB bandwidth 4 TB/s
                efficiency 75 %
                scale-up 8 x 50 GB/s
                tdp 600 W
            }

            fabric AcmeLink {
                vendor Acme
                scope scale-up
                single-source
                accelerators Acme only
                link 50 GB/s latency 200 ns
                lossless credit-based
                congestion-control none
                routing adaptive, packet-spraying
                in-network-reduction "AcmeReduce"
            }

            fabric AcmeNet {
                vendor Acme
                scope scale-out
                open-standard
                link 400 Gb/s latency 500 ns
                lossy
                congestion-control dcqcn { kmin 100 KB kmax 400 KB pmax 20 % increase-timer 300 us }
                mtu 4096 B
                bit-error-rate 1e-12
                routing ecmp
            }

            nic N1 {
                vendor Acme
                ports 1 x 400 Gb/s
                speaks AcmeNet
                pcie gen5 x16
                latency 1 us
            }

            switch S1 {
                vendor Acme
                ports 64 x 400 Gb/s
                speaks AcmeNet, AcmeLink
                latency 300 ns
                buffer 64 MB
                in-network-reduction
                scheduled
            }

            node Box {
                accelerators 8 x A1
                scale-up AcmeLink switched domain 8 switches 4 x S1
                nics 8 x N1 rail-aligned
                pcie gen5 x16
            }

            cost Rent {
                accelerator-hour $2.50/h
                capex $250000 per node over 4 years
                power 10 kW per node at $0.08/kWh
                pue 1.3
            }

            reliability R {
                mtbf accelerator 50000 h
                mtbf switch 200000 h
                rate software 0.57 per-1000-node-days
                checkpoint every 30 s taking 5 s
                restart 10 s
                repair 4 h
                spares 2
                stragglers 0.05 at 0.7
                window 720 h
            }

            reliability Written {
                rate job 8.7 per-1000-node-days
                domain rack 8 nodes mtbf 5000 h
                checkpoint every 1 h writing 5 TB at 2 TB/s
            }

            cluster FatTreeCluster {
                nodes 64 x Box
                scale-out AcmeNet fat-tree {
                    switch S1
                    tiers 2
                    oversubscription 1:1, 2:1
                    rails 8
                    routing adaptive
                }
                data-centre AcmeNet single-switch nic 12.5 GB/s
                max-oversubscription 3:1
                cost Rent
                reliability R
            }

            cluster Rails {
                nodes 16 x Box
                scale-out AcmeNet rail-optimized {
                    switch S1
                    rails 8
                    tiers 2
                }
                reliability Written
            }

            cluster Pods {
                nodes 64 x Box
                scale-out AcmeNet fat-tree {
                    switch S1
                    tiers 3
                    leaf 64 x S1 uplinks 400 Gb/s
                    pods 128 accelerators at 1:1 joined 7:1
                    planes 1
                }
            }

            cluster Fly {
                nodes 32 x Box
                scale-out AcmeNet dragonfly {
                    switch S1
                    groups 9
                    routers-per-group 4
                    global-links-per-router 2
                    routing valiant
                }
            }

            cluster Donut {
                nodes 64 x Box
                scale-out AcmeNet torus 8 x 8 x 8 {
                    link 50 GB/s, 50 GB/s, 100 GB/s
                    routing dimension-order
                }
            }

            cluster One {
                nodes 2 x Box
                scale-out AcmeNet single-switch
            }

            cluster Sketch {
                nodes 2 x 8 accelerators
                link 400 Gb/s latency 1 us
            }

            model Dense transformer {
                layers 32
                hidden 4096
                ffn 14336
                heads 32
                kv-heads 8
                head-dim 128
                vocab 128256
                activation swiglu
            }

            model Experts moe {
                layers 61
                hidden 7168
                heads 128
                vocab 129280
                experts 256
                top-k 8
                shared-experts 1
                expert-ffn 2048
                dense-layers 3
                mla kv-rank 512 rope-dim 64
            }

            collective Hierarchical {
                operation all-reduce
                phase reduce-scatter ring within-node
                phase all-reduce ring per-rail
                phase all-gather ring within-node
            }

            training Pretrain {
                model Dense on FatTreeCluster using 512 accelerators
                sequence 8192
                batch 512 sequences
                micro-batch 1
                precision bf16
                parallel tensor 8 pipeline 4 data 16 across 2 pods sequence-parallel
                schedule interleaved-1f1b virtual-stages 4
                sharding zero-1
                recompute selective
                overlap 80 %
                software Stack
                tp-overlap
                train 2 trillion tokens
            }

            software Stack {
                attention flash forward 53.5 % backward 51.7 %
                elementwise-kernels 6
            }

            inference Serve {
                model Dense on FatTreeCluster
                precision fp8
                prefill pool {
                    replicas 2
                    parallel tensor 8
                    max-batch-tokens 16384
                    chunked-prefill 2048
                }
                decode pool {
                    replicas 4
                    parallel tensor 8
                    max-sequences 256
                    speculative draft-tokens 1 acceptance 0.85 draft-layers 1
                    admission no-evict
                    prefill-first
                }
                traffic {
                    arrival poisson 10 /s
                    prompt lognormal median 1000 sigma 0.5
                    output uniform 100 to 300
                    requests 10000
                    prefix-cache hit 0.5
                }
                slo ttft p99 500 ms, itl p90 50 ms
                kv-transfer layer-by-layer
            }

            inference SharedPrompts {
                model Dense on FatTreeCluster
                serving pool {
                    replicas 2
                    parallel tensor 8
                }
                traffic {
                    arrival closed-loop 16 clients
                    prompt fixed 4096
                    output fixed 100
                    shared-prefixes 64 x 2048 tokens zipf 0.8 cached 65536 tokens per replica
                }
            }

            benchmark Sweep {
                all-reduce ring
                on FatTreeCluster nodes 2
                sizes 1 MiB to 16 GiB factor 2
                channels 4
            }

            benchmark Custom {
                collective Hierarchical
                on Rails
                sizes 1 MiB, 1 GiB
            }

            benchmark SubNode {
                all-reduce double-binary-tree
                on One accelerators 4
                sizes 1 MiB
                protocol LL128
                network packet
            }

            benchmark Kernels {
                expert-parallel low-latency tokens 128 hidden 7168 top-k 8 experts 256 dispatch fp8
                on FatTreeCluster nodes 2
            }

            benchmark Left {
                all-reduce auto
                on FatTreeCluster nodes 2
                sizes 1 GiB
            }

            share Colocated {
                on FatTreeCluster
                run Left on nodes 0 to 1
                run Sweep on nodes 4, 6
            }

            calibration Ours {
                parameter "collective.nic-efficiency" 92 % bounds 80 % to 100 % meaning "NIC share" source "nccl-tests"
                parameter "collective.net-step-overhead" 12 us
                fitted-on "Sweep@1048576"
                date "2026-12-01"
                residual "Sweep@1048576" measured 40.5 predicted 40.25
            }

            study Compare {
                simulate Pretrain
                vary data in [8, 16]
                vary cluster in [FatTreeCluster, Rails]
                report mfu, step-time, cost
                expect mfu 40 % within 2 points source "a published run"
                seed 42
                calibration Ours
            }

            study OnPackets {
                simulate Sweep
                network packet
            }

            study Plan {
                simulate Pretrain
                vary schedule in [1f1b, zero-bubble]
                search maximize mfu within 64 accelerators refine 2
            }
            """;

    @Inject
    private ISerializer serializer;

    @Test
    void shouldParseAndValidateEveryConstruct() throws Exception {
        Model model = parser.parse(EVERY_CONSTRUCT);
        validation.assertNoErrors(model);
        Set<String> used = allContents(model).stream().map(o -> o.eClass().getName()).collect(Collectors.toSet());
        List<String> concrete = FabricPackage.eINSTANCE.getEClassifiers().stream()
                .filter(EClass.class::isInstance).map(EClass.class::cast)
                .filter(c -> !c.isAbstract() && !c.isInterface() && c.getESuperTypes().isEmpty() == false
                        || !c.isAbstract() && c.getEAllStructuralFeatures().size() > 0)
                .map(EClass::getName).filter(n -> !Set.of("Model", "Element", "Workload", "Topology", "Arrival",
                        "Distribution", "Value", "NumberValue", "QuantityValue", "FixedDistribution",
                        "TraceArrival", "OfflineArrival", "ClosedLoopArrival", "EmpiricalDistribution").contains(n))
                .sorted().toList();
        List<String> missing = concrete.stream().filter(n -> !used.contains(n)).toList();
        assertEquals(List.of(), missing, "constructs the test model does not exercise");
    }

    @Test
    void shouldSerializeAndParseBackToAnEqualModel() throws Exception {
        Model model = parser.parse(EVERY_CONSTRUCT);
        String text = serializer.serialize(model, SaveOptions.newBuilder().format().getOptions());
        Model again = parser.parse(text);
        validation.assertNoErrors(again);
        assertTrue(EcoreUtil.equals(model, again), () -> "round trip changed the model:\n" + text);
    }

    private static List<EObject> allContents(Model model) {
        List<EObject> all = new java.util.ArrayList<>();
        model.eAllContents().forEachRemaining(all::add);
        return all;
    }
}
