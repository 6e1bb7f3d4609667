package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.collective.Generation;
import org.fabricsim.runtime.collective.MeshRings;
import org.fabricsim.runtime.collective.StepOverheads;
import org.fabricsim.runtime.fabricbehaviour.FabricBehaviours;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * A collective's cost per rank buffer of S bytes from simulations on the fabric, so that the per-layer
 * collectives of millions of iterations cost O(1) each instead of one flow simulation each. The TP
 * all-reduce, the EP all-to-all and the send between pipeline stages all follow the engine's curve
 * ({@link CollectiveCurve}), on the cluster's scale-out fabric as it states it ({@link #onFabric}): a collective whose
 * flows cross nodes pays the fabric's routing and measured behaviour there, one inside a node none.
 */
interface CollectiveFit {
    /** Cost of one collective of {@code bytes} per rank, picoseconds; never negative. */
    double timePs(double bytes);

    /**
     * {@code operation} over the first {@code ranks} accelerators of {@code cluster}'s {@code topology} with NCCL's
     * step {@code overheads}, as {@code generation} (serving's, {@link Generation#forServing}), on one channel per ring
     * of a full-mesh domain ({@link MeshRings#spread}: RCCL's on 8 CDNA3 GPUs, else the link-disjoint ones; one
     * channel elsewhere); null when {@code ranks} is 1 (no collective).
     */
    static CollectiveFit of(ClusterTopology topology, ClusterSpec cluster, CollectiveOperation operation, int ranks,
            StepOverheads overheads, Generation generation) {
        if (ranks < 2) {
            return null;
        }
        return new CollectiveCurve(topology, onFabric(CollectiveRequest.of(operation, 1, ranks)
                .withGeneration(generation).withChannels(MeshRings.spread(topology, ranks, generation))
                .withStepOverheads(overheads), cluster));
    }

    /**
     * A send/recv from accelerator 0 to accelerator {@code peer} of {@code cluster}'s {@code topology} with NCCL's
     * step {@code overheads}: the hop between pipeline stages {@code peer} ranks apart.
     */
    static CollectiveFit sendRecv(ClusterTopology topology, ClusterSpec cluster, int peer, StepOverheads overheads) {
        return new CollectiveCurve(topology, onFabric(CollectiveRequest.of(CollectiveOperation.SEND_RECV, 1, peer + 1)
                .withEndpoints(0, peer).withStepOverheads(overheads), cluster));
    }

    /**
     * {@code request} on {@code cluster}'s scale-out fabric: the routing the engine runs it with ({@link
     * ClusterTopologies#routing}) and the behaviour the fabric states ({@link FabricBehaviours#of(ClusterSpec)}),
     * which the flow model applies to the contended scale-out links only; none on a fabric that states no flow
     * control (the ideal) or a cluster of one node; {@code request} as it is for a null {@code cluster} (a topology
     * built without one). The path every serving collective and DeepEP's normal kernels ({@link
     * NormalKernelExchange}) take. O(1), but for a fabric stating its congestion control's parameters the first time
     * ({@link FabricBehaviours#of(ClusterSpec)} measures its row).
     */
    static CollectiveRequest onFabric(CollectiveRequest request, ClusterSpec cluster) {
        return cluster == null ? request
                : request.withRouting(ClusterTopologies.routing(cluster))
                        .withFabricBehaviour(FabricBehaviours.of(cluster));
    }
}
