package org.fabricsim.runtime.collective;

/**
 * The chunks NCCL pipelines a double binary tree all-reduce in, by protocol, and what they do to
 * the tree's fill (NCCL 2.30.7).
 *
 * <p>The tree kernel ({@code src/device/all_reduce.h}, runTreeUpDown) walks each channel's S / C
 * bytes in chunks: every chunk goes up the tree (reduce) and down again (broadcast), and a rank
 * forwards chunk j while its parent works on chunk j − 1. With m chunks per channel and a pipeline
 * d ranks deep (k − 1 chain hops inside a node of k GPUs plus ⌊log₂ D⌋ tree levels across D
 * nodes, {@link TreeSchedules}) a phase takes d + m − 1 chunk times, so its bandwidth time is
 * (d + m − 1) / m times that of the channel's bytes alone. The chunk is {@code enqueue.cc}
 * calcCollChunking's (trees run chunkSteps = 1):
 *
 * <ul>
 * <li>Simple: one step of its 4 MiB buffer, 512 KiB, the request's pipeline chunk that the engine
 * simulated ({@link CollectiveRequest#pipelineChunkBytes}). RCCL (CDNA3, CDNA4) halves it for the tree's up-down
 * pattern while ⌊S / (C · chunk)⌋ &lt; 8 · depth and the chunk exceeds 128 KiB, then while it is below 4 · depth and
 * the chunk exceeds 64 KiB, then below depth and above 32 KiB, with the tree's depth k − 1 + ⌊log₂ D⌋ ({@code
 * src/enqueue.cc} computeCollChunkInfo and {@code src/graph/connect.cc} line 292, ROCm/rccl 0cbce2a7); NCCL
 * 2.30.7's calcCollChunking has no such loop.</li>
 * <li>LL: one step of its buffer less the flags, 32 KiB ({@link NetProxyFloor#LL_CHUNK_BYTES}).</li>
 * <li>LL128: one step's data, 576,000 B ({@link NetProxyFloor#LL128_CHUNK_BYTES}), halved while
 * ⌊S / (C · chunk)⌋ &lt; n₁₂₈ · 64 / ppn and the chunk exceeds 128 KiB, then while it is below
 * n₁₂₈ · 16 / ppn and the chunk exceeds 32 KiB, with n₁₂₈ = 1 + ⌊log₂ D⌋ + 0.1 · ppn and ppn the
 * GPUs per node; then rounded down to the protocol's grain, 1,920 B ({@code device.h}
 * ncclProtoGrainSize: WARP_SIZE 32 · NCCL_LL128_SHMEM_ELEMS_PER_THREAD 8 / 16 · 15 · 8 B).</li>
 * </ul>
 * On 4 nodes of 8 GPUs at 1 MiB over 16 channels the LL128 chunk is 17,280 B: each channel's
 * 64 KiB runs in 4 chunks, not the one 512 KiB chunk of Simple. O(log chunk).
 */
final class TreePipeline {
    /** ncclProtoGrainSize(NCCL_PROTO_LL128), bytes. */
    static final long LL128_GRAIN_BYTES = 32L * 8 / 16 * 15 * 8;
    private static final long LL128_FIRST_FLOOR_BYTES = 131072;
    private static final long LL128_SECOND_FLOOR_BYTES = 32768;
    private static final long SIMPLE_SECOND_FLOOR_BYTES = 65536;

    private TreePipeline() {
    }

    /**
     * The library's tree chunk for a call of {@code sizeBytes} on {@code channels} channels over {@code
     * ranks} GPUs in {@code nodes} nodes with {@code protocol}; with Simple {@code simpleChunkBytes} under NCCL,
     * RCCL's halving of it under CDNA3 and CDNA4.
     */
    static long chunkBytes(Generation generation, Protocol protocol, long sizeBytes, int channels, int ranks,
            int nodes, long simpleChunkBytes) {
        if (protocol == Protocol.SIMPLE) {
            return generation.rccl() ? rcclSimpleChunkBytes(sizeBytes, channels, ranks, nodes, simpleChunkBytes)
                    : simpleChunkBytes;
        }
        if (protocol == Protocol.LL) {
            return NetProxyFloor.LL_CHUNK_BYTES;
        }
        double ppn = (double) ranks / nodes;
        double steps = 1 + NcclTuning.treeLevels(nodes) + 0.1 * ppn;
        long chunk = NetProxyFloor.LL128_CHUNK_BYTES;
        while (sizeBytes / (channels * chunk) < steps * 64 / ppn && chunk > LL128_FIRST_FLOOR_BYTES) {
            chunk /= 2;
        }
        while (sizeBytes / (channels * chunk) < steps * 16 / ppn && chunk > LL128_SECOND_FLOOR_BYTES) {
            chunk /= 2;
        }
        return chunk / LL128_GRAIN_BYTES * LL128_GRAIN_BYTES;
    }

    /** RCCL's Simple tree chunk: {@code stepBytes} halved by the tree's depth k − 1 + ⌊log₂ D⌋. */
    private static long rcclSimpleChunkBytes(long sizeBytes, int channels, int ranks, int nodes, long stepBytes) {
        long depth = ranks / nodes - 1L + NcclTuning.treeLevels(nodes);
        long chunk = stepBytes;
        while (sizeBytes / (channels * chunk) < depth * 8 && chunk > LL128_FIRST_FLOOR_BYTES) {
            chunk /= 2;
        }
        while (sizeBytes / (channels * chunk) < depth * 4 && chunk > SIMPLE_SECOND_FLOOR_BYTES) {
            chunk /= 2;
        }
        while (sizeBytes / (channels * chunk) < depth && chunk > LL128_SECOND_FLOOR_BYTES) {
            chunk /= 2;
        }
        return chunk;
    }

    /** The fill factor (d + m − 1) / m of a pipeline {@code depth} deep running {@code chunks} chunks. */
    static double fillFactor(int depth, long chunks) {
        return (double) (depth + chunks - 1) / chunks;
    }

    /**
     * The factor on a simulated tree's bandwidth time when it runs {@code protocol} instead of
     * Simple: the protocol's fill over the simulated one. The simulated tree ran {@code
     * simulatedChunks} chunks per lane through a pipeline {@code depth} deep; the protocol runs
     * ⌈(S / C) / chunk⌉ per channel. 1 with Simple under NCCL.
     */
    static double fillRatio(Generation generation, Protocol protocol, long sizeBytes, int channels, int ranks,
            int nodes, int depth, long simulatedChunks, long simpleChunkBytes) {
        if (protocol == Protocol.SIMPLE && !generation.rccl() || sizeBytes <= 0) {
            return 1;
        }
        long chunk = chunkBytes(generation, protocol, sizeBytes, channels, ranks, nodes, simpleChunkBytes);
        long perChannel = (sizeBytes + channels - 1) / channels;
        long chunks = Math.max(1, (perChannel + chunk - 1) / chunk);
        return fillFactor(depth, chunks) / fillFactor(depth, simulatedChunks);
    }
}
