package org.fabricsim.dsl;

/**
 * The hardware half of {@link EverySetting#MODEL}: two vendors, two accelerators, fabrics with PFC and HPCC,
 * InfiniBand congestion control, scheduled cells, recovery and flows-per-peer; two NICs and three switches; nodes
 * with a full mesh, a rack-scale domain of switches and no NICs; clusters by fat-tree tiers with pods and planes, by
 * rail, by dragonfly, as a wrapped torus of optical cubes, a mesh and a sketch; two costs and a reliability with
 * stragglers on links.
 */
final class SettingHardware {
    static final String TEXT = """
            package demo.settings

            vendor Maker

            vendor Other "Other Company"

            accelerator B1 {
                vendor Maker
                compute bf16 989 TFLOPS, fp8 1979 TFLOPS
                memory 80 GB bandwidth 3.35 TB/s
                fp8-efficiency 60 %
                memory-efficiency 90 %
                scale-up 14 x 50 GB/s
                scale-up-efficiency 80 %
            }

            accelerator B2 {
                vendor Maker
                compute bf16 2250 TFLOPS, fp8 4500 TFLOPS
                memory 192 GB bandwidth 8 TB/s
                scale-up 18 x 100 GB/s
            }

            fabric Mesh {
                vendor Maker
                scope scale-up
                single-source
                accelerators Maker only
                link 50 GB/s
                efficiency 85 %
            }

            fabric Roce {
                vendor Maker
                scope scale-out
                open-standard
                link 400 Gb/s latency 600 ns
                lossless pfc
                virtual-lanes 2
                congestion-control hpcc { eta 95 % max-stage 5 additive-increase 160 Mb/s }
                recovery selective-repeat
                routing packet-spraying
                flows-per-peer 4
            }

            fabric Ib {
                vendor Other
                scope scale-out
                open-standard
                link 400 Gb/s latency 500 ns
                lossless credit-based
                congestion-control ib-cc { fecn-threshold 64 KiB ccti-increase 1 ccti-limit 127 ccti-timer 10.24 us }
                recovery go-back-n
                flows-per-peer 1
            }

            fabric Cells {
                vendor Maker
                scope scale-out
                single-source
                link 800 Gb/s
                lossless link-level-retry
                congestion-control scheduled { credit 1 KiB }
            }

            nic Card {
                vendor Maker
                ports 2 x 400 Gb/s
                speaks Roce, Ib
            }

            nic Single {
                vendor Other
                ports 1 x 400 Gb/s
                speaks Roce
            }

            switch Leaf {
                vendor Maker
                ports 64 x 400 Gb/s
                speaks Roce, Ib
            }

            switch Hub {
                vendor Maker
                ports 72 x 100 GB/s
                speaks Mesh
            }

            switch Spine {
                vendor Maker
                ports 128 x 400 Gb/s
                speaks Roce, Ib
            }

            node Meshed {
                accelerators 8 x B1
                scale-up Mesh full-mesh
                nics 8 x Card
            }

            node Rack {
                accelerators 4 x B2
                scale-up Mesh rack-scale domain 36 switches 4 x Hub
                nics 4 x Card rail-aligned
            }

            cluster Tiers {
                nodes 16 x Meshed
                scale-out Roce fat-tree {
                    switch Leaf
                    tiers 3
                    leaf 32 x Leaf uplinks 400 Gb/s
                    spine 32 x Spine
                    core 16 x Spine
                    pods 64 accelerators at 1:1 joined 2:1
                    planes 2
                }
                data-centre Ib single-switch { switch Leaf routing ecmp } nic 50 GB/s
                cost Hourly
            }

            cluster RailTiers {
                nodes 18 x Rack
                scale-out Ib rail-optimized {
                    switch Leaf
                    rails 4
                    tiers 2
                    oversubscription 1:1
                    leaf 8 x Leaf
                    spine 4 x Spine
                    planes 2
                    routing adaptive
                }
                data-centre Roce single-switch nic 50 GB/s
                cost Owned
            }

            node Thin {
                accelerators 8 x B1
                scale-up Mesh full-mesh
                nics 8 x Single
            }

            cluster Fly {
                nodes 4 x Thin
                scale-out Roce dragonfly {
                    switch Leaf
                    groups 2
                    routers-per-group 2
                }
                reliability Flaky
            }

            node Chips {
                accelerators 4 x B2
            }

            cluster Cubes {
                nodes 16 x Chips
                scale-out Cells torus 4 x 4 x 4 wrap x, y {
                    cubes 4 x 4 x 4 ocs latency 100 ns
                }
            }

            cluster Board {
                nodes 4 x Chips
                scale-out Cells mesh 4 x 4
            }

            cluster Sketch {
                nodes 2 x 4 accelerators
                link 50 GB/s latency 1 us efficiency 90 %
            }
            """;

    private SettingHardware() {
    }
}
