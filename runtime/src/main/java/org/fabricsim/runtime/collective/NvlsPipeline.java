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
 * O(1).
 */
final class NvlsPipeline {
    /** Scatter, reduce-multicast, gather. */
    static final int STAGES = 3;
    private static final long MAX_CHUNK_BYTES = 128 * 1024;

    private NvlsPipeline() {
    }

    /** NCCL's NVLS channels on one node of {@code generation}. */
    static int channels(Generation generation) {
        return generation == Generation.BLACKWELL ? 24 : 16;
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
        if (sizeBytes <= 0 || ranks < 2) {
            return 0;
        }
        int channels = channels(generation);
        long loopBytes = ranks * chunkBytes(sizeBytes, (long) channels * ranks);
        double perChannelBytes = (double) sizeBytes / channels;
        double loops = Math.ceil(perChannelBytes / loopBytes);
        return (STAGES - 1) / loops;
    }
}
