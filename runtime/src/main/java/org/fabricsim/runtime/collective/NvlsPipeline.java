package org.fabricsim.runtime.collective;

/**
 * The pipeline of NCCL's one-node NVLS all-reduce (NCCL 2.30.7), which makes in-switch reduction
 * reach its bandwidth only at large sizes ("256M is too small to reach peak bandwidth", NCCL
 * maintainer, NVIDIA/nccl-tests issue #212).
 *
 * <p>The kernel ({@code src/device/all_reduce.h}, {@code RunWorkColl<AllReduce, NVLS, SIMPLE>},
 * {@code oneNode}) runs three warp groups per channel, each over the channel's data in loops of
 * {@code nHeads · chunkSize}: scatter (the input into the heads' buffers), reduce and multicast
 * ({@code multimem.ld_reduce} / {@code multimem.st}), gather (the result into the output). They
 * form a 3-stage pipeline, so a call of k loops takes (k + 2) loop times instead of k:
 * T = T_bw · (1 + 2 / k), with T_bw the bandwidth time of the whole call and
 * k = ⌈(S / nChannels) / (nHeads · chunkSize)⌉.
 *
 * <ul>
 * <li>nChannels: {@code NVLS_NCHANNELS_SM90} = 16 on Hopper (and earlier parts whose switches
 * reduce), {@code NVLS_NCHANNELS_SM100_NVL} = 24 on a Blackwell node ({@code
 * src/transport/nvls.cc}); NVLS does not lower it per call ({@code enqueue.cc}).</li>
 * <li>nHeads: one per GPU of the node ({@code search.cc}: "Force intra-node NVLS algorithm to pull
 * evenly from all GPUs").</li>
 * <li>chunkSize: {@code NCCL_NVLS_CHUNKSIZE} = 128 KiB, lowered for smaller calls ({@code
 * enqueue.cc}, with concurrentOps = nChannels · nHeads): 64 KiB below 64 · concurrentOps · 128 KiB,
 * 32 KiB below 8 · concurrentOps · 64 KiB, 16 KiB below 2 · concurrentOps · 32 KiB. On 8 Hopper GPUs
 * that is 16 KiB below 8 MiB, 32 KiB below 64 MiB, 64 KiB below 1 GiB.</li>
 * </ul>
 *
 * <p>Across domains (NVLSTree, {@code RunWorkColl<AllReduce, NVLS_TREE, SIMPLE>}) each head's
 * reduce warps send its chunk up the trees and its broadcast warps receive it back; the loop is the
 * same {@code nHeads · chunkSize} per channel, but {@code enqueue.cc} sizes the chunk by the
 * NVLS_TREE branch ({@link #treeChunkBytes}), so the call runs fewer, larger loops than one node's
 * rule gives. Its channels are {@code NVLS_NCHANNELS_SM90} = 16 on Hopper and
 * {@code NVLS_NCHANNELS_SM100} = 32 on Blackwell across nodes ({@code nvls.cc ncclNvlsTuning}). The
 * trees' network hops are charged as NCCL's per-level latency ({@link NcclTuning#nvlsTreeLatencyPs}),
 * so the stages counted here stay the kernel's three in-node ones. O(1).
 */
final class NvlsPipeline {
    /** Scatter, reduce-multicast, gather. */
    static final int STAGES = 3;
    private static final long MAX_CHUNK_BYTES = 128 * 1024;
    /** NVLSTree's chunk ceiling from 4 nodes on (nvls.cc: treeMaxChunkSize = nNodes >= 4 ? 65536 : chunkSize). */
    private static final long TREE_MAX_CHUNK_BYTES_FROM_4_NODES = 64 * 1024;
    private static final int TREE_CEILING_NODES = 4;

    private NvlsPipeline() {
    }

    /** NCCL's NVLS channels on one node of {@code generation}. */
    static int channels(Generation generation) {
        return generation == Generation.BLACKWELL ? 24 : 16;
    }

    /** NCCL's NVLS channels over {@code domains} domains: across nodes Blackwell runs 32. */
    static int channels(Generation generation, int domains) {
        return domains > 1 && generation == Generation.BLACKWELL ? 32 : channels(generation);
    }

    /**
     * NCCL's NVLSTree chunk for a call of {@code sizeBytes} over {@code domains} nodes with
     * {@code concurrentOps} = channels · heads ({@code enqueue.cc}, NVLS_TREE branch): the NVLS chunk
     * (128 KiB) capped at 64 KiB from 4 nodes on, then 256 KiB below 32 · concurrentOps · chunk,
     * 128 KiB below 16 ·, 64 KiB below 4 ·, 32 KiB below 1 · concurrentOps · chunk (each only lowering).
     * On 8 Hopper heads (concurrentOps 128), 2 nodes: 128 KiB from 64 MiB, 64 KiB from 8 MiB, 32 KiB
     * below; from 4 nodes: 64 KiB from 8 MiB, 32 KiB below.
     */
    static long treeChunkBytes(long sizeBytes, long concurrentOps, int domains) {
        long chunk = domains >= TREE_CEILING_NODES ? TREE_MAX_CHUNK_BYTES_FROM_4_NODES : MAX_CHUNK_BYTES;
        long[] factors = { 32, 16, 4, 1 };
        long[] floors = { 262144, 131072, 65536, 32768 };
        for (int i = 0; i < factors.length; i++) {
            if (sizeBytes < factors[i] * concurrentOps * chunk && chunk > floors[i]) {
                chunk = floors[i];
            }
        }
        return chunk;
    }

    /** NCCL's NVLS chunk for a call of {@code sizeBytes} with {@code concurrentOps} = channels · heads. */
    static long chunkBytes(long sizeBytes, long concurrentOps) {
        long chunk = MAX_CHUNK_BYTES;
        if (sizeBytes < 64 * concurrentOps * chunk) {
            chunk = 65536;
        }
        if (sizeBytes < 8 * concurrentOps * chunk) {
            chunk = 32768;
        }
        if (sizeBytes < 2 * concurrentOps * chunk) {
            chunk = 16384;
        }
        return chunk;
    }

    /**
     * The pipeline's fill and drain as a share of the bandwidth time, (STAGES − 1) / k, for an
     * all-reduce of {@code sizeBytes} over {@code ranks} GPUs of one node.
     */
    static double fillFraction(long sizeBytes, int ranks, Generation generation) {
        return fillFraction(sizeBytes, ranks, 1, generation);
    }

    /**
     * The same over {@code domains} domains of {@code heads} GPUs each: one node's NVLS rule on one
     * domain, NVLSTree's channels and chunk ({@link #treeChunkBytes}) across domains.
     */
    static double fillFraction(long sizeBytes, int heads, int domains, Generation generation) {
        if (sizeBytes <= 0 || heads < 2) {
            return 0;
        }
        int channels = channels(generation, domains);
        long concurrentOps = (long) channels * heads;
        long chunk = domains > 1 ? treeChunkBytes(sizeBytes, concurrentOps, domains)
                : chunkBytes(sizeBytes, concurrentOps);
        long loopBytes = heads * chunk;
        double perChannelBytes = (double) sizeBytes / channels;
        double loops = Math.ceil(perChannelBytes / loopBytes);
        return (STAGES - 1) / loops;
    }
}
