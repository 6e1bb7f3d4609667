package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.spec.PoolFeatures;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;

/**
 * A serving framework's own TP all-reduce over scale-up peer memory (vLLM's and SGLang's custom all-reduce, AITER's
 * on ROCm): messages under the framework's limit run its one-shot or two-shot kernel, larger ones NCCL/RCCL's
 * curve. One rule for every framework; the framework states only its limit
 * ({@link org.fabricsim.runtime.spec.PoolFeatures#customAllReduceMaxBytes}).
 *
 * <p>The kernels (vllm-project/vllm {@code csrc/custom_all_reduce.cuh}, of which AITER's and SGLang's are ports):
 * each of N ranks has registered its input buffer for its peers to read.
 * <ul>
 * <li><b>One-shot</b> ({@code cross_device_reduce_1stage}): a barrier, then every rank reads the whole message from
 * each of the N − 1 others and sums it locally, then a barrier; (N − 1)·S bytes reach each rank over its links, so
 * t₁(S) = α + (N − 1)·S ÷ B.</li>
 * <li><b>Two-shot</b> ({@code cross_device_reduce_2stage}): a barrier; reduce-scatter, each rank reads its S/N part
 * from the N − 1 others and writes the sum to its scratch buffer; a barrier; all-gather, each rank reads the N − 1
 * other reduced parts from the peers' scratch buffers: 2·(N − 1)·S/N bytes, read at a share s₂ of the one-shot's
 * rate, so t₂(S) = α + 2·(N − 1)·S ÷ (N·s₂·B). The middle barrier is within α's spread (the kernel's own comment:
 * "can save about 1-2us").</li>
 * </ul>
 * B is what one rank reads from its N − 1 peers at once: (N − 1) times the derated pair link on a full mesh (each
 * peer over its own xGMI link), the derated per-accelerator link on a switched domain (NVSwitch). The kernel is
 * chosen as {@code CustomAllreduce::allreduce} chooses it: one-shot at 2 ranks, or under 512 KiB at up to 4 ranks and
 * under 256 KiB at up to 8; two-shot otherwise. It runs only at N ∈ {2, 4, 6, 8} inside one fully connected domain
 * ({@code _SUPPORTED_WORLD_SIZES}, {@code full_nvlink}); anywhere else NCCL/RCCL takes every size.
 *
 * <p>α = {@link #LATENCY_PS}, measured: vLLM's custom all-reduce on MI300X at TP 4 takes 7.18 µs at 2 KB
 * (vllm-project/vllm PR 19744, kernel table "baseline", 7.18–7.58 µs at 2–32 KB), 7.07–7.66 µs at TP 2 at 4–64 KB
 * (ROCm/aiter PR 801, "vllm cr"). s₂ = {@link #TWO_SHOT_READ_SHARE}, measured on the same kernel on MI300X: at TP 2
 * (one-shot) 16 → 32 MiB adds 347.78 µs (aiter PR 801: 355.91 → 703.69 µs), 16,777,216 B over one xGMI link, 48.24
 * GB/s, the link's 75% usable share; at TP 4 (two-shot) 8 → 16 MiB adds 112.17 µs (PR 19744: 118.31 → 230.48 µs),
 * 2 × 3/4 × 8,388,608 B over 3 links, 37.39 GB/s a link: 37.39 ÷ 48.24 = 0.775. O(1) per {@link #timePs}.
 */
final class CustomAllReduce implements CollectiveFit {
    /** α: the kernel's time on a message too small to count (launch, flag barriers), picoseconds. */
    static final double LATENCY_PS = 7.18e6;
    /** s₂: the two-shot's peer read rate as a share of the one-shot's. */
    static final double TWO_SHOT_READ_SHARE = 0.775;
    /** One-shot below this many bytes at up to 4 ranks (at 2 ranks always). */
    static final double ONE_SHOT_BELOW_BYTES_4_RANKS = 512 * 1024;
    /** One-shot below this many bytes at 6 and 8 ranks. */
    static final double ONE_SHOT_BELOW_BYTES_8_RANKS = 256 * 1024;

    private final CollectiveFit nccl;
    private final int ranks;
    private final double peerBytesPerSecond;
    private final long maxBytes;

    CustomAllReduce(CollectiveFit nccl, int ranks, double peerBytesPerSecond, long maxBytes) {
        this.nccl = nccl;
        this.ranks = ranks;
        this.peerBytesPerSecond = peerBytesPerSecond;
        this.maxBytes = maxBytes;
    }

    /**
     * The TP all-reduce over the first {@code ranks} accelerators of {@code topology}: {@code nccl} itself when the
     * framework has no custom all-reduce ({@code maxBytes} 0), when {@code nccl} is null (one rank), or when the kernel
     * cannot run there (a rank count outside {2, 4, 6, 8}, ranks beyond one scale-up domain, a domain neither switched
     * nor a full mesh).
     */
    static CollectiveFit of(CollectiveFit nccl, ClusterTopology topology, int ranks, long maxBytes) {
        ScaleUpParameters.Kind kind = topology.scaleUpKind();
        boolean connected = kind == ScaleUpParameters.Kind.SWITCHED || kind == ScaleUpParameters.Kind.FULL_MESH;
        if (nccl == null || maxBytes <= 0 || !connected || ranks > topology.domainSize()
                || !PoolFeatures.customAllReduceRuns(ranks)) {
            return nccl;
        }
        LinkClass link = topology.scaleUpLink();
        double peerBytesPerSecond = kind == ScaleUpParameters.Kind.FULL_MESH
                ? (ranks - 1) * link.bytesPerSecond() : link.bytesPerSecond();
        return new CustomAllReduce(nccl, ranks, peerBytesPerSecond, maxBytes);
    }

    @Override
    public double timePs(double bytes) {
        return bytes < maxBytes ? kernelPs(bytes) : nccl.timePs(bytes);
    }

    /** t₁ or t₂ (class comment) at {@code bytes}, by the kernel's own choice. */
    double kernelPs(double bytes) {
        boolean oneShot = ranks == 2 || ranks <= 4 && bytes < ONE_SHOT_BELOW_BYTES_4_RANKS
                || bytes < ONE_SHOT_BELOW_BYTES_8_RANKS;
        double peerBytes = (ranks - 1) * bytes;
        return oneShot ? LATENCY_PS + peerBytes / peerBytesPerSecond * 1e12
                : LATENCY_PS + 2 * peerBytes / ranks / (TWO_SHOT_READ_SHARE * peerBytesPerSecond) * 1e12;
    }
}
