package org.fabricsim.runtime.collective;

/**
 * NCCL's per-protocol cost model for rings and trees, with the constants of NCCL 2.30.7 {@code
 * src/graph/tuning.cc} ({@code ncclTunerConstantsDefaults}, {@code ncclTopoTuneModel}). The engine
 * simulates every algorithm's bandwidth with the Simple protocol on the real topology; this class
 * turns that into the other protocols the way NCCL's model does:
 *
 * <ul>
 * <li>a bus-bandwidth factor η (ring: LL 0.5, LL128 0.92; tree all-reduce: 0.92 times LL 1/3.8, LL128
 * 7/9 on one node or 120/128 across nodes; under RCCL LL128's 64-byte line gives 56/64 in place of 0.92 and
 * 120/128, and a tree's η is its protocol's line alone, {@link #efficiency}),</li>
 * <li>a cap on the bus bandwidth: LL at {@code llMaxBws} (one node: by GPU generation; across nodes:
 * the x86 host row), LL128 rings at {@code channels · perChMaxRingLL128Bws}, trees at {@code channels
 * · perChMaxTreeBws} (LL128: {@code perChMaxTreeLL128Bws}); RCCL's rings and trees have none,</li>
 * <li>in-switch reduction across nodes (NVLSTree, Simple only): a cap of {@code heads ·
 * perChMaxNVLSTreeBws} and 2·⌊log₂ D⌋ tree levels of network latency,</li>
 * <li>latencies: {@code baseLatencies} once per call and {@code hwLatencies} per step, NVLink inside a
 * scale-up domain and NET across it; across nodes a ring's NVLink step pays at least NCCL's network
 * post overhead ({@code getNetOverhead}: 1 µs on an x86 host); a tree's latencies are NCCL's sum
 * ({@link #treeLatencyPs}).</li>
 * </ul>
 * So the bus bandwidth of protocol p is min(η_p · B_simple, cap_p), and a call takes
 * T_p = max(T_bw / η_p, S·f(n) / cap_p) + L_p, with T_bw the simulated bandwidth time and f the
 * nccl-tests bus factor. Simple's own latencies are the calibration profile's ({@code
 * collective.*-step-overhead}, {@code collective.ring-base-latency}), which default to the same
 * table. O(1) per call.
 */
public final class NcclTuning {
    private static final double GB = 1e9;
    private static final long PS_PER_US = 1_000_000L;
    /** baseLatencies[Ring][LL, LL128, Simple], µs. */
    static final double[] RING_BASE_US = { 6.6, 14.0, 8.4 };
    /** baseLatencies[Tree][LL, LL128, Simple], µs. */
    static final double[] TREE_BASE_US = { 6.8, 14.0, 8.4 };
    /** hwLatencies[NVLINK][Ring][LL, LL128, Simple], µs. */
    static final double[] RING_NVLINK_US = { 0.6, 1.9, 3.4 };
    /** hwLatencies[NET][Ring][LL, LL128, Simple], µs. */
    static final double[] RING_NET_US = { 2.7, 4.0, 14.0 };
    /** hwLatencies[NVLINK][Tree][LL, LL128, Simple], µs. */
    static final double[] TREE_NVLINK_US = { 0.6, 1.25, 4.0 };
    /** hwLatencies[NET][Tree][LL, LL128, Simple], µs. */
    static final double[] TREE_NET_US = { 5.0, 8.5, 14.0 };
    /** The data fraction of NCCL's LL128 line: 120 of 128 bytes. */
    private static final double NCCL_LL128_LINE = 120.0 / 128.0;
    /** The data fraction of RCCL's LL128 line: 56 of 64 bytes. */
    private static final double RCCL_LL128_LINE = 56.0 / 64.0;
    /** The data fraction of the LL line (NCCL's and RCCL's {@code ncclLLFifoLine}): data1, flag1, data2, flag2. */
    private static final double LL_LINE = 0.5;
    /** getNetOverhead on an x86 Intel host, µs. */
    static final double NET_OVERHEAD_US = 1.0;
    /** llMaxBws on one node, by generation (Volta, Ampere, Hopper, Blackwell), GB/s. */
    private static final double[] LL_MAX_ONE_NODE_GBPS = { 39.0, 87.7, 141.0, 282.0 };
    /** llMaxBws across nodes on an x86 Intel host: two nodes, more, GB/s. */
    private static final double[] LL_MAX_NODES_GBPS = { 39.0, 20.4 };
    /** perChMaxRingLL128Bws by generation (the same for every node count), GB/s per channel. */
    private static final double[] RING_LL128_PER_CHANNEL_GBPS = { 20.0, 20.0, 36.7, 40.0 };
    /** perChMaxTreeBws by generation and node index (1, 2, more), GB/s per channel. */
    private static final double[][] TREE_PER_CHANNEL_GBPS = { { 26.5, 18.5, 10.0 }, { 24.0, 23.6, 17.8 },
            { 38.7, 41.4, 36.0 }, { 70.0, 42.8, 24.0 } };
    /** perChMaxTreeLL128Bws by generation and node index, GB/s per channel. */
    private static final double[][] TREE_LL128_PER_CHANNEL_GBPS = { { 20.0, 20.0, 20.0 }, { 20.0, 20.0, 20.0 },
            { 36.7, 36.7, 29.0 }, { 55.6, 31.67, 20.0 } };

    /**
     * perChMaxNVLSTreeBws by generation and node index (1, 2, more), GB/s per NVLS head: the ceiling
     * NCCL puts on NVLSTree, whose graph has one channel per head GPU and its NIC.
     */
    private static final double[][] NVLS_TREE_PER_HEAD_GBPS = { { 26.5, 18.5, 10.0 }, { 24.0, 23.6, 17.8 },
            { 0.0, 57.7, 45.5 }, { 0.0, 96.0, 80.0 } };
    /** hwLatencies[NET][NVLSTree][Simple], µs: one level of NVLSTree's trees across nodes. */
    private static final double NVLS_TREE_NET_US = 20.9;
    /** hwLatencies[NVLINK][NVLS, NVLSTree][Simple], µs: the in-switch step. */
    static final double NVLS_NVLINK_US = 25.0;

    /** hwLatencies[NVLINK][CollNetDirect, CollNetChain][Simple], µs. */
    private static final double[] COLLNET_NVLINK_US = { 3.7, 2.8 };
    /** hwLatencies[NET][CollNetDirect, CollNetChain][Simple], µs. */
    private static final double[] COLLNET_NET_US = { 31.0, 30.0 };
    /** CollNet-direct's "arity serialization latency" per local GPU beyond the first, µs. */
    private static final double COLLNET_ARITY_US = 0.4;
    /** CollNet-direct's bus-bandwidth factor from Hopper on ({@code if (minCompCap >= 90) busBw *= .85}). */
    private static final double COLLNET_DIRECT_HOPPER_EFFICIENCY = 0.85;
    /** CollNet-direct's reduce-scatter and all-gather factor on the network bandwidth ({@code bwInter * 0.9f}). */
    private static final double COLLNET_DIRECT_GATHER_EFFICIENCY = 0.9;

    private final Generation generation;

    public NcclTuning(Generation generation) {
        if (generation == null) {
            throw new IllegalArgumentException("a generation is required");
        }
        this.generation = generation;
    }

    public Generation generation() {
        return generation;
    }

    /** Whether NCCL runs {@code algorithm} with {@code protocol}: LL and LL128 only on rings and trees. */
    public static boolean runs(Algorithm algorithm, Protocol protocol) {
        return protocol == Protocol.SIMPLE || algorithm == Algorithm.RING || algorithm == Algorithm.DOUBLE_BINARY_TREE;
    }

    /**
     * Whether the library runs {@code protocol} on {@code algorithm} over {@code nodes} nodes unless the call forces
     * it: NCCL every pair it {@link #runs} (LL128 on the NVLink nodes modelled). RCCL on CDNA3 and CDNA4 skips the tree
     * with Simple on one node of gfx94x ({@code src/graph/tuning.cc} at 0cbce2a7, line 365) and enables LL128 only
     * where the topology's {@code ll128Enabled} is set ({@code tuning.cc} at 9e22c79d: gfx90a, gfx942 or gfx950 and
     * {@code ll128Enabled}), which only a platform model's options set: {@code rome_model_81}, 8 MI300X with their NICs
     * across nodes ({@code ll128Platform}); one node ({@code rome_model_79}) runs none unless forced. Where the cost
     * model's choice is made, RCCL then replaces the protocol by size ({@link RcclProtocols}). O(1).
     */
    public boolean enabledByDefault(Algorithm algorithm, Protocol protocol, int nodes, boolean ll128Platform) {
        if (!runs(algorithm, protocol)) {
            return false;
        }
        if (!generation.rccl()) {
            return true;
        }
        return (protocol != Protocol.LL128 || ll128Platform)
                && !(algorithm == Algorithm.DOUBLE_BINARY_TREE && protocol == Protocol.SIMPLE && nodes == 1);
    }

    /**
     * η: the factor on the simulated Simple bus bandwidth. LL128's is its line's data fraction: NCCL's 128-byte line
     * carries 120 bytes (its ring's 0.92 stands for 120/128: {@code tuning.cc} writes the ratio beside it); RCCL's is
     * 64 bytes, 7 data words and a flag word (ROCm/rocm-systems {@code
     * projects/rccl/src/include/device.h} at 005e1bb0: {@code NCCL_LL128_LINESIZE 64}, {@code NCCL_LL128_DATAELEMS}
     * = 8 − 1), so under RCCL (CDNA3, CDNA4 alike) 56/64 takes 120/128's place on rings and trees across nodes.
     *
     * <p>A tree's η under RCCL is its protocol's line alone: LL 1/2 ({@code ncclLLFifoLine}: data1, flag1, data2,
     * flag2), LL128 56/64, Simple 1. NCCL's tree factors (0.92 on every protocol, 1/3.8 on LL, 7/9 for LL128 on one
     * node) sit in {@code ncclTopoTuneModel}'s non-AMD branch; RCCL's AMD branch applies only its tuning model's
     * {@code bwRatio} (ROCm/rccl {@code src/graph/tuning.cc} at 0cbce2a7, lines 376 to 388; the same at 9e22c79d
     * and in ROCm/rocm-systems {@code projects/rccl}), a steering ratio of its estimate, not a bandwidth.
     */
    public double efficiency(Algorithm algorithm, Protocol protocol, int nodes) {
        return efficiency(algorithm, protocol, nodes, CollectiveOperation.ALL_REDUCE);
    }

    /**
     * η of {@code operation}: as {@link #efficiency(Algorithm, Protocol, int)}, but a CollNet-direct reduce-scatter
     * or all-gather takes NCCL's 0.9 on the network's bandwidth in place of the all-reduce's 0.85 from Hopper on
     * ({@code tuning.cc}: {@code busBw = ppn * std::min(graphs[a]->bwIntra, graphs[a]->bwInter * 0.9f)}, whatever
     * the architecture; applied to the whole transfer time, which the NICs bound at k ≤ 8 GPUs per node).
     */
    public double efficiency(Algorithm algorithm, Protocol protocol, int nodes, CollectiveOperation operation) {
        if (algorithm == Algorithm.COLLNET_DIRECT && operation != CollectiveOperation.ALL_REDUCE) {
            return COLLNET_DIRECT_GATHER_EFFICIENCY;
        }
        double ll128Line = generation.rccl() ? RCCL_LL128_LINE : NCCL_LL128_LINE;
        if (algorithm == Algorithm.RING) {
            return protocol == Protocol.LL ? LL_LINE
                    : protocol == Protocol.LL128 ? (generation.rccl() ? ll128Line : 0.92) : 1.0;
        }
        if (algorithm == Algorithm.DOUBLE_BINARY_TREE && generation.rccl()) {
            return protocol == Protocol.LL ? LL_LINE : protocol == Protocol.LL128 ? ll128Line : 1.0;
        }
        if (algorithm == Algorithm.DOUBLE_BINARY_TREE) {
            double tree = 0.92;
            return protocol == Protocol.LL ? tree / 3.8
                    : protocol == Protocol.LL128 ? tree * (nodes == 1 ? 7.0 / 9.0 : ll128Line) : tree;
        }
        if (algorithm == Algorithm.COLLNET_DIRECT && generation.ncclTables().compareTo(Generation.HOPPER) >= 0) {
            return COLLNET_DIRECT_HOPPER_EFFICIENCY;
        }
        return 1.0;
    }

    /**
     * NCCL's latency of a CollNet all-reduce with {@code perNode} GPUs per node, ps (Simple; base
     * latency 0): direct 2·(min(1, k−1)·intra + (k−1)·0.4 µs) + inter, chain 2·(k−1)·intra + inter,
     * with intra the NVLink and inter the network latency of the algorithm (the tree's network latency
     * when k = 1). The graph's own inter-node latency, 0 on the topologies modelled, is left out.
     */
    public static long collNetLatencyPs(Algorithm algorithm, int perNode) {
        int a = algorithm == Algorithm.COLLNET_DIRECT ? 0 : 1;
        double intraUs = COLLNET_NVLINK_US[a];
        double interUs = perNode == 1 ? TREE_NET_US[index(Protocol.SIMPLE)] : COLLNET_NET_US[a];
        int others = perNode - 1;
        double us = a == 0 ? 2 * (Math.min(1, others) * intraUs + others * COLLNET_ARITY_US) + interUs
                : 2 * others * intraUs + interUs;
        return Math.round(us * PS_PER_US);
    }

    /** NCCL's index of a concrete protocol in its tables: LL 0, LL128 1, Simple 2. */
    static int index(Protocol protocol) {
        return protocol == Protocol.LL ? 0 : protocol == Protocol.LL128 ? 1 : 2;
    }

    /** A tree's levels across {@code nodes} nodes, ⌊log₂ D⌋; 0 on one node. O(1). */
    static int treeLevels(int nodes) {
        return nodes < 2 ? 0 : 31 - Integer.numberOfLeadingZeros(nodes);
    }

    /**
     * NCCL's latency of NVLSTree's trees across {@code domains} domains, ps: 2·⌊log₂ D⌋ levels of
     * hwLatencies[NET][NVLSTree][Simple] (the in-switch step, hwLatencies[NVLINK][NVLSTree][Simple] =
     * 25 µs, is the profile's {@code collective.nvls-step-overhead}); 0 on one domain.
     */
    public static long nvlsTreeLatencyPs(int domains) {
        return Math.round(2 * treeLevels(domains) * NVLS_TREE_NET_US * PS_PER_US);
    }

    /**
     * NCCL's step latencies of a tree all-reduce with {@code protocol} over {@code nodes} nodes of {@code
     * perNode} GPUs, ps: 2·((k − 1)·intraLat + ⌊log₂ D⌋·interLat), the reduce and the broadcast each
     * crossing the chain of k GPUs inside a node and ⌊log₂ D⌋ tree levels across nodes once, with
     * intraLat = hwLatencies[NVLINK][Tree][p] and interLat = hwLatencies[NET][Tree][p] (the network
     * post overhead floors a ring's NVLink steps only). The base latency is separate.
     */
    public static long treeLatencyPs(Protocol protocol, int perNode, int nodes) {
        int p = index(protocol);
        double us = 2 * ((perNode - 1) * TREE_NVLINK_US[p] + treeLevels(nodes) * TREE_NET_US[p]);
        return Math.round(us * PS_PER_US);
    }

    /**
     * The cap on the bus bandwidth in bytes per second, or +∞; for in-switch reduction across nodes
     * (NVLSTree) {@code channels} are its heads. RCCL's rings and trees have none: {@code llMaxBws}, {@code
     * perChMaxRingLL128Bws}, {@code perChMaxTreeBws} and {@code perChMaxTreeLL128Bws} are read only in the non-AMD
     * branch of {@code ncclTopoTuneModel} (ROCm/rccl {@code src/graph/tuning.cc} at 0cbce2a7, lines 383 to 387; the
     * AMD branch, lines 377 to 381, multiplies by the tuning model's {@code bwRatio} alone; see {@link #efficiency}).
     */
    public double busBandwidthCapBytesPerSecond(Algorithm algorithm, Protocol protocol, int channels, int nodes) {
        int gen = generation.ncclTables().ordinal();
        int nodeIndex = Math.min(nodes, 3) - 1;
        if (generation.rccl() && (algorithm == Algorithm.RING || algorithm == Algorithm.DOUBLE_BINARY_TREE)) {
            return Double.POSITIVE_INFINITY;
        }
        if (algorithm == Algorithm.IN_NETWORK && nodes > 1) {
            return channels * NVLS_TREE_PER_HEAD_GBPS[gen][nodeIndex] * GB;
        }
        double llMaxGBps = nodes == 1 ? LL_MAX_ONE_NODE_GBPS[gen] : LL_MAX_NODES_GBPS[nodeIndex - 1];
        if (algorithm == Algorithm.RING) {
            return protocol == Protocol.LL ? llMaxGBps * GB
                    : protocol == Protocol.LL128 ? channels * RING_LL128_PER_CHANNEL_GBPS[gen] * GB
                            : Double.POSITIVE_INFINITY;
        }
        if (algorithm == Algorithm.DOUBLE_BINARY_TREE) {
            double treeGBps = channels * TREE_PER_CHANNEL_GBPS[gen][nodeIndex];
            if (protocol == Protocol.LL) {
                return Math.min(treeGBps / 3.8, llMaxGBps) * GB;
            }
            if (protocol == Protocol.LL128) {
                return Math.min(treeGBps * efficiency(algorithm, protocol, nodes) / 0.92,
                        channels * TREE_LL128_PER_CHANNEL_GBPS[gen][nodeIndex]) * GB;
            }
            return treeGBps * GB;
        }
        return Double.POSITIVE_INFINITY;
    }

    /**
     * The latencies of {@code protocol} on {@code algorithm}, ps: {@code simple} (the profile's) for
     * Simple, else NCCL's table, with a ring's NVLink step across nodes paying at least the network post
     * overhead.
     */
    public static StepOverheads overheads(Algorithm algorithm, Protocol protocol, StepOverheads simple, int nodes) {
        if (protocol == Protocol.SIMPLE || !runs(algorithm, protocol)) {
            return simple;
        }
        int p = index(protocol);
        boolean ring = algorithm == Algorithm.RING;
        double nvlinkUs = (ring ? RING_NVLINK_US : TREE_NVLINK_US)[p];
        if (ring && nodes > 1) {
            nvlinkUs = Math.max(nvlinkUs, NET_OVERHEAD_US);
        }
        double netUs = (ring ? RING_NET_US : TREE_NET_US)[p];
        double baseUs = ring ? RING_BASE_US[p] : TREE_BASE_US[p];
        return new StepOverheads(Math.round(nvlinkUs * PS_PER_US), Math.round(netUs * PS_PER_US),
                simple.inNetworkPs(), Math.round(baseUs * PS_PER_US), 1.0, simple.hostCallPs(),
                simple.launchFloorPs());
    }

}
