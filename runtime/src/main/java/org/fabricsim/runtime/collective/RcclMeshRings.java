package org.fabricsim.runtime.collective;

/**
 * The rings RCCL runs over nodes of 8 MI300X (CDNA3, an xGMI link between every pair), read from ROCm/rccl at
 * 0cbce2a7 (2024-10-24), {@code src/graph/rome_models.cc}. RCCL does not search these nodes' rings as NCCL does:
 * {@code ncclTopoCompute} ({@code search.cc}) first matches the node against its table of known platforms
 * ({@code parseA2a8P}: 8 GPUs on 2 CPUs, every pair linked with equal width) and takes the model's rings.
 *
 * <ul>
 * <li><b>One node</b> ({@code rome_model_79}, 8 GPUs, no NIC: on one node the NICs are trimmed): 28 rings, 14
 * Hamiltonian cycles listed twice, 7 of them and their 7 reverses. Each directed link lies on exactly 2 of the 14
 * cycles (checked in {@code RcclMeshRingsTest}), so the 56 channels of the communicator (28 rings doubled by {@code
 * connect.cc}, {@link NcclChannels#communicator}) load every one of a GPU's 7 links alike, where {@link MeshRings}'
 * link-disjoint rings use 6 of them.</li>
 * <li><b>Across nodes</b> ({@code rome_model_81}, 8 GPUs and 8 NICs): 8 Hamiltonian paths through the node, each
 * entering at one GPU from its NIC and leaving from another through its own NIC (N0 0 … 7 N7, N1 1 … 6 N6, …); their
 * 56 directed links are all distinct, and every NIC takes one path in and one out. The ring list repeats them to
 * 64. On even hosts a path runs forward, on odd hosts reversed ({@code parseGraph}, "alternate forward/reverse on
 * ringBase"), so a ring crosses from a node's exit GPU to the same GPU, through the same NIC rail, of the next
 * node, with no hop through a peer to reach the rail (NCCL's PXN).</li>
 * <li><b>Trees across nodes</b> ({@code rome_model_81}'s {@code treeRail}, which {@code parseA2a8P} takes as the
 * tree graph unless {@code RCCL_DISABLE_RAIL_TREES} is set; ROCm/rocm-systems {@code projects/rccl/src/graph/
 * rome_models.cc} at 0eb07b24): 8 Hamiltonian paths, path c starting at GPU c, whose NIC (rail c) carries the
 * channel's tree edges between nodes; their 56 directed links are all distinct, so each tree channel's chain inside
 * a node has links of its own ({@link #treeChains}), where NCCL's chain c, c+1, …, c−1 puts every channel on the
 * same 8.</li>
 * </ul>
 * O(1) per ring.
 */
final class RcclMeshRings {
    /** The node size these models describe. */
    static final int GPUS = 8;
    /** rome_model_79's distinct rings: its ringBase's first 14 (the list repeats them). */
    private static final int[][] ONE_NODE = {
        { 0, 1, 2, 3, 4, 5, 6, 7 }, { 0, 1, 2, 3, 4, 5, 7, 6 }, { 0, 2, 4, 1, 3, 6, 5, 7 }, { 0, 2, 4, 6, 1, 7, 3, 5 },
        { 0, 3, 1, 5, 2, 7, 4, 6 }, { 0, 3, 5, 1, 6, 2, 7, 4 }, { 0, 4, 1, 7, 3, 6, 2, 5 }, { 7, 6, 5, 4, 3, 2, 1, 0 },
        { 6, 7, 5, 4, 3, 2, 1, 0 }, { 7, 5, 6, 3, 1, 4, 2, 0 }, { 5, 3, 7, 1, 6, 4, 2, 0 }, { 6, 4, 7, 2, 5, 1, 3, 0 },
        { 4, 7, 2, 6, 1, 5, 3, 0 }, { 5, 2, 6, 3, 7, 1, 4, 0 } };
    /** rome_model_81's distinct paths, entry GPU first and exit GPU last (its ringBase's first 8 without the NICs). */
    private static final int[][] ACROSS_NODES = {
        { 0, 1, 2, 3, 4, 5, 6, 7 }, { 1, 0, 2, 4, 3, 5, 7, 6 }, { 2, 5, 0, 3, 6, 1, 7, 4 }, { 3, 7, 0, 4, 2, 1, 6, 5 },
        { 4, 6, 2, 7, 3, 0, 5, 1 }, { 5, 4, 7, 1, 3, 2, 6, 0 }, { 6, 3, 1, 4, 0, 7, 5, 2 }, { 7, 2, 0, 6, 4, 1, 5, 3 } };
    /** rome_model_81's treeRail paths, path c starting at GPU c (its list's first 8 without the NICs). */
    private static final int[][] TREE_RAIL = {
        { 0, 1, 2, 4, 3, 6, 5, 7 }, { 1, 0, 4, 7, 3, 5, 2, 6 }, { 2, 3, 0, 5, 6, 1, 7, 4 }, { 3, 2, 7, 0, 6, 4, 1, 5 },
        { 4, 5, 1, 6, 0, 3, 7, 2 }, { 5, 4, 6, 2, 0, 7, 1, 3 }, { 6, 7, 5, 3, 4, 0, 2, 1 }, { 7, 6, 3, 1, 4, 2, 5, 0 } };
    /** rome_model_79's rings, listed twice. */
    static final int ONE_NODE_RINGS = 2 * ONE_NODE.length;
    /** rome_model_81's distinct paths. */
    static final int ACROSS_NODES_PATHS = ACROSS_NODES.length;
    /** rome_model_81's rings: its 8 paths, listed 8 times. */
    static final int ACROSS_NODES_RINGS = GPUS * ACROSS_NODES_PATHS;

    private RcclMeshRings() {
    }

    /** Whether RCCL's models give the rings of {@code ranks} over full-mesh domains of {@code domainSize}. */
    static boolean apply(int ranks, int domainSize) {
        return domainSize == GPUS && ranks % GPUS == 0;
    }

    /** rome_model_79's 14 distinct rings, each a sequence of the local indices 0 … 7. */
    static int[][] oneNodeRings() {
        int[][] rings = new int[ONE_NODE.length][];
        for (int r = 0; r < rings.length; r++) {
            rings[r] = ONE_NODE[r].clone();
        }
        return rings;
    }

    /** rome_model_81's tree chains across nodes: lane c's is treeRail path c, local indices headed by c. */
    static int[][] treeChains() {
        int[][] chains = new int[TREE_RAIL.length][];
        for (int c = 0; c < chains.length; c++) {
            chains[c] = TREE_RAIL[c].clone();
        }
        return chains;
    }

    /**
     * The ring order of channel {@code c} over {@code ranks} (a multiple of 8): on one node rome_model_79's ring
     * c mod 14, else rome_model_81's path c mod 8 on every node, reversed on odd ones.
     */
    static int[] order(int ranks, int channel) {
        int[] order = new int[ranks];
        if (ranks == GPUS) {
            System.arraycopy(ONE_NODE[channel % ONE_NODE.length], 0, order, 0, GPUS);
            return order;
        }
        int[] path = ACROSS_NODES[channel % ACROSS_NODES.length];
        for (int i = 0; i < ranks; i++) {
            int node = i / GPUS;
            int step = i % GPUS;
            order[i] = node * GPUS + path[node % 2 == 0 ? step : GPUS - 1 - step];
        }
        return order;
    }
}
