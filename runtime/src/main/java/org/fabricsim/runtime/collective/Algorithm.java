package org.fabricsim.runtime.collective;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.fabricsim.runtime.sim.Keywords;

/**
 * Collective algorithms; {@link #AUTO} lets {@link AlgorithmSelector} choose by size and topology, as
 * NCCL does. Specs, the language's mapping and the engine all use this one enum; a spec names a
 * built-in algorithm, never {@link #PHASED}, which only results of user-defined collectives carry.
 */
public enum Algorithm {
    /** Pick the applicable algorithm NCCL's tuner would, by its own estimate ({@link NcclEstimate}). */
    AUTO,
    /** Ring (with channels); pipelined chain for broadcast and reduce. */
    RING,
    /** Two complementary binary trees, each carrying half the data, pipelined in chunks. */
    DOUBLE_BINARY_TREE,
    /** Recursive halving (reduce-scatter) then recursive doubling (all-gather); n a power of two. */
    HALVING_DOUBLING,
    /**
     * All-to-all: every pair at once; send-recv, gather and scatter: NCCL's grouped sends and receives, every
     * transfer at once ({@link PointToPointSchedules}).
     */
    DIRECT,
    /** All-to-all: n − 1 rounds, round k pairs i with i + k. */
    PAIRWISE,
    /** Reduce-scatter inside each scale-up domain, all-reduce across domains per rail, all-gather inside. */
    HIERARCHICAL,
    /**
     * In-switch reduction (NVLS, SHARP): send the data up once, receive the result; over several
     * reducing domains NCCL's NVLSTree, with trees across the domains ({@link InNetworkSchedules}).
     */
    IN_NETWORK,
    /**
     * NCCL's CollNet-direct all-reduce across nodes: every GPU sends each local head (one per NIC)
     * its slice over the scale-up switch, each head's slice is reduced by the scale-out switches
     * (SHARP) and comes back, the heads send the result to every local GPU; pipelined. Its
     * reduce-scatter keeps the way up and brings each rank only its part back; its all-gather is the
     * mirror ({@code CollNetSchedules}).
     */
    COLLNET_DIRECT,
    /**
     * NCCL's CollNet-chain all-reduce across nodes: per channel, a chain through the node's GPUs
     * reduces towards the head, the scale-out switches reduce the heads' data (SHARP), and the
     * chain carries the result back; pipelined.
     */
    COLLNET_CHAIN,
    /**
     * On a direct torus whose leading dimensions the ranks fill: the multi-dimensional bucket
     * algorithm, one part of the data per dimension, every dimension busy at once ({@link TorusSchedules}).
     */
    BUCKET,
    /** A user-defined collective: a sequence of {@link CollectivePhase}s ({@link PhasedSchedules}). */
    PHASED;

    /** The operations NCCL runs only as grouped point-to-point calls, on {@link #DIRECT} alone. */
    private static final Set<CollectiveOperation> DIRECT_ONLY =
            EnumSet.of(CollectiveOperation.SEND_RECV, CollectiveOperation.GATHER, CollectiveOperation.SCATTER);

    /**
     * Whether this algorithm has a schedule for {@code operation} on some topology: ring for every operation but
     * all-to-all, send-recv, gather and scatter (a pipelined chain for broadcast and reduce); halving-doubling and
     * bucket for all-reduce, reduce-scatter and all-gather, CollNet-direct too (NCCL's {@code tuning.cc} runs
     * reduce-scatter and all-gather on ring, PAT, NVLS and CollNet-direct); the trees, hierarchical, in-network and
     * CollNet-chain for all-reduce only; direct for all-to-all, send-recv, gather and scatter; pairwise for all-to-all; {@link #AUTO} for every operation. The
     * selector's candidates are the algorithms that serve the operation and whose topology's conditions hold
     * ({@code AlgorithmSelector}); the editor refuses the others by this same rule. O(1).
     */
    public boolean serves(CollectiveOperation operation) {
        return switch (this) {
            case AUTO -> true;
            case RING -> operation != CollectiveOperation.ALL_TO_ALL && !DIRECT_ONLY.contains(operation);
            case HALVING_DOUBLING, BUCKET, COLLNET_DIRECT -> operation == CollectiveOperation.ALL_REDUCE
                    || operation == CollectiveOperation.REDUCE_SCATTER || operation == CollectiveOperation.ALL_GATHER;
            case DOUBLE_BINARY_TREE, HIERARCHICAL, IN_NETWORK, COLLNET_CHAIN ->
                    operation == CollectiveOperation.ALL_REDUCE;
            case DIRECT -> operation == CollectiveOperation.ALL_TO_ALL || DIRECT_ONLY.contains(operation);
            case PAIRWISE -> operation == CollectiveOperation.ALL_TO_ALL;
            case PHASED -> false;
        };
    }

    /** The built-in algorithms other than {@link #AUTO} that serve {@code operation}, in declaration order. */
    public static List<Algorithm> serving(CollectiveOperation operation) {
        List<Algorithm> serving = new ArrayList<>();
        for (Algorithm algorithm : values()) {
            if (algorithm != AUTO && algorithm.serves(operation)) {
                serving.add(algorithm);
            }
        }
        return serving;
    }

    /**
     * The sentence naming the algorithms that serve {@code operation}, in the language's words, that both the run's
     * refusal ({@code AlgorithmSelector}) and the editor's {@code fabric.workload.algorithm-operation} error say:
     * {@code all-to-all runs on 'direct' or 'pairwise'}. O(algorithms).
     */
    public static String runsOn(CollectiveOperation operation) {
        List<Algorithm> algorithms = serving(operation);
        StringBuilder text = new StringBuilder(operation.label()).append(" runs on ");
        for (int i = 0; i < algorithms.size(); i++) {
            text.append(i == 0 ? "" : i == algorithms.size() - 1 ? " or " : ", ")
                    .append('\'').append(algorithms.get(i).label()).append('\'');
        }
        return text.toString();
    }

    /** Whether this is one of NCCL's CollNet algorithms, which reduce in the scale-out switches. */
    public boolean collNet() {
        return this == COLLNET_DIRECT || this == COLLNET_CHAIN;
    }

    /** The name used in reports and in the language, e.g. {@code double-binary-tree}. */
    public String label() {
        return Keywords.of(this);
    }
}
