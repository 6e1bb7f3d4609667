package org.fabricsim.runtime.collective;

import java.util.List;

import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.ScaleUpParameters;

/**
 * Which algorithms apply to an operation on a topology, the schedule of each, and the automatic
 * choice. {@link Algorithm#AUTO} runs every applicable algorithm's schedule in the engine, so contention
 * counts, and takes the one NCCL's tuner would: the smallest of NCCL's estimates ({@link NcclEstimate};
 * RCCL's own on CDNA3 and CDNA4, {@link RcclEstimate}), the simulated bandwidth standing in for the graph;
 * where NCCL's tuner does not choose (a torus, a network whose tuner plugin does) the fastest simulated
 * (ties: declaration order).
 */
final class AlgorithmSelector {
    private AlgorithmSelector() {
    }

    /**
     * The algorithms {@link Algorithm#AUTO} chooses from: NCCL's default set (ring, double binary
     * tree and in-switch reduction for all-reduce; ring otherwise; direct all-to-all), and on a direct
     * torus the bucket algorithm, which TPU stacks run there (no NCCL). Halving-doubling
     * and the explicit hierarchical schedule are MPI-style and run only when asked for. CollNet runs only
     * when asked for too: NCCL leaves it off unless {@code NCCL_COLLNET_ENABLE=1} and the SHARP plugin
     * are set up (NCCL environment-variable documentation, NCCL_COLLNET_ENABLE "Default: 0"), so a
     * switch that can reduce does not make the default all-reduce use it, and its aggregation trees
     * are not even allocated to test whether it could run. Across domains on a network that sprays
     * packets (AWS EFA) in-switch reduction (NVLSTree) is left out too: there NCCL runs AWS's tuner
     * plugin (aws-ofi-nccl, {@code NCCL_TUNER_PLUGIN=ofi}), which chooses the ring, and NVLSTree forced
     * measured 15% below it (310 against 365 GB/s busbw, 4 GiB over 4 P5en nodes of 8 H200, NCCL 2.27.7;
     * stas00/ml-engineering network/README).
     */
    static List<Algorithm> automaticCandidates(ClusterTopology topology, CollectiveRequest request,
            int[] accelerators) {
        List<Algorithm> candidates = candidates(topology, request, accelerators, false);
        if (request.routing() == RoutingMode.SPRAY && request.ranks() > topology.domainSize()) {
            candidates.remove(Algorithm.IN_NETWORK);
        }
        candidates.remove(Algorithm.HALVING_DOUBLING);
        candidates.remove(Algorithm.HIERARCHICAL);
        candidates.remove(Algorithm.PAIRWISE);
        return candidates;
    }

    /**
     * The algorithms that can run {@code request} on {@code topology}, in preference order, its
     * ranks on {@code accelerators} (null: accelerators 0 … ranks − 1).
     */
    static List<Algorithm> candidates(ClusterTopology topology, CollectiveRequest request, int[] accelerators) {
        return candidates(topology, request, accelerators, true);
    }

    /**
     * The same, CollNet's algorithms among them only when {@code collNet} is set: deciding whether
     * they apply allocates aggregation trees, O(nodes · trees). The candidates are the algorithms that serve the
     * operation ({@link Algorithm#serves}, the editor's rule too) and whose conditions on the topology hold, in
     * declaration order.
     */
    private static List<Algorithm> candidates(ClusterTopology topology, CollectiveRequest request,
            int[] accelerators, boolean collNet) {
        List<Algorithm> candidates = Algorithm.serving(request.operation());
        candidates.removeIf(algorithm -> !applies(algorithm, topology, request.ranks(), accelerators, collNet));
        return candidates;
    }

    /** Whether the topology's conditions of {@code algorithm} hold for {@code ranks} ranks. */
    private static boolean applies(Algorithm algorithm, ClusterTopology topology, int ranks, int[] accelerators,
            boolean collNet) {
        return switch (algorithm) {
            case HALVING_DOUBLING -> HalvingDoublingSchedules.applicable(ranks);
            case HIERARCHICAL -> HierarchicalSchedules.applicable(ranks, topology.domainSize());
            case IN_NETWORK -> inNetworkApplicable(topology, ranks);
            case COLLNET_DIRECT, COLLNET_CHAIN ->
                    collNet && CollNetSchedules.applicable(topology, ranks, algorithm, accelerators);
            case BUCKET -> bucketApplicable(topology, ranks, accelerators);
            default -> true;
        };
    }

    /**
     * The bucket algorithm where the ranks are the torus's first positions, in order, and fill whole
     * leading dimensions of it: its schedule names the neighbours by position. O(ranks).
     */
    private static boolean bucketApplicable(ClusterTopology topology, int ranks, int[] accelerators) {
        if (topology.torusShape() == null || TorusSchedules.spans(topology.torusShape(), ranks) == 0) {
            return false;
        }
        for (int r = 0; accelerators != null && r < ranks; r++) {
            if (accelerators[r] != r) {
                return false;
            }
        }
        return true;
    }

    /**
     * In-switch reduction runs inside one reducing switched domain (NCCL's NVLS) or over whole
     * reducing domains joined by a scale-out network (NCCL's NVLSTree, enabled by default on
     * multi-node NVLS systems). O(domains).
     */
    private static boolean inNetworkApplicable(ClusterTopology topology, int ranks) {
        int k = topology.domainSize();
        if (topology.scaleUpKind() != ScaleUpParameters.Kind.SWITCHED || ranks < 2) {
            return false;
        }
        if (ranks <= k) {
            return topology.domainReduces(0);
        }
        if (ranks % k != 0 || !topology.hasScaleOut()) {
            return false;
        }
        for (int first = 0; first < ranks; first += k) {
            if (!topology.domainReduces(first)) {
                return false;
            }
        }
        return true;
    }

    /** The schedule of {@code algorithm} for {@code request}; the algorithm must be a candidate. */
    static Schedule schedule(ClusterTopology topology, CollectiveRequest request, Algorithm algorithm,
            int[] accelerators) {
        if (!candidates(topology, request, accelerators).contains(algorithm)) {
            String why = !algorithm.serves(request.operation()) ? " (" + Algorithm.runsOn(request.operation()) + ")"
                    : !algorithm.collNet() ? ""
                    : !topology.scaleOutReduces() ? " (its scale-out switches do not reduce in the network)"
                    : " (it needs as many ranks on each node, at least two nodes, and aggregation trees to spare)";
            throw new IllegalArgumentException("algorithm " + algorithm.label() + " cannot run "
                    + request.operation().label() + " over " + request.ranks() + " ranks of " + topology.describe()
                    + why + "; choose another algorithm or auto");
        }
        long size = request.sizeBytes();
        int ranks = request.ranks();
        switch (algorithm) {
            case RING:
                if (request.operation() == CollectiveOperation.BROADCAST
                        || request.operation() == CollectiveOperation.REDUCE) {
                    return RingSchedules.chain(request.operation() == CollectiveOperation.REDUCE, size, ranks,
                            request.root(), request.channels(), request.pipelineChunkBytes());
                }
                int spanned = topology.torusShape() == null ? 0 : TorusSchedules.spans(topology.torusShape(), ranks);
                if (spanned > 0) { // ranks that fill whole torus dimensions run the torus's rings
                    return TorusSchedules.rings(request.operation(), size, topology.torusShape(), spanned);
                }
                return RingSchedules.ring(request.operation(), size, ranks, request.channels(), topology.domainSize(),
                        topology.scaleUpKind() == ScaleUpParameters.Kind.FULL_MESH,
                        request.generation().rccl());
            case BUCKET:
                return TorusSchedules.buckets(request.operation(), size, topology.torusShape(),
                        TorusSchedules.spans(topology.torusShape(), ranks));
            case DOUBLE_BINARY_TREE:
                boolean railTrees = request.generation().rccl() && ranks > topology.domainSize()
                        && topology.scaleUpKind() == ScaleUpParameters.Kind.FULL_MESH
                        && RcclMeshRings.apply(ranks, topology.domainSize());
                return TreeSchedules.doubleBinaryTree(size, ranks, topology.domainSize(), request.channels(),
                        request.pipelineChunkBytes(), railTrees ? RcclMeshRings.treeChains() : null);
            case HALVING_DOUBLING:
                return HalvingDoublingSchedules.halvingDoubling(request.operation(), size, ranks);
            case HIERARCHICAL:
                return HierarchicalSchedules.allReduce(size, ranks, topology.domainSize());
            case IN_NETWORK:
                return ranks <= topology.domainSize()
                        ? InNetworkSchedules.allReduce(size, ranks, topology.inSwitchEfficiency())
                        : InNetworkSchedules.treeAllReduce(size, ranks, topology.domainSize(),
                                topology.inSwitchEfficiency());
            case COLLNET_DIRECT:
            case COLLNET_CHAIN:
                return CollNetSchedules.schedule(topology, request.operation(), size, ranks,
                        algorithm == Algorithm.COLLNET_CHAIN, accelerators);
            case PAIRWISE:
                return AllToAllSchedules.pairwise(request);
            case DIRECT:
                return switch (request.operation()) {
                    case SEND_RECV -> PointToPointSchedules.sendRecv(request);
                    case GATHER, SCATTER -> PointToPointSchedules.rooted(request);
                    default -> AllToAllSchedules.direct(request);
                };
            default:
                throw new IllegalArgumentException("no schedule for " + algorithm);
        }
    }

}
