package org.fabricsim.runtime.collective;

import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.ScaleUpParameters;

/**
 * Link-disjoint directed rings over a full-mesh scale-up domain of k accelerators (the complete
 * graph K_k, a link each way per pair), so that the channels of a ring collective spread over the
 * mesh's links instead of all crossing the one link to the next local index. RCCL builds several
 * rings over an MI300X node for the same reason: every GPU has a dedicated xGMI link to each of its
 * 7 peers and collectives reach good bandwidth only when all the links are used (ROCm/rccl pull
 * request 1270, README "Improving performance on MI300 when using less than 8 GPUs"; AMD ROCm blog
 * "Understanding RCCL Bandwidth and xGMI Performance on AMD Instinct MI300X", 2025: 7 peer links of
 * 64 GB/s per GPU, about 48 GB/s usable each).
 *
 * <p><b>Walecki's decomposition.</b> Odd k = 2m + 1: label the vertices Z_2m and ∞ = 2m. The zigzag
 * path P_0 = 0, 1, −1, 2, −2, …, m − 1, −(m − 1), m visits all of Z_2m; its edges have signed
 * differences 1, −2, 3, …, and sums alternately 1 and 0 (mod 2m), and they are all the m edges of
 * sum 1 and the m − 1 edges of sum 0. Its translate P_j = P_0 + j (j = 0 … m − 1) is therefore
 * exactly the edges of sums 2j and 2j + 1, so the P_j are edge-disjoint and together are K_2m; the
 * cycle H_j = ∞, P_j, ∞ adds the edges ∞–j and ∞–(m + j), which over j cover ∞'s 2m edges once.
 * Hence K_k is the union of (k − 1)/2 edge-disjoint Hamiltonian cycles.
 *
 * <p>Even k = 2m (m ≥ 2): take the decomposition of K_(k−1) on Z_2q ∪ {∞}, q = m − 1, and a second
 * extra vertex ∞' = k − 1. P_0 holds exactly one edge of difference q, a diameter {a, a + q} of
 * Z_2q (its q-th step), so P_j holds the diameter {a + j, a + q + j}; for j = 0 … q − 1 these are the q
 * disjoint diameters, which cover Z_2q. Inserting ∞' into H_j between the ends of its diameter gives
 * a Hamiltonian cycle of K_k; ∞' meets every vertex of Z_2q once. What is left is the diameters and
 * {∞, ∞'}: a perfect matching. Hence K_k is (k − 2)/2 edge-disjoint Hamiltonian cycles plus a
 * perfect matching (k = 2: no cycle; the ring 0 → 1 → 0 uses the one pair's two links).
 *
 * <p>Each cycle run in both directions uses a directed link once, so there are R(k) = k − 1
 * directed rings for odd k, k − 2 for even k ≥ 4 (1 for k ≤ 2), pairwise link-disjoint; a node of 8
 * uses 48 of its 56 directed links. With C channels dealt round-robin over them, the busiest link
 * carries ⌈C / R⌉ channels instead of C. O(k²) to build.
 */
public final class MeshRings {
    private MeshRings() {
    }

    /**
     * How many link-disjoint directed rings a ring collective over a group of {@code g} ranks inside one
     * scale-up domain of {@code topology} spreads its bytes over, 1/R of them on each: R(g) of {@link
     * #directedRings} on a full mesh with 2 &lt; g &le; the domain size, else 1 (a switched domain gives every
     * accelerator one link to the switch whatever its peer; a group beyond one domain crosses it as NCCL's
     * channels). Under RCCL ({@link Generation#rccl}: CDNA3, CDNA4), a group filling a full-mesh domain of 8 runs
     * RCCL's 14 distinct rings instead ({@link RcclMeshRings}: each directed link on 2 of them, so 14 channels load the
     * 7 links of a GPU as the communicator's 56 do, 2/14 = 8/56 of the bytes on each), which the ring schedule deals to
     * channels 0 … 13 when the request carries such a generation; a group of whole such domains across nodes runs
     * {@code rome_model_81}'s 8 paths (each directed link and each NIC rail on one of them, so 8 channels load them as
     * the communicator's 64 do, 1/8 of the bytes on each). The one rule for training's ring steps ({@code
     * FabricPatterns}) and serving's collectives, which request this many channels. O(g²) in one domain, O(g) across.
     */
    public static int spread(ClusterTopology topology, int g, Generation generation) {
        return acrossRcclNodes(topology, g, generation) ? RcclMeshRings.ACROSS_NODES_PATHS
                : inMesh(topology, g) ? rings(g, topology.domainSize(), generation).length : 1;
    }

    /**
     * The successor tables of the rings {@link #spread} deals a group of {@code g} over: {@code successors(...)[r][i]}
     * is the group position after {@code i} on ring r (in one domain its local index; across nodes of 8 such GPUs
     * position 8·node + local index); null where it gives one channel (no mesh to spread over). O(g²).
     */
    public static int[][] successors(ClusterTopology topology, int g, Generation generation) {
        int[][] rings;
        if (acrossRcclNodes(topology, g, generation)) {
            rings = new int[RcclMeshRings.ACROSS_NODES_PATHS][];
            for (int r = 0; r < rings.length; r++) {
                rings[r] = RcclMeshRings.order(g, r);
            }
        } else if (inMesh(topology, g)) {
            rings = rings(g, topology.domainSize(), generation);
        } else {
            return null;
        }
        int[][] next = new int[rings.length][g];
        for (int r = 0; r < rings.length; r++) {
            for (int i = 0; i < g; i++) {
                next[r][rings[r][i]] = rings[r][(i + 1) % g];
            }
        }
        return next;
    }

    /** Whether a group of {@code g} lies inside one full-mesh domain of {@code topology} with more than one ring. */
    private static boolean inMesh(ClusterTopology topology, int g) {
        return topology.scaleUpKind() == ScaleUpParameters.Kind.FULL_MESH && g > 2 && g <= topology.domainSize();
    }

    /** Whether a group of {@code g} is whole full-mesh domains of 8 GPUs under RCCL, more than one, on RCCL's paths. */
    private static boolean acrossRcclNodes(ClusterTopology topology, int g, Generation generation) {
        return generation.rccl() && topology.scaleUpKind() == ScaleUpParameters.Kind.FULL_MESH
                && g > topology.domainSize() && RcclMeshRings.apply(g, topology.domainSize());
    }

    /** RCCL's one-node rings on 8 GPUs under RCCL (CDNA3, CDNA4) filling their domain, else {@link #directedRings}. */
    private static int[][] rings(int g, int domainSize, Generation generation) {
        return generation.rccl() && RcclMeshRings.apply(g, domainSize) ? RcclMeshRings.oneNodeRings()
                : directedRings(g);
    }

    /** The directed rings of K_k, each a sequence of the local indices 0 … k − 1. O(k²). */
    static int[][] directedRings(int k) {
        if (k <= 2) {
            int[] ring = new int[k];
            for (int i = 0; i < k; i++) {
                ring[i] = i;
            }
            return new int[][] {ring};
        }
        int[][] cycles = k % 2 == 1 ? oddCycles(k) : evenCycles(k);
        int[][] rings = new int[2 * cycles.length][];
        for (int j = 0; j < cycles.length; j++) {
            rings[j] = cycles[j];
            int[] reverse = new int[k];
            for (int i = 0; i < k; i++) {
                reverse[i] = cycles[j][(k - i) % k];
            }
            rings[cycles.length + j] = reverse;
        }
        return rings;
    }

    /** The zigzag path's t-th vertex in Z_(2q): 0, 1, −1, 2, −2, …, q. */
    private static int zigzag(int t, int q) {
        int value = t % 2 == 1 ? (t + 1) / 2 : -(t / 2);
        return Math.floorMod(value, 2 * q);
    }

    /** H_j = ∞, P_j for odd k = 2m + 1, ∞ = 2m. */
    private static int[][] oddCycles(int k) {
        int m = (k - 1) / 2;
        int[][] cycles = new int[m][k];
        for (int j = 0; j < m; j++) {
            cycles[j][0] = 2 * m;
            for (int t = 0; t < 2 * m; t++) {
                cycles[j][t + 1] = (zigzag(t, m) + j) % (2 * m);
            }
        }
        return cycles;
    }

    /** H_j = ∞, P_j with ∞' = k − 1 inserted into P_j's diameter (after its q-th vertex), k = 2q + 2. */
    private static int[][] evenCycles(int k) {
        int q = (k - 2) / 2;
        int[][] cycles = new int[q][k];
        for (int j = 0; j < q; j++) {
            int at = 0;
            cycles[j][at++] = 2 * q;
            for (int t = 0; t < 2 * q; t++) {
                if (t == q) {
                    cycles[j][at++] = k - 1;
                }
                cycles[j][at++] = (zigzag(t, q) + j) % (2 * q);
            }
        }
        return cycles;
    }
}
