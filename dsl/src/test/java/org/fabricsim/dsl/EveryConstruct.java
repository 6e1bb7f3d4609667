package org.fabricsim.dsl;

/**
 * Every construct of the language in one model (the fixture of {@link LanguageCoverageTest} and
 * {@link LanguageRoundTripTest}): the hardware of {@link HardwareConstructs}, then the workloads that
 * run on it: transformer and mixture-of-experts models, a phased collective, training with its
 * software stack, inference with pools and traffic, benchmarks of every kind, a shared cluster, a
 * calibration and studies that vary, search and run on packets.
 */
final class EveryConstruct {
    static final String MODEL = HardwareConstructs.TEXT + "\n" + """
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
                mla kv-rank 512 q-rank 1536 rope-dim 64
                mtp-depth 1
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
                gradient-accumulation 18 B per-parameter
                sharded-gradients all-reduce
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
                harness nccl-tests gpus-per-thread 4
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

    private EveryConstruct() {
    }
}
