package org.fabricsim.runtime.collective;

/**
 * The collectives NCCL runs as grouped point-to-point calls, on {@link Algorithm#DIRECT}: send-recv (one pair),
 * gather and scatter, each one phase whose transfers all start together.
 *
 * <p>nccl-tests' {@code gather_perf} posts, inside one {@code ncclGroupStart}/{@code ncclGroupEnd}, an {@code
 * ncclSend} of its S/n bytes from every rank to the root and n {@code ncclRecv}s at the root ({@code src/gather.cu});
 * {@code scatter_perf} the mirror image ({@code src/scatter.cu}; from NCCL 2.28 it calls {@code ncclScatter}, which
 * NCCL enqueues as a function of its own, {@code ncclFuncScatter}, not examined here; RCCL's {@code ncclScatter} is
 * the same grouped sends). NCCL runs a group's sends and receives on its point-to-point channels, each
 * pair of ranks in different nodes over NCCL_NCHANNELS_PER_NET_PEER connections (2 by default; the fabric's {@code
 * flows-per-peer}, which {@link TransferRoutes} splits every transfer across domains into), and the network proxy
 * thread of each GPU posts the transfers of its connections; no tuner chooses an algorithm or protocol (Simple), no
 * ring or tree is built, so every sender's bytes are in flight at once and the root's link is an incast of n − 1
 * flows (gather) or its uplink is shared by n − 1 (scatter). The root's own slice is a local copy and moves no byte.
 * The proxy's posting is not charged here (no floor, as for send-recv; {@link NetProxyFloor} floors ring
 * all-reduces only). O(ranks) transfers.
 */
final class PointToPointSchedules {
    private PointToPointSchedules() {
    }

    /** {@code request}'s send-recv: the root's {@code sizeBytes} to its peer; nothing when they are one rank. */
    static Schedule sendRecv(CollectiveRequest request) {
        Schedule schedule = new Schedule();
        if (request.root() != request.peer()) {
            schedule.phase(1, -1).send(request.root(), request.peer(), request.sizeBytes(), AllToAllSchedules.CHANNEL);
        }
        return schedule;
    }

    /**
     * {@code request}'s gather (every other rank sends the root ⌊S/n⌋ bytes) or scatter (the root sends every other
     * rank ⌊S/n⌋ bytes), one phase: nccl-tests sizes each rank's buffer as {@code count/nranks} of the S the row
     * reports.
     */
    static Schedule rooted(CollectiveRequest request) {
        int ranks = request.ranks();
        int root = request.root();
        boolean gather = request.operation() == CollectiveOperation.GATHER;
        double sliceBytes = request.sizeBytes() / ranks;
        Schedule schedule = new Schedule();
        if (ranks == 1) {
            return schedule;
        }
        schedule.phase(1, -1);
        for (int rank = 0; rank < ranks; rank++) {
            if (rank != root) {
                schedule.send(gather ? rank : root, gather ? root : rank, sliceBytes, AllToAllSchedules.CHANNEL);
            }
        }
        return schedule;
    }
}
