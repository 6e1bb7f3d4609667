package org.fabricsim.dsl;

/**
 * The second fixture of {@link EveryFieldReachesTheSpecTest}: the settings {@link EveryConstruct#MODEL} and the
 * audited examples do not write, each where the grammar allows it. Two accelerators, two software stacks and two
 * calibrations let references be re-pointed; fabrics with recovery, flows-per-peer, PFC, HPCC, InfiniBand and
 * scheduled congestion control and spraying; scale-up by mesh and rack; fat trees and rails by tier with pods and
 * planes; a wrapped torus of cubes; a mixture-of-experts training with expert and context parallelism, a
 * placement order and FP8 block scaling; serving with two-batch overlap, redundant experts, speculative decoding,
 * a prefix cache and an FP8 KV cache; benchmarks by slice, harness and network; a study with expectations.
 */
final class EverySetting {
    static final String MODEL = SettingHardware.TEXT + "\n" + """
            model Routed moe {
                layers 24
                hidden 2048
                heads 16
                vocab 102400
                experts 64
                top-k 6
                shared-experts 2
                expert-ffn 1408
                dense-layers 1
                block parallel
                activation gelu
            }

            software Eager {
                attention unfused
                elementwise-kernels 10
            }

            software Fused {
                attention flash forward 50 % backward 45 %
                elementwise-kernels 4
            }

            training MoeTrain {
                model Routed on Tiers
                sequence 4096
                batch 1048576 tokens
                precision fp8 scaling blockwise
                parallel tensor 2 pipeline 2 data 16 context 2 ring expert 8 order tp cp pp dp capacity-factor 1.25 routing-skew 1.2 dispatcher deepep node-limit 2 communication-sms 24
                schedule dualpipe
                recompute selective modules layernorm moe-act
                software Eager
            }

            training Plain {
                model Routed on Tiers using 64 accelerators
                sequence 2048
                batch 64 sequences
                parallel data 64
                sharding zero-3
                software Fused
                dp-algorithm ring
            }

            inference MoeServe {
                model Routed on RailTiers
                precision fp8 scaling blockwise
                kv-cache fp8
                serving pool {
                    replicas 2
                    parallel data 8 expert 8
                    max-sequences 512
                    redundant-experts 8
                    expert-balance 0.8
                    two-batch-overlap
                    speculative draft-tokens 2 acceptance 0.7 draft-layers 2
                    admission preempt
                    iteration-host 4 ms + 0.067 ms per sequence overlapped
                    separate-activation-quantization
                    custom-all-reduce below 8 MiB
                }
                traffic {
                    arrival all-at-once
                    prompt fixed 2000
                    output fixed 200
                    requests 1000
                    prefix-cache hit 0.3
                }
                slo e2e p50 20 s
                kv-transfer over data-centre
            }

            benchmark Slice {
                all-gather bucket
                on Cubes slice 4 x 4 x 4
                sizes 1 MiB to 64 MiB
                harness framework-call
                network analytical
            }

            benchmark Dispatch {
                expert-parallel normal tokens 4096 hidden 2048 top-k 6 experts 64 dispatch bf16
                on Fly nodes 2
            }

            collective Halves {
                operation all-gather
                phase all-gather ring within-node
                phase all-gather ring across-nodes
            }

            collective Buckets {
                operation all-gather
                phase all-gather bucket global
            }

            benchmark Line {
                collective Buckets
                on Board
                sizes 1 MiB
            }

            benchmark Sketched {
                all-to-all
                on Sketch
                sizes 1 MiB
            }

            benchmark Phased {
                collective Halves
                on Tiers nodes 2
                sizes 1 GiB
                over data-centre
            }

            cost Hourly {
                accelerator-hour $3/h
            }

            cost Owned {
                capex $30000 per accelerator over 5 years
                power 1 kW per accelerator at $0.1/kWh
                pue 1.2
            }

            reliability Flaky {
                rate job 5 per-1000-node-days
                stragglers 0.05 at 0.7 link
            }

            calibration Measured {
                parameter "collective.nic-efficiency" 0.9
            }

            calibration Guessed {
                parameter "collective.nic-efficiency" 0.8
            }

            study Serving {
                simulate MoeServe
                vary serving replicas in [2, 4]
                report ttft, goodput
                expect ttft p99 2 s within 50 ms source "a guess"
                tolerance 5 %
                network flow
                calibration Measured
            }

            study Bus {
                simulate Phased
                expect busbw 40 GB/s at 1 GiB within 10 % source "a guess"
            }

            study Budget {
                simulate MoeTrain
                search minimize cost-per-step in all budget $1000/h
                calibration Guessed
            }
            """;

    private EverySetting() {
    }
}
