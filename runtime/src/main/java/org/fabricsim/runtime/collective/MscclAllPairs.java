package org.fabricsim.runtime.collective;

import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.ScaleUpParameters;

/**
 * RCCL's MSCCL all-pairs all-reduce on one node of 8 MI300X, which RCCL runs before and in place of its tuning model
 * (ROCm/rccl 0cbce2a7, 2024-10-24, and release-staging/rocm-rel-6.3 99b8561b; docs/accuracy.md "MSCCL on one MI300X
 * node, session 66").
 *
 * <p><b>When.</b> {@code ncclAllReduce} hands the call to MSCCL ({@code collectives.cc}: {@code mscclAvailable &&
 * !mscclIsCaller}; {@code RCCL_MSCCL_ENABLE} defaults to 1) and MSCCL's internal scheduler runs one of the algorithm
 * files installed with RCCL ({@code tools/msccl-algorithms}) where the topology's platform model sets {@code
 * mscclEnabled} ({@code rome_model_79}, one node of 8 gfx942 GPUs with a link between every pair, {@code
 * rome_models.cc}), the file's {@code ngpus} equals the communicator's ranks (8), the operation is below {@code
 * ncclAvg} (sum), the element count is a multiple of the file's {@code nchunksperloop} and the size lies in the file's
 * {@code [minBytes, maxBytes]} for the call's placement ({@code msccl_lifecycle.cc},
 * {@code mscclInternalSchedulerSelectAlgo}). The process layout does not decide it by default: {@code
 * RCCL_MSCCL_ENABLE_SINGLE_PROCESS} defaults to 1 (commit 03a3ef3c, 2024-09-25; it was 0 only from e056fe8f,
 * 2024-09-04), so {@code mscclCommCompatible} holds with one process driving the 8 GPUs as with one per GPU.
 * The engine does not state the placement; it runs MSCCL where both placements do: up to 11,534,336 B
 * ({@code allreduce-allpairs-8n-simple.xml}, in place; out of place to 16,777,216) and from 14,680,065 to 16,777,216 B
 * ({@code simple_2.xml}, in place), with 4-byte elements (rccl-tests' default float).
 *
 * <p><b>What.</b> Every file is {@code allreduce_pairs} over 8 GPUs: the buffer is cut into 8 regions, one per rank;
 * each GPU sends its copy of region j to GPU j on the direct link (7 peers × channels thread blocks, {@code s} steps),
 * reduces the 7 copies it receives into its own region ({@code re} steps), then sends its reduced region to every peer
 * ({@code s}, {@code r}): a reduce-scatter then an all-gather, each one step over all 7 links at once. With S bytes and
 * B bytes/s per link and direction, each phase moves S/8 over every link: T_bw = 2 · S / (8 B) = S / (4 B), the ring's
 * 2(n − 1)/n · S / (7 B) on the same links, in 2 latency steps against the ring's 2(n − 1) = 14. Protocol by size:
 * LL to 524,287 B (32 thread blocks to 65,536 B, {@code ll-32tb}; 64 from 65,537 B, {@code ll-64tb}), Simple from
 * 524,288 B ({@code simple}, 64 thread blocks on 8 channels).
 */
final class MscclAllPairs {
    /** The files' {@code ngpus}. */
    static final int RANKS = 8;
    /** {@code allreduce-allpairs-8n-ll-64tb.xml}'s {@code maxBytes}: LL to here, Simple above. */
    static final long LL_MAX_BYTES = 524_287;
    /** {@code allreduce-allpairs-8n-simple.xml}'s {@code maxBytes} (in place). */
    static final long SIMPLE_IN_PLACE_MAX_BYTES = 11_534_336;
    /** {@code allreduce-allpairs-8n-simple_2.xml}'s {@code minBytes} (in place). */
    static final long SECOND_IN_PLACE_MIN_BYTES = 14_680_065;
    /** The out-of-place {@code simple-op.xml}'s and the in-place {@code simple_2.xml}'s {@code maxBytes}. */
    static final long MAX_BYTES = 16_777_216;
    /** {@code ll-32tb.xml}'s {@code maxBytes}: its {@code nchunksperloop} is 256, the others' 512. */
    private static final long LL_32_BLOCKS_MAX_BYTES = 65_536;
    /** rccl-tests' default element, float. */
    private static final int ELEMENT_BYTES = 4;

    private MscclAllPairs() {
    }

    /**
     * Whether RCCL runs {@code request} with MSCCL all-pairs: an all-reduce it chooses itself (algorithm and protocol
     * automatic) on one full-mesh node of 8 CDNA3 GPUs, all 8 ranks, of a size both placements run (above). O(1).
     */
    static boolean applies(ClusterTopology topology, CollectiveRequest request) {
        long size = request.sizeBytes();
        boolean sized = size > 0 && (size <= SIMPLE_IN_PLACE_MAX_BYTES
                || size >= SECOND_IN_PLACE_MIN_BYTES && size <= MAX_BYTES)
                && size % ((size <= LL_32_BLOCKS_MAX_BYTES ? 256L : 512L) * ELEMENT_BYTES) == 0;
        return request.generation() == Generation.CDNA3 && request.operation() == CollectiveOperation.ALL_REDUCE
                && request.algorithm() == Algorithm.AUTO && request.protocol() == Protocol.AUTO
                && request.ranks() == RANKS && topology.domainSize() == RANKS
                && topology.scaleUpKind() == ScaleUpParameters.Kind.FULL_MESH && sized;
    }

    /** The files' protocol for {@code sizeBytes}: LL to {@link #LL_MAX_BYTES}, else Simple. O(1). */
    static Protocol protocol(long sizeBytes) {
        return sizeBytes <= LL_MAX_BYTES ? Protocol.LL : Protocol.SIMPLE;
    }

    /**
     * The schedule: a reduce-scatter phase and an all-gather phase, each rank sending S/8 to each of the 7 others, one
     * latency step each. O(ranks²).
     */
    static Schedule schedule(long sizeBytes) {
        Schedule schedule = new Schedule();
        double regionBytes = (double) sizeBytes / RANKS;
        for (int phase = 0; phase < 2; phase++) {
            schedule.phase(1, -1);
            for (int i = 0; i < RANKS; i++) {
                for (int j = 0; j < RANKS; j++) {
                    if (i != j) {
                        schedule.send(i, j, regionBytes, 0);
                    }
                }
            }
        }
        return schedule;
    }
}
