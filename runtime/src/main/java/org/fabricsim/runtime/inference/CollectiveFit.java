package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.collective.StepOverheads;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * A collective's cost as the line t(S) = α + β·S through two simulations on the fabric (at
 * {@link #SMALL_BYTES} and {@link #LARGE_BYTES}), so that the per-layer collectives of millions of
 * iterations cost O(1) each instead of one flow simulation each.
 *
 * @param alphaPs        fixed cost, picoseconds
 * @param psPerByte      cost per byte of the per-rank buffer, picoseconds
 */
record CollectiveFit(double alphaPs, double psPerByte) {
    /** 64 KiB: a decode step's activations, latency-dominated. */
    static final long SMALL_BYTES = 64L << 10;
    /** 64 MiB: a long prefill chunk's activations, bandwidth-dominated. */
    static final long LARGE_BYTES = 64L << 20;

    /** Cost of one collective of {@code bytes} per rank. */
    double timePs(double bytes) {
        return alphaPs + psPerByte * bytes;
    }

    /**
     * Fits {@code operation} over the first {@code ranks} accelerators of {@code topology} with
     * NCCL's step {@code overheads}; null when {@code ranks} is 1 (no collective).
     */
    static CollectiveFit of(ClusterTopology topology, CollectiveOperation operation, int ranks,
            StepOverheads overheads) {
        if (ranks < 2) {
            return null;
        }
        return fit(topology, CollectiveRequest.of(operation, SMALL_BYTES, ranks).withStepOverheads(overheads));
    }

    /**
     * Fits a send/recv from accelerator 0 to accelerator {@code peer} of {@code topology} with
     * NCCL's step {@code overheads}: the hop between pipeline stages {@code peer} ranks apart.
     */
    static CollectiveFit sendRecv(ClusterTopology topology, int peer, StepOverheads overheads) {
        return fit(topology, CollectiveRequest.of(CollectiveOperation.SEND_RECV, SMALL_BYTES, peer + 1)
                .withEndpoints(0, peer).withStepOverheads(overheads));
    }

    private static CollectiveFit fit(ClusterTopology topology, CollectiveRequest request) {
        long smallPs = CollectiveEngine.run(topology, request).timePs();
        long largePs = CollectiveEngine.run(topology, request.withSize(LARGE_BYTES)).timePs();
        double psPerByte = Math.max(0, (double) (largePs - smallPs) / (LARGE_BYTES - SMALL_BYTES));
        return new CollectiveFit(Math.max(0, smallPs - psPerByte * SMALL_BYTES), psPerByte);
    }
}
