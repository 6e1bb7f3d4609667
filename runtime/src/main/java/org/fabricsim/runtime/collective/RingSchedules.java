package org.fabricsim.runtime.collective;

/**
 * Ring and chain schedules.
 *
 * <p>Ring order for channel c: inside every scale-up domain of k ranks start at local index c mod
 * k and wrap round; domains follow each other. The edge leaving a domain therefore uses a
 * different NIC on every channel (rail-spread), like NCCL's rings. It leaves from local rank c − 1
 * for local rank c of the next domain; as NCCL's PXN does, the bytes first cross NVLink to the
 * domain's local rank c and leave through its NIC, so the network hop stays on rail c.
 *
 * <p>Inside a switched domain the local order is 0, 1, …, k − 1 on every channel: each accelerator
 * has one link to the switch, whichever peer it sends to. Inside a full mesh that order would put
 * every channel on the one link j → j + 1, a 1/(k − 1) share of the accelerator's links; there
 * channel c runs the directed ring c mod R(k) of {@link MeshRings} instead (R(8) = 6 link-disjoint
 * rings), still entered at local index c mod k, and leaves the domain over the ring's closing link
 * to that index's NIC. A step's busiest mesh link then carries ⌈C / R⌉ of the C channels' chunks
 * instead of C. On nodes of 8 CDNA3 or CDNA4 GPUs (MI300X, MI355X) channel c runs RCCL's own ring instead ({@link
 * RcclMeshRings}): on one node every directed link carries the same share, across nodes each ring enters and leaves a
 * node on the rails of its path's two ends and needs no hop to reach them.
 *
 * <ul>
 * <li>All-reduce: 2(n−1) identical steps of S/(n·C) bytes per channel edge.</li>
 * <li>Reduce-scatter, all-gather: n−1 identical steps of S/(n·C).</li>
 * <li>Broadcast, reduce: a chain from (to) the root, pipelined in chunks of S/m, m = ⌈S / chunk⌉:
 * n − 1 + m − 1 identical steps with every chain edge busy, of which the chain's n − 1 pay latency.</li>
 * </ul>
 * All steps of a ring share one pattern key, so they are solved once. O(n·C) transfers.
 */
final class RingSchedules {
    private static final long RING_PATTERN = 1;
    private static final long CHAIN_PATTERN = 2;

    private RingSchedules() {
    }

    /**
     * The ring order of channel {@code c} over ranks [0, n) with domains of {@code domainSize}:
     * inside each domain {@code local} (the local indices in ring order) rotated to start at c mod k.
     */
    static int[] order(int ranks, int domainSize, int channel, int[] local) {
        int k = Math.min(domainSize, ranks);
        int[] order = new int[ranks];
        int start = 0;
        while (local[start] != channel % k) {
            start++;
        }
        for (int i = 0; i < ranks; i++) {
            order[i] = i / k * k + local[(start + i % k) % k];
        }
        return order;
    }

    /**
     * The local orders of the channels' rings inside a domain of k = min(domainSize, ranks): the
     * directed rings of {@link MeshRings} on a full mesh, else the one order 0 … k − 1.
     */
    static int[][] localOrders(int ranks, int domainSize, boolean fullMesh) {
        int k = Math.min(domainSize, ranks);
        if (fullMesh) {
            return MeshRings.directedRings(k);
        }
        int[] identity = new int[k];
        for (int i = 0; i < k; i++) {
            identity[i] = i;
        }
        return new int[][] {identity};
    }

    /** The ring schedule; {@code rccl}: the domains are full meshes of 8 GPUs under RCCL, which run RCCL's rings. */
    static Schedule ring(CollectiveOperation operation, long sizeBytes, int ranks, int channels, int domainSize,
            boolean fullMesh, boolean rccl) {
        int steps = operation == CollectiveOperation.ALL_REDUCE ? 2 * (ranks - 1) : ranks - 1;
        Schedule schedule = new Schedule();
        if (steps == 0) {
            return schedule;
        }
        schedule.phase(steps, RING_PATTERN);
        double chunk = (double) sizeBytes / ranks / channels;
        int[][] successor = new int[channels][ranks];
        boolean rcclRings = rccl && fullMesh && RcclMeshRings.apply(ranks, domainSize);
        int[][] local = localOrders(ranks, domainSize, fullMesh);
        for (int c = 0; c < channels; c++) {
            int[] order = rcclRings ? RcclMeshRings.order(ranks, c) : order(ranks, domainSize, c, local[c % local.length]);
            for (int i = 0; i < ranks; i++) {
                successor[c][order[i]] = order[(i + 1) % ranks];
            }
        }
        // Rank-major, so that the channels of one edge are adjacent and merge into one flow class.
        int k = Math.min(domainSize, ranks);
        for (int rank = 0; rank < ranks; rank++) {
            for (int c = 0; c < channels; c++) {
                int next = successor[c][rank];
                if (next / k != rank / k && next % k != rank % k) {
                    int proxy = rank / k * k + next % k;
                    schedule.transfer(Schedule.PROXY, rank, proxy, chunk, c);
                    schedule.send(proxy, next, chunk, c);
                } else {
                    schedule.send(rank, next, chunk, c);
                }
            }
        }
        return schedule;
    }

    /** Pipelined chain from the root (broadcast) or towards it (reduce). */
    static Schedule chain(boolean towardsRoot, long sizeBytes, int ranks, int root, int channels, long chunkBytes) {
        Schedule schedule = new Schedule();
        if (ranks == 1) {
            return schedule;
        }
        long chunks = Math.max(1, (sizeBytes + chunkBytes - 1) / chunkBytes);
        schedule.phase((int) Math.min(Integer.MAX_VALUE, ranks - 1 + chunks - 1), ranks - 1, CHAIN_PATTERN);
        double bytes = (double) sizeBytes / chunks / channels;
        for (int c = 0; c < channels; c++) {
            for (int i = 0; i + 1 < ranks; i++) {
                int from = (root + i) % ranks;
                int to = (root + i + 1) % ranks;
                if (towardsRoot) {
                    schedule.send(to, from, bytes, c);
                } else {
                    schedule.send(from, to, bytes, c);
                }
            }
        }
        return schedule;
    }
}
