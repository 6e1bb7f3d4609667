package org.fabricsim.runtime.collective;

/**
 * RCCL's own estimate of a collective's time, by which RCCL (CDNA3, CDNA4) chooses the algorithm and protocol before
 * its size rule replaces the protocol ({@link RcclProtocols}); NCCL's is {@link NcclEstimate}. Read from {@code
 * src/graph/tuning.cc} ({@code baseLat}, the tuning models, {@code ncclTopoTuneModel}'s AMD branch, {@code
 * ncclTopoGetAlgoTime}) at the commits {@link RcclProtocols} reads the size ranges from: {@code tuning_model_5} (CDNA3,
 * gfx942) at ROCm/rccl 9e22c79d, RCCL 2.22.3; {@code tuning_model_6} (CDNA4, gfx950, set by {@code
 * rcclApplyTuningOverrides}) at ROCm/rocm-systems {@code projects/rccl} 03a89144, whose model 5 differs only in the
 * ring Simple correction at 256 and 512 MiB and its ranges. For algorithm a and protocol p over n ranks on D nodes of
 * k GPUs, S bytes:
 *
 * <p>T̂(a, p) = L(a, p) + T_bw / (r(a, p) · κ(a, p, S))
 *
 * <ul>
 * <li><b>Bandwidth.</b> RCCL's bus bandwidth is the graph's channels × speed × {@code bwRatio}[D ≤ 2 ? 0 : 1][a][p]
 * = r, with none of NCCL's per-protocol factors or per-channel caps; the engine's stand-in for the graph's Simple
 * bandwidth is its simulated Simple transfer time T_bw of the algorithm's schedule, as in {@link NcclEstimate}. r
 * (models 5 and 6 alike): ring LL 0.08, LL128 0.08, Simple 1.00; tree LL 0.06, LL128 0.06, Simple 0.11 on up to 2
 * nodes and 0.59 beyond.</li>
 * <li><b>Correction.</b> κ = treeCorrectionFactor[p][i] for a tree on any node count, ringCorrectionFactor[p][i] for a
 * ring across nodes (1 on one node), i = ⌊log₂(S / 64)⌋ clamped to [0, 26], from the run's tuning model: 5 on CDNA3,
 * 6 on CDNA4. These factors, not the ratios alone, decide: across 2 MI300X nodes the ring's Simple bandwidth is
 * corrected by 0.1 below 256 MiB and its network latency is 320 µs a step, so trees win from 1 to 64 MiB.</li>
 * <li><b>Latency</b> in µs: {@code baseLat} 12 (LL, LL128) or 17 (Simple), ring and tree alike, plus for a ring
 * all-reduce, reduce-scatter or all-gather (nsteps − nInter)·max(intra_p, o) + nInter·inter_p, nsteps = 2(n − 1) or
 * n − 1, nInter = 2(D − 1) or D − 1 (0 on one node), o the network post overhead across nodes (1 µs on an x86 Intel
 * host, ×3 with Simple, as {@link NcclTuning}), inter the tree's network latency when k = 1; for a tree all-reduce
 * 2·((k − 1)·intra_p + ⌊log₂ D⌋·inter_p). {@code hwLat} (models 5 and 6 alike), intra over xGMI: ring LL 0.8, LL128
 * 0.8, Simple 2.1; tree 0.9, 0.9, 2.3; network: ring 9.5, 9.5, 320; tree 10.5, 10.5, 25. RCCL has no ring plateau
 * factor (NCCL's ×1.4 is in the non-AMD branch).</li>
 * </ul>
 * The pairs compared are those RCCL enables ({@link NcclTuning#enabledByDefault}). O(1).
 */
final class RcclEstimate {
    private static final double PS_PER_US = 1e6;
    /** baseLat[Tree or Ring][LL, LL128, Simple], µs. */
    private static final double[] BASE_US = { 12.0, 12.0, 17.0 };
    /** hwLat[NVLINK (xGMI)][Ring][LL, LL128, Simple], µs. */
    private static final double[] RING_XGMI_US = { 0.8, 0.8, 2.1 };
    /** hwLat[NET][Ring][LL, LL128, Simple], µs. */
    private static final double[] RING_NET_US = { 9.5, 9.5, 320.0 };
    /** hwLat[NVLINK (xGMI)][Tree][LL, LL128, Simple], µs. */
    private static final double[] TREE_XGMI_US = { 0.9, 0.9, 2.3 };
    /** hwLat[NET][Tree][LL, LL128, Simple], µs. */
    private static final double[] TREE_NET_US = { 10.5, 10.5, 25.0 };
    /** bwRatio[up to 2 nodes, more][Ring][LL, LL128, Simple]. */
    private static final double[][] RING_RATIO = { { 0.08, 0.08, 1.00 }, { 0.08, 0.08, 1.00 } };
    /** bwRatio[up to 2 nodes, more][Tree][LL, LL128, Simple]. */
    private static final double[][] TREE_RATIO = { { 0.06, 0.06, 0.11 }, { 0.06, 0.06, 0.59 } };
    /** The size indices the correction tables hold: ⌊log₂(S / 64)⌋ from 0 to 26 (64 B to 4 GiB and up). */
    private static final int SIZES = 27;
    /** tuning_model_5's treeCorrectionFactor[LL, LL128, Simple][i]. */
    private static final double[][] MODEL_5_TREE = {
        { .1, .1, .1, .1, .1, .1, 1, 1, 1, 1, 1, .6, 1, .9, 1, 1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1 },
        { .1, .1, .1, .1, .1, .1, 1, 1, 1, 1, 1, .6, 1, .9, 1, 1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1 },
        { .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .7, 1, 1, 1, 1, 1, .7, .7, .5, .6, .6, .6 } };
    /** tuning_model_5's ringCorrectionFactor[LL, LL128, Simple][i]. */
    private static final double[][] MODEL_5_RING = {
        { .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, 1, .2, 1, .4, .4, .1, .2, .2, .1, .1, .1, .1, .1, .1, .1, .1 },
        { .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, 1, .2, 1, .4, .4, .1, .2, .2, .1, .1, .1, .1, .1, .1, .1, .1 },
        { .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, 1, .8, 1, 1, 1 } };
    /** tuning_model_6's treeCorrectionFactor[LL, LL128, Simple][i]. */
    private static final double[][] MODEL_6_TREE = {
        { .1, .1, .1, .1, .1, .1, 1, 1, 1, 1, 1, .6, 1, .9, 1, 1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1 },
        { .1, .1, .1, .1, .1, .1, 1, 1, 1, 1, 1, .6, 1, .9, 1, 1, 1, 1, 1, 2, 2, 1, .1, .9, .9, .1, .1 },
        { .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .7, 1, .1, .1, .1, .1, .1, .7, .15, .6, .7, .6 } };
    /** tuning_model_6's ringCorrectionFactor[LL, LL128, Simple][i]. */
    private static final double[][] MODEL_6_RING = {
        { .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, 1, .2, 1, .4, .4, .1, .2, .2, .1, .1, .1, .1, .1, .1, .1, .1 },
        { .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, 1, .2, 1, .4, .4, .1, .2, .1, .1, .1, .1, 5.5, .1, .1, 1, 1 },
        { .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .1, .9, .1, 1, .1, .6, 1, 1 } };

    private RcclEstimate() {
    }

    /**
     * T̂ in ps of {@code algorithm} (ring or tree) with {@code protocol} for {@code request} over {@code nodes} nodes,
     * the schedule's Simple transfers taking {@code bandwidthPs} without pipeline fill.
     */
    static long timePs(CollectiveRequest request, Algorithm algorithm, Protocol protocol, int nodes,
            long bandwidthPs) {
        int p = NcclTuning.index(protocol);
        boolean tree = algorithm == Algorithm.DOUBLE_BINARY_TREE;
        double ratio = (tree ? TREE_RATIO : RING_RATIO)[nodes <= 2 ? 0 : 1][p];
        double transferPs = Math.max(0, bandwidthPs)
                / (ratio * correction(request.generation(), algorithm, protocol, request.sizeBytes(), nodes));
        return Math.round(latencyUs(request, algorithm, protocol, nodes) * PS_PER_US + transferPs);
    }

    /** κ: the run's tuning model's correction of a tree, or of a ring across nodes; 1 on a ring on one node. */
    static double correction(Generation generation, Algorithm algorithm, Protocol protocol, long sizeBytes,
            int nodes) {
        boolean tree = algorithm == Algorithm.DOUBLE_BINARY_TREE;
        if (!tree && nodes < 2) {
            return 1;
        }
        int logSize = Math.max(0, Math.min(SIZES - 1, 63 - Long.numberOfLeadingZeros(sizeBytes >> 6)));
        boolean model6 = generation == Generation.CDNA4;
        double[][] table = tree ? (model6 ? MODEL_6_TREE : MODEL_5_TREE) : (model6 ? MODEL_6_RING : MODEL_5_RING);
        return table[NcclTuning.index(protocol)][logSize];
    }

    /** L in µs. */
    static double latencyUs(CollectiveRequest request, Algorithm algorithm, Protocol protocol, int nodes) {
        int p = NcclTuning.index(protocol);
        int ranks = request.ranks();
        int perNode = ranks / nodes;
        double interTreeUs = TREE_NET_US[p];
        if (algorithm == Algorithm.DOUBLE_BINARY_TREE) {
            return BASE_US[p] + 2 * ((perNode - 1) * TREE_XGMI_US[p] + NcclTuning.treeLevels(nodes) * interTreeUs);
        }
        boolean allReduce = request.operation() == CollectiveOperation.ALL_REDUCE;
        int steps = allReduce ? 2 * (ranks - 1) : ranks - 1;
        int interSteps = nodes == 1 ? 0 : allReduce ? 2 * (nodes - 1) : nodes - 1;
        double postUs = nodes == 1 ? 0 : NcclTuning.NET_OVERHEAD_US * (protocol == Protocol.SIMPLE ? 3 : 1);
        double intraUs = Math.max(RING_XGMI_US[p], postUs);
        double interUs = perNode == 1 ? interTreeUs : RING_NET_US[p];
        return BASE_US[p] + (steps - interSteps) * intraUs + interSteps * interUs;
    }
}
