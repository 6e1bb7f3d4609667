package org.fabricsim.runtime.collective;

import org.fabricsim.runtime.fabricbehaviour.FabricBehaviour;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.packet.PacketFabric;
import org.fabricsim.runtime.routing.RoutingMode;

/**
 * What to simulate: one collective over the first {@code ranks} accelerators of a cluster.
 *
 * <p>Sizes follow nccl-tests: {@code sizeBytes} is the per-rank buffer (all-reduce, broadcast,
 * reduce, send/recv), the full output (all-gather, gather), the full input (reduce-scatter, scatter), each
 * rank's slice then S/n, or the per-rank send buffer split evenly over all ranks (all-to-all; or the {@code
 * trafficMatrixBytes} row-major n×n bytes from i to j, which then replaces the size).
 *
 * @param operation              the collective
 * @param algorithm              the algorithm, or {@link Algorithm#AUTO}
 * @param sizeBytes              the message size, see above
 * @param ranks                  participants: accelerators [0, ranks)
 * @param channels               parallel rings/connections (NCCL channels), ≥ 1
 * @param root                   root of broadcast, reduce, gather and scatter; sender of send/recv
 * @param peer                   receiver of send/recv
 * @param routing                how flows choose among equal-cost paths
 * @param network                which network model runs the schedule
 * @param seed                   seeds the ECMP hash and the simulation's random source
 * @param completionTolerance    relative completion tolerance ε: completions within ε of the age of the
 *                               earliest one share one re-solve (0 = exact)
 * @param stepOverheads          software latency per step, by where the step runs
 * @param pipelineChunkBytes     chunk size of pipelined algorithms (trees, chains)
 * @param reuseSymmetricSteps    solve identical steps once and reuse their duration
 * @param trafficMatrixBytes     all-to-all bytes from i to j at [i·ranks + j], or null for uniform
 * @param protocol               NCCL protocol of rings and trees, or {@link Protocol#AUTO} for NCCL's choice
 *                               by size ({@link NcclTuning}); {@link Protocol#SIMPLE} costs exactly the
 *                               simulated flows plus {@code stepOverheads}
 * @param generation             the accelerators' generation, which selects NCCL's per-generation limits
 * @param fabricBehaviour        the scale-out fabric's measured behaviour the flow model applies to its contended
 *                               bottlenecks ({@link FabricBehaviour}), or null for the ideal fabric
 * @param packetFabric           the fabric the packet backend simulates ({@link NetworkKind#PACKET} only)
 * @param flowsPerPeer           the scale-out fabric's flows per network peer (its {@code flows-per-peer}, ECMP
 *                               entropy): a pair of ranks in different scale-up domains exchanges each step's bytes
 *                               over at least this many flows, each hashed onto its own path ({@link
 *                               ScheduleRunner}); 1 leaves one flow per channel
 * @param ncclRelease            the NCCL release whose tuning tables choose the algorithm ({@link NcclRelease})
 */
public record CollectiveRequest(CollectiveOperation operation, Algorithm algorithm, long sizeBytes, int ranks,
        int channels, int root, int peer, RoutingMode routing, NetworkKind network, long seed,
        double completionTolerance, StepOverheads stepOverheads, long pipelineChunkBytes,
        boolean reuseSymmetricSteps, double[] trafficMatrixBytes, Protocol protocol, Generation generation,
        FabricBehaviour fabricBehaviour, PacketFabric packetFabric, int flowsPerPeer, NcclRelease ncclRelease) {

    /** NCCL's per-step pipelining unit: NCCL_BUFFSIZE 4 MiB split into NCCL_STEPS = 8 slots. */
    public static final long DEFAULT_PIPELINE_CHUNK_BYTES = 512 * 1024;

    public CollectiveRequest {
        if (operation == null || algorithm == null || routing == null || network == null || stepOverheads == null
                || protocol == null || generation == null || packetFabric == null || ncclRelease == null) {
            throw new IllegalArgumentException("operation, algorithm, routing, network, overheads, protocol,"
                    + " generation, packet fabric and NCCL release are required");
        }
        if (sizeBytes < 0 || ranks < 1 || channels < 1 || pipelineChunkBytes < 1 || flowsPerPeer < 1) {
            throw new IllegalArgumentException("size must be non-negative; ranks, channels, chunk and flows positive");
        }
        if (root < 0 || root >= ranks || peer < 0 || peer >= ranks) {
            throw new IllegalArgumentException("root and peer must be ranks");
        }
        if (!(completionTolerance >= 0)) {
            throw new IllegalArgumentException("the completion tolerance must be non-negative");
        }
        if (trafficMatrixBytes != null) {
            if (operation != CollectiveOperation.ALL_TO_ALL || trafficMatrixBytes.length != (long) ranks * ranks) {
                throw new IllegalArgumentException("a traffic matrix is ranks x ranks and only for all-to-all");
            }
            trafficMatrixBytes = trafficMatrixBytes.clone();
        }
    }

    /**
     * A request with defaults: AUTO, one channel, root 0, peer 1 (or 0), ECMP, max-min, seed 1, exact,
     * the Simple protocol on Hopper, one flow per channel, NCCL 2.30's choice.
     */
    public static CollectiveRequest of(CollectiveOperation operation, long sizeBytes, int ranks) {
        return new CollectiveRequest(operation, Algorithm.AUTO, sizeBytes, ranks, 1, 0, ranks > 1 ? 1 : 0,
                RoutingMode.ECMP, NetworkKind.MAX_MIN, 1, 0.0, StepOverheads.NONE, DEFAULT_PIPELINE_CHUNK_BYTES, true,
                null, Protocol.SIMPLE, Generation.HOPPER, null, PacketFabric.ROCE, 1, NcclRelease.NCCL_2_30);
    }

    public CollectiveRequest withAlgorithm(Algorithm value) {
        return new CollectiveRequest(operation, value, sizeBytes, ranks, channels, root, peer, routing, network, seed,
                completionTolerance, stepOverheads, pipelineChunkBytes, reuseSymmetricSteps, trafficMatrixBytes,
                protocol, generation, fabricBehaviour, packetFabric, flowsPerPeer, ncclRelease);
    }

    public CollectiveRequest withSize(long value) {
        return new CollectiveRequest(operation, algorithm, value, ranks, channels, root, peer, routing, network, seed,
                completionTolerance, stepOverheads, pipelineChunkBytes, reuseSymmetricSteps, trafficMatrixBytes,
                protocol, generation, fabricBehaviour, packetFabric, flowsPerPeer, ncclRelease);
    }

    public CollectiveRequest withChannels(int value) {
        return new CollectiveRequest(operation, algorithm, sizeBytes, ranks, value, root, peer, routing, network,
                seed, completionTolerance, stepOverheads, pipelineChunkBytes, reuseSymmetricSteps, trafficMatrixBytes,
                protocol, generation, fabricBehaviour, packetFabric, flowsPerPeer, ncclRelease);
    }

    public CollectiveRequest withEndpoints(int rootRank, int peerRank) {
        return new CollectiveRequest(operation, algorithm, sizeBytes, ranks, channels, rootRank, peerRank, routing,
                network, seed, completionTolerance, stepOverheads, pipelineChunkBytes, reuseSymmetricSteps,
                trafficMatrixBytes, protocol, generation, fabricBehaviour, packetFabric, flowsPerPeer, ncclRelease);
    }

    public CollectiveRequest withRouting(RoutingMode value) {
        return new CollectiveRequest(operation, algorithm, sizeBytes, ranks, channels, root, peer, value, network,
                seed, completionTolerance, stepOverheads, pipelineChunkBytes, reuseSymmetricSteps, trafficMatrixBytes,
                protocol, generation, fabricBehaviour, packetFabric, flowsPerPeer, ncclRelease);
    }

    public CollectiveRequest withNetwork(NetworkKind value) {
        return new CollectiveRequest(operation, algorithm, sizeBytes, ranks, channels, root, peer, routing, value,
                seed, completionTolerance, stepOverheads, pipelineChunkBytes, reuseSymmetricSteps, trafficMatrixBytes,
                protocol, generation, fabricBehaviour, packetFabric, flowsPerPeer, ncclRelease);
    }

    public CollectiveRequest withSeed(long value) {
        return new CollectiveRequest(operation, algorithm, sizeBytes, ranks, channels, root, peer, routing, network,
                value, completionTolerance, stepOverheads, pipelineChunkBytes, reuseSymmetricSteps,
                trafficMatrixBytes, protocol, generation, fabricBehaviour, packetFabric, flowsPerPeer, ncclRelease);
    }

    public CollectiveRequest withCompletionTolerance(double value) {
        return new CollectiveRequest(operation, algorithm, sizeBytes, ranks, channels, root, peer, routing, network,
                seed, value, stepOverheads, pipelineChunkBytes, reuseSymmetricSteps, trafficMatrixBytes, protocol,
                generation, fabricBehaviour, packetFabric, flowsPerPeer, ncclRelease);
    }

    public CollectiveRequest withStepOverheads(StepOverheads value) {
        return new CollectiveRequest(operation, algorithm, sizeBytes, ranks, channels, root, peer, routing, network,
                seed, completionTolerance, value, pipelineChunkBytes, reuseSymmetricSteps, trafficMatrixBytes,
                protocol, generation, fabricBehaviour, packetFabric, flowsPerPeer, ncclRelease);
    }

    public CollectiveRequest withPipelineChunkBytes(long value) {
        return new CollectiveRequest(operation, algorithm, sizeBytes, ranks, channels, root, peer, routing, network,
                seed, completionTolerance, stepOverheads, value, reuseSymmetricSteps, trafficMatrixBytes, protocol,
                generation, fabricBehaviour, packetFabric, flowsPerPeer, ncclRelease);
    }

    public CollectiveRequest withReuseSymmetricSteps(boolean value) {
        return new CollectiveRequest(operation, algorithm, sizeBytes, ranks, channels, root, peer, routing, network,
                seed, completionTolerance, stepOverheads, pipelineChunkBytes, value, trafficMatrixBytes, protocol,
                generation, fabricBehaviour, packetFabric, flowsPerPeer, ncclRelease);
    }

    public CollectiveRequest withTrafficMatrixBytes(double[] value) {
        return new CollectiveRequest(operation, algorithm, sizeBytes, ranks, channels, root, peer, routing, network,
                seed, completionTolerance, stepOverheads, pipelineChunkBytes, reuseSymmetricSteps, value, protocol,
                generation, fabricBehaviour, packetFabric, flowsPerPeer, ncclRelease);
    }

    public CollectiveRequest withProtocol(Protocol value) {
        return new CollectiveRequest(operation, algorithm, sizeBytes, ranks, channels, root, peer, routing, network,
                seed, completionTolerance, stepOverheads, pipelineChunkBytes, reuseSymmetricSteps, trafficMatrixBytes,
                value, generation, fabricBehaviour, packetFabric, flowsPerPeer, ncclRelease);
    }

    public CollectiveRequest withGeneration(Generation value) {
        return new CollectiveRequest(operation, algorithm, sizeBytes, ranks, channels, root, peer, routing, network,
                seed, completionTolerance, stepOverheads, pipelineChunkBytes, reuseSymmetricSteps, trafficMatrixBytes,
                protocol, value, fabricBehaviour, packetFabric, flowsPerPeer, ncclRelease);
    }

    public CollectiveRequest withPacketFabric(PacketFabric value) {
        return new CollectiveRequest(operation, algorithm, sizeBytes, ranks, channels, root, peer, routing, network,
                seed, completionTolerance, stepOverheads, pipelineChunkBytes, reuseSymmetricSteps, trafficMatrixBytes,
                protocol, generation, fabricBehaviour, value, flowsPerPeer, ncclRelease);
    }

    @Override
    public double[] trafficMatrixBytes() {
        return trafficMatrixBytes == null ? null : trafficMatrixBytes.clone();
    }

    /**
     * The channels whose transfers are flows of their own: 1 for a {@link CollectiveOperation#pointToPoint} operation,
     * which sends every pair's bytes on the one schedule channel {@link AllToAllSchedules#CHANNEL} (NCCL stripes a
     * send over the peer's connections, each part ⌈bytes / parts⌉ rounded up to 4 KiB, {@code ncclP2pPartBounds} in
     * NCCL's {@code src/include/device.h}: the pair's bytes split evenly over its F flows); the request's channels for
     * every other operation (a ring's or a tree's transfers go one per channel). O(1).
     */
    int flowChannels() {
        return operation.pointToPoint() ? 1 : channels;
    }

    /**
     * Flows (queue pairs) each flow channel's transfer to a rank in another scale-up domain is split into,
     * ⌈flowsPerPeer / {@link #flowChannels}⌉: a point-to-point pair's flowsPerPeer (NCCL's connections per network
     * peer × queue pairs per connection, each its own 5-tuple for ECMP to hash); a ring's or tree's channels already
     * are separate connections, so such a pair exchanges a step's bytes over max(channels, flowsPerPeer) flows,
     * rounded up to a multiple of the channels. O(1).
     */
    int queuePairsPerChannel() {
        int flowChannels = flowChannels();
        return (flowsPerPeer + flowChannels - 1) / flowChannels;
    }

    /** Bytes from rank i to rank j of an all-to-all. */
    double allToAllBytes(int from, int to) {
        return trafficMatrixBytes != null ? trafficMatrixBytes[from * ranks + to] : (double) sizeBytes / ranks;
    }

    /** The same request on a fabric with {@code value}'s behaviour (null: the ideal fabric). */
    public CollectiveRequest withFabricBehaviour(FabricBehaviour value) {
        return new CollectiveRequest(operation, algorithm, sizeBytes, ranks, channels, root, peer, routing, network,
                seed, completionTolerance, stepOverheads, pipelineChunkBytes, reuseSymmetricSteps, trafficMatrixBytes,
                protocol, generation, value, packetFabric, flowsPerPeer, ncclRelease);
    }

    /** The same request on a fabric that spreads a transfer to one network peer over {@code value} flows. */
    public CollectiveRequest withFlowsPerPeer(int value) {
        return new CollectiveRequest(operation, algorithm, sizeBytes, ranks, channels, root, peer, routing, network,
                seed, completionTolerance, stepOverheads, pipelineChunkBytes, reuseSymmetricSteps, trafficMatrixBytes,
                protocol, generation, fabricBehaviour, packetFabric, value, ncclRelease);
    }

    /** The same request chosen by {@code value}'s tuning tables. */
    public CollectiveRequest withNcclRelease(NcclRelease value) {
        return new CollectiveRequest(operation, algorithm, sizeBytes, ranks, channels, root, peer, routing, network,
                seed, completionTolerance, stepOverheads, pipelineChunkBytes, reuseSymmetricSteps, trafficMatrixBytes,
                protocol, generation, fabricBehaviour, packetFabric, flowsPerPeer, value);
    }
}
