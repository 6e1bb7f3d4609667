package org.fabricsim.runtime.collective;

import java.util.Arrays;

import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.ScaleUpParameters;

/**
 * DeepEP-style expert-parallel dispatch and combine kernels (deepseek-ai/DeepEP) as all-to-alls
 * on the engine, plus the kernels' fixed cost.
 *
 * <p>Routing is uniform: each of a rank's T tokens picks top-k of E experts, E/n per rank of n.
 * <ul>
 * <li><b>Low-latency</b> kernels send one copy per (token, expert) pair straight to the expert's
 * rank (IBGDA RDMA across nodes, NVLink inside one): rank i sends T·k/n copies to every rank j ≠ i.
 * DeepEP reports GB/s = T·k·b / latency, b the bytes of one copy.</li>
 * <li><b>Normal</b> kernels deduplicate: a token crosses to another node once per remote node that
 * holds one of its experts (to the GPU on the same rail, which forwards over NVLink), and inside a
 * node once per rank holding one: T·(1 − P_miss) copies per destination, P_miss = Π_{i&lt;k} (E −
 * e − i)/(E − i) the chance that none of a token's experts falls among the destination's e. DeepEP
 * reports the bottleneck bandwidth: the busiest NIC's (across nodes) or NVLink's (inside one) bytes
 * over the time.</li>
 * </ul>
 * Bytes of one copy: dispatch in FP8 carries the hidden state plus one 4-byte scale per 128
 * channels, h + 4·⌈h/128⌉ ({@link #dispatchBytesPerToken}); in BF16, 2h; combine returns 2h (BF16).
 * Combine is dispatch reversed.
 * Time = the all-to-all on the engine + the fixed cost ({@link Calibration#expertKernelFixedPs});
 * for low-latency kernels the all-to-all, which carries the mean traffic, is scaled by the uneven
 * load random routing puts on the expert ranks ({@link RoutingImbalance}). Normal kernels report a
 * bottleneck bandwidth of deduplicated traffic, which this factor does not cover. O(n²) matrix
 * entries.
 *
 * @param lowLatency      low-latency (true) or normal (false) kernels
 * @param tokensPerRank   T
 * @param hidden          h
 * @param topK            k
 * @param experts         E, a multiple of the ranks
 * @param fp8Dispatch     dispatch in FP8 (else BF16)
 */
public record ExpertKernels(boolean lowLatency, int tokensPerRank, int hidden, int topK, int experts,
        boolean fp8Dispatch) {
    private static final int FP8_SCALE_BLOCK = 128;

    public ExpertKernels {
        if (tokensPerRank < 1 || hidden < 1 || topK < 1 || experts < topK) {
            throw new IllegalArgumentException("tokens, hidden and top-k must be positive, experts at least top-k");
        }
    }

    /** Bytes of one token copy in a direction. */
    public double copyBytes(boolean dispatch) {
        return dispatch ? dispatchBytesPerToken(hidden, fp8Dispatch) : 2.0 * hidden;
    }

    /**
     * Bytes one dispatched token copy carries: in FP8, the h FP8 channels plus DeepEP's FP32 scale per
     * 1 × 128 tile, h + 4·⌈h/128⌉ (DeepSeek-V3, arXiv 2412.19437 §3.3.2: activations quantized per 1 × 128
     * tile; deepseek-ai/DeepEP {@code buffer.py} dispatch takes {@code x} as (FP8 [T, h], FP32 scales
     * [T, h/128]), and {@code internode.cu}'s {@code get_num_bytes_per_token} and {@code internode_ll.cu}'s
     * message both count {@code num_scales · sizeof(float)} beside the h FP8 bytes); in BF16, 2h. DeepSeek-V3,
     * h = 7,168: 7,168 + 56 · 4 = 7,392 B, 3.1% above the FP8 channels alone. The kernels' per-token
     * metadata (normal kernels: an 8-byte source record, in a forward dispatch k top-k indices and weights of 4
     * bytes each, padded to 16 bytes; low-latency: a 16-byte header) is not counted. O(1).
     */
    public static double dispatchBytesPerToken(int hidden, boolean fp8) {
        return fp8 ? hidden + 4.0 * Math.ceil(hidden / (double) FP8_SCALE_BLOCK) : 2.0 * hidden;
    }

    /** What one kernel call did: its time and DeepEP's GB/s figure. */
    public record Run(double timeSeconds, double gigabytesPerSecond, CollectiveResult allToAll) {
    }

    /**
     * Runs dispatch ({@code dispatch}) or combine over the first {@code ranks} accelerators of
     * {@code topology}, with {@code base}'s routing and latencies and the fixed cost {@code fixedPs}.
     */
    public Run run(ClusterTopology topology, int ranks, boolean dispatch, CollectiveRequest base, long fixedPs) {
        if (experts % ranks != 0) {
            throw new IllegalArgumentException(experts + " experts do not divide over " + ranks + " ranks");
        }
        double[] matrix = dispatch ? matrix(topology.domainSize(), ranks, copyBytes(true))
                : transpose(matrix(topology.domainSize(), ranks, copyBytes(false)), ranks);
        CollectiveResult result = CollectiveEngine.run(topology, base.withTrafficMatrixBytes(matrix));
        double imbalance = lowLatency ? RoutingImbalance.factor(ranks, tokensPerRank, topK, experts, dispatch) : 1;
        double seconds = (result.timePs() * imbalance + fixedPs) / 1e12;
        double bytes = lowLatency ? (double) tokensPerRank * topK * copyBytes(dispatch)
                : busiestBytes(topology, ranks, result.linkBytes());
        return new Run(seconds, bytes / seconds / 1e9, result);
    }

    private double[] matrix(int domainSize, int ranks, double copyBytes) {
        int k = Math.max(1, Math.min(domainSize, ranks));
        int perRank = experts / ranks;
        double lowLatencyBytes = (double) tokensPerRank * topK / ranks * copyBytes;
        double rankBytes = tokensPerRank * (1 - missProbability(perRank)) * copyBytes;
        double domainBytes = tokensPerRank * (1 - missProbability(perRank * k)) * copyBytes;
        double[] matrix = new double[ranks * ranks];
        for (int i = 0; i < ranks; i++) {
            for (int j = 0; j < ranks; j++) {
                if (i == j) {
                    continue;
                }
                boolean sameDomain = i / k == j / k;
                if (lowLatency) {
                    matrix[i * ranks + j] = lowLatencyBytes;
                } else if (sameDomain) {
                    matrix[i * ranks + j] = rankBytes;
                } else if (j % k == i % k) {
                    matrix[i * ranks + j] = domainBytes;
                }
            }
        }
        return matrix;
    }

    /**
     * Copies of one token the normal kernels send out of its scale-up domain of {@code domainSize}
     * over {@code ranks} ranks: one per other domain holding one of its experts, (n/D − 1)·(1 −
     * P_miss(D·E/n)) with D = min(domainSize, n); 0 when the ranks fit one domain. O(k).
     */
    public double crossDomainCopiesPerToken(int ranks, int domainSize) {
        return crossDomainCopiesPerToken(experts, topK, ranks, domainSize);
    }

    /**
     * {@link #crossDomainCopiesPerToken(int, int)} for {@code experts} experts (a multiple of the
     * ranks) and top-{@code topK} routing: the expected number of other scale-up domains holding one
     * of a token's experts, shared by serving's normal kernels and training's DeepEP dispatcher. O(k).
     */
    public static double crossDomainCopiesPerToken(int experts, int topK, int ranks, int domainSize) {
        int domain = Math.max(1, Math.min(domainSize, ranks));
        return (ranks / domain - 1) * (1 - missProbability(experts, topK, experts / ranks * domain));
    }

    private double missProbability(int chosen) {
        return missProbability(experts, topK, chosen);
    }

    /**
     * P_miss = Π_{i&lt;k} (E − c − i)/(E − i): the chance that none of a token's k distinct experts,
     * drawn uniformly from {@code experts}, falls among {@code chosen} of them. O(k).
     */
    public static double missProbability(int experts, int topK, int chosen) {
        double p = 1;
        for (int i = 0; i < topK; i++) {
            p *= Math.max(0, (double) (experts - chosen - i) / (experts - i));
        }
        return p;
    }

    private static double[] transpose(double[] matrix, int ranks) {
        double[] transposed = new double[matrix.length];
        for (int i = 0; i < ranks; i++) {
            for (int j = 0; j < ranks; j++) {
                transposed[j * ranks + i] = matrix[i * ranks + j];
            }
        }
        return transposed;
    }

    /**
     * The busiest NIC uplink's bytes across domains, else the busiest scale-up uplink's; on a direct
     * torus, which has no NIC, or inside domains found in a whole graph (no built scale-up links), the
     * busiest accelerator's bytes over all the links out of it (its own and those it forwards: an
     * upper bound on what it sends). O(ranks), O(links) on a torus.
     */
    private static double busiestBytes(ClusterTopology topology, int ranks, double[] linkBytes) {
        boolean acrossDomains = ranks > topology.domainSize();
        if (!topology.hasNics() && (acrossDomains || topology.scaleUpKind() == ScaleUpParameters.Kind.IN_GRAPH)) {
            double[] outOf = new double[ranks];
            for (int link = 0; link < linkBytes.length; link++) {
                int from = topology.graph().linkFrom(link);
                if (from < ranks) {
                    outOf[from] += linkBytes[link];
                }
            }
            return Arrays.stream(outOf).max().orElse(0);
        }
        double busiest = 0;
        for (int gpu = 0; gpu < ranks; gpu++) {
            int link = acrossDomains ? topology.nicUplink(gpu) : topology.scaleUpUplink(gpu);
            busiest = Math.max(busiest, linkBytes[link]);
        }
        return busiest;
    }
}
