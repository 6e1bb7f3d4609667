package org.fabricsim.dsl;

/**
 * The hardware half of {@link EveryConstruct#MODEL}: a vendor, every kind of part (accelerator, fabrics
 * of both scopes, NIC, switch), a node, a cost, two reliability profiles (component MTBFs; a job failure
 * rate with a failure domain and checkpoint writes), and a cluster of every topology (fat tree with and
 * without pods, rail-optimized, dragonfly, torus, single switch, and a sketch by link alone).
 */
final class HardwareConstructs {
    static final String TEXT = """
            package demo.constructs

            import fabric.catalog.standards.*

            /** A maker. */
            vendor Acme "Acme Corporation"

            accelerator A1 {
                vendor Acme
                architecture acme1 compute-units 96
                compute bf16 500 TFLOPS, fp8 1000 TFLOPS
                memory 96 GB bandwidth 4 TB/s
                reserved-memory 512 MiB
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
            """;

    private HardwareConstructs() {
    }
}
