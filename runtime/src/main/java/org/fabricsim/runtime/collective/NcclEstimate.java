package org.fabricsim.runtime.collective;

import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * NCCL's own estimate of a collective's time, by which NCCL chooses the algorithm and protocol it runs
 * (NCCL 2.30.7): {@code src/enqueue.cc} updateCollCostTable and topoGetAlgoInfo (lines 1989–2043) fill a
 * table with {@code src/graph/tuning.cc} ncclTopoGetAlgoTime (lines 630–655) for every enabled pair and
 * take the smallest. The engine chooses the same way and then simulates the chosen pair ({@link
 * ProtocolCost#timePs}): NCCL picks by its estimate, not by how long a call then takes. For algorithm a
 * and protocol p over n ranks on D nodes of k GPUs, S bytes:
 *
 * <p>T̂(a, p) = L(a, p) + max(T_bw / η_p, S·f(n) / C_p) / κ(a, p, S)
 *
 * <ul>
 * <li><b>Bandwidth</b> ({@code ncclTopoTuneModel}, lines 326–383). NCCL starts from its topology search's
 * graph bandwidth, channels × per-channel speed; the engine's counterpart is its own simulated Simple
 * transfer time of the algorithm's schedule, T_bw, without the pipeline fill of Simple's chunks in a tree
 * (the estimate has none). NCCL's refinements then give the protocol's bus bandwidth min(η_p·B, C_p) on
 * the graph's channels ({@link NcclTuning#efficiency}, {@link NcclTuning#busBandwidthCapBytesPerSecond}),
 * the searched ones, not the communicator's ({@link NcclChannels#graph}), f the nccl-tests bus
 * factor.</li>
 * <li><b>Correction</b> ({@code treeCorrectionFactor}, lines 623–628): a tree all-reduce's bandwidth is
 * scaled by κ = treeCorrectionFactor[p][⌊log₂(S / 64)⌋] for 64 B ≤ S &lt; 512 MiB ("Trees are not
 * perfectly sticking to the model for medium sizes"), NVLSTree's likewise from Blackwell on (an x86
 * host); else κ = 1.</li>
 * <li><b>Latency</b> (lines 384–428) in µs, tables in {@link NcclTuning}: a ring all-reduce, reduce-scatter
 * or all-gather base_p + (nsteps − nInter)·max(intra_p, o) + nInter·inter_p with nsteps = 2(n − 1) or
 * n − 1, nInter = 2(D − 1) or D − 1 (0 on one node), o the network post overhead across nodes (1 µs, 3 µs
 * with Simple) and inter the tree's network latency when k = 1; a Simple ring all-reduce across nodes with
 * S / (C·n) ≥ 64, C the communicator's channels, has the whole latency ×1.4 (×1.9 before Ampere; line
 * 649); a tree all-reduce base_p + 2·((k − 1)·intra_p + ⌊log₂ D⌋·inter_p); NVLS 25 µs, NVLSTree 25 µs
 * + 2·⌊log₂ D⌋·inter with the request's {@link NcclRelease}'s network latency (20.9 µs from NCCL 2.28.9,
 * 14 µs in 2.26 and 2.27).</li>
 * <li><b>Release</b>: NCCL 2.26 and 2.27 also leave NVLSTree across nodes without its per-head cap
 * (perChMaxNVLSTreeBws, from 2.28.3), so there its bandwidth is the simulated one.</li>
 * </ul>
 * LL128 is enabled by default (line 518) where the graph's GPU-to-NIC path is at most PXN on Hopper and
 * later (PXB before) and its GPU-to-GPU path at most NVB: on the NVLink nodes with a NIC beside each GPU
 * that the engine models this holds, so every protocol the request and network allow is a candidate. The
 * estimate covers NCCL's all-reduce, reduce-scatter and all-gather on rings, trees and in-switch reduction;
 * elsewhere the simulated times choose: on a torus, which runs TPU stacks, not NCCL, and across nodes of a
 * network that sprays packets, where a tuner plugin replaces NCCL's ({@link AlgorithmSelector}). O(1).
 */
final class NcclEstimate {
    private static final double PS_PER_US = 1e6;
    private static final double RING_PLATEAU = 1.4;
    private static final double RING_PLATEAU_VOLTA = 1.9;
    /** The size indices ⌊log₂(S / 64)⌋ NCCL corrects a tree at: below 23, S under 512 MiB (NVLSTree: 24). */
    private static final int CORRECTED_SIZES = 23;
    /** treeCorrectionFactor[LL, LL128, Simple][⌊log₂(S / 64)⌋], powers of two from 64 B. */
    private static final double[][] TREE_CORRECTION = {
            { 1.0, 1.0, 1.0, 1.0, .9, .8, .7, .7, .7, .7, .6, .5, .4, .4, .5, .6, .7, .8, .9, 1.0, 1.0, 1.0, 1.0, 1.0 },
            { 1.0, 1.0, 1.0, 1.0, 1.0, .9, .8, .8, .8, .7, .6, .6, .6, .6, .6, .6, .8, .9, .9, .9, .9, 1.0, 1.0, 1.0 },
            { .9, .9, .9, .9, .9, .9, .9, .8, .7, .6, .6, .5, .5, .5, .5, .6, .7, .8, .7, .7, .8, .9, .9, .9 } };

    private NcclEstimate() {
    }

    /**
     * Whether NCCL's estimate chooses {@code algorithm} for {@code request} on {@code topology}: not on a
     * torus, and not across domains of a network that sprays packets, where AWS's tuner plugin chooses
     * instead ({@link AlgorithmSelector#automaticCandidates}).
     */
    static boolean applies(ClusterTopology topology, CollectiveRequest request, Algorithm algorithm) {
        CollectiveOperation operation = request.operation();
        boolean nccl = algorithm == Algorithm.RING || algorithm == Algorithm.DOUBLE_BINARY_TREE
                || algorithm == Algorithm.IN_NETWORK;
        boolean operations = operation == CollectiveOperation.ALL_REDUCE
                || (algorithm == Algorithm.RING && (operation == CollectiveOperation.REDUCE_SCATTER
                        || operation == CollectiveOperation.ALL_GATHER));
        boolean plugin = request.routing() == RoutingMode.SPRAY && request.ranks() > topology.domainSize();
        return nccl && operations && topology.torusShape() == null && !plugin;
    }

    /**
     * T̂ in ps of {@code algorithm} with {@code protocol} for {@code request} over {@code nodes} nodes on
     * the graph's {@code channels} (NVLSTree: its heads), the schedule's Simple transfers taking {@code
     * bandwidthPs} without pipeline fill.
     */
    static long timePs(NcclTuning tuning, CollectiveRequest request, Algorithm algorithm, Protocol protocol,
            int nodes, int channels, long bandwidthPs) {
        long size = request.sizeBytes();
        double busBytes = size * request.operation().busBandwidthFactor(request.ranks());
        boolean capped = algorithm != Algorithm.IN_NETWORK || nodes == 1
                || request.ncclRelease().capsNvlsTreePerHead();
        double capPs = capped
                ? busBytes / tuning.busBandwidthCapBytesPerSecond(algorithm, protocol, channels, nodes) * 1e12 : 0;
        double transferPs = Math.max(Math.max(0, bandwidthPs)
                / tuning.efficiency(algorithm, protocol, nodes, request.operation()), capPs);
        return Math.round(latencyUs(tuning.generation(), request, algorithm, protocol, nodes) * PS_PER_US
                + transferPs / correction(tuning.generation(), algorithm, protocol, size));
    }

    /** κ: NCCL's tree correction factor on the bandwidth, 1 where it applies none. */
    static double correction(Generation generation, Algorithm algorithm, Protocol protocol, long sizeBytes) {
        int logSize = 63 - Long.numberOfLeadingZeros(sizeBytes >> 6);
        boolean tree = algorithm == Algorithm.DOUBLE_BINARY_TREE
                || (algorithm == Algorithm.IN_NETWORK && generation.ncclTables().compareTo(Generation.BLACKWELL) >= 0);
        int sizes = algorithm == Algorithm.DOUBLE_BINARY_TREE ? CORRECTED_SIZES : CORRECTED_SIZES + 1;
        return tree && logSize >= 0 && logSize < sizes ? TREE_CORRECTION[NcclTuning.index(protocol)][logSize] : 1;
    }

    /** L in µs. */
    static double latencyUs(Generation generation, CollectiveRequest request, Algorithm algorithm,
            Protocol protocol, int nodes) {
        int p = NcclTuning.index(protocol);
        int ranks = request.ranks();
        int perNode = ranks / nodes;
        if (algorithm == Algorithm.IN_NETWORK) {
            return NcclTuning.NVLS_NVLINK_US
                    + 2 * NcclTuning.treeLevels(nodes) * request.ncclRelease().nvlsTreeNetUs();
        }
        if (algorithm == Algorithm.DOUBLE_BINARY_TREE) {
            return NcclTuning.TREE_BASE_US[p] + NcclTuning.treeLatencyPs(protocol, perNode, nodes) / PS_PER_US;
        }
        boolean allReduce = request.operation() == CollectiveOperation.ALL_REDUCE;
        int steps = allReduce ? 2 * (ranks - 1) : ranks - 1;
        int interSteps = nodes == 1 ? 0 : allReduce ? 2 * (nodes - 1) : nodes - 1;
        double postUs = nodes == 1 ? 0 : NcclTuning.NET_OVERHEAD_US * (protocol == Protocol.SIMPLE ? 3 : 1);
        double intraUs = Math.max(NcclTuning.RING_NVLINK_US[p], postUs);
        double interUs = perNode == 1 ? NcclTuning.TREE_NET_US[p] : NcclTuning.RING_NET_US[p];
        double us = NcclTuning.RING_BASE_US[p] + (steps - interSteps) * intraUs + interSteps * interUs;
        boolean plateau = protocol == Protocol.SIMPLE && allReduce && nodes > 1
                && request.sizeBytes() / ((long) request.channels() * ranks) >= 64;
        return plateau ? us * (generation == Generation.VOLTA ? RING_PLATEAU_VOLTA : RING_PLATEAU) : us;
    }
}
