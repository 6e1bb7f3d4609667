package org.fabricsim.runtime.routing;

import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.PathChoice;

/**
 * Turns (source, destination, flow key) into a path under a {@link RoutingMode}.
 *
 * <p>ECMP choice at a hop with n candidates: {@code floorMod(mix64(seed ⊕ key·φ ⊕ hop·ψ), n)} with
 * the SplitMix64 finalizer. Adaptive choice: argmin of the bytes routed so far in the phase over
 * the candidates, each candidate's with those of the one link down toward the destination it commits the route to
 * where the fabric names it (a fat-tree: {@link PathChoice#choose(int, int, int, int, int, int)}); {@link #commit}
 * adds a flow's bytes to the links of its path (a link group's to its
 * first member, {@link Graph#firstMember}, the link the choice reads) and
 * {@link #resetLoad} clears only the links that were touched; on a degraded hop, whose candidates are
 * not contiguous ({@link PathChoice#NOT_CONTIGUOUS}), it falls back to the hash.
 *
 * <p>A flow spread evenly over parallel links is one path of link groups ({@link ClusterTopology#groupRoute}), one
 * max-min variable whose rate splits evenly over its routes (each member of a hop's group of m carries rate/m).
 * Spraying, on a fabric whose link groups spraying loads evenly ({@link ClusterTopology#spraysOverGroups}): every
 * route at once, so {@link #routeCount} is 1. A multi-plane NIC's port is not a hop any switch chooses: in every mode
 * a flow across a multi-plane fabric spreads over the P ports ({@link ClusterTopology#nicPorts}) as the NIC spreads
 * it, its path the groups of the P twins of each link its choice picks in one plane, or sprayed the groups of every
 * plane's links it sprays over (P·u a hop); so a multi-plane flow is one variable, not P, nor P·u sprayed. Spraying
 * elsewhere (a degraded tree, a torus, a dragonfly):
 * subflow s of a flow with {@link #routeCount} = R paths (a multi-plane fabric's minimal routes ÷ P, one plane's)
 * takes the path whose mixed-radix digits (one per hop) are s.
 * Every call is O(hops) and allocates nothing.
 */
public final class Router {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final long HOP_MIX = 0xC2B2AE3D27D4EB4FL;
    /**
     * A fat-tree's link down of candidate i, {@code firstDownLink + i·downStride}, as a committed link: the two ints a
     * fabric's {@link PathChoice.CommittedLinks} reads as its route's switches carry the first link down and the stride.
     */
    private static final PathChoice.CommittedLinks STRIDED = (firstDownLink, downStride, i, k) -> firstDownLink
            + i * downStride;

    private final ClusterTopology topology;
    private final Graph graph;
    private final RoutingMode mode;
    private final boolean sprayGroups;
    private final long seed;
    private final double[] loadBytes;
    private final int[] touched;
    private final boolean[] isTouched;
    private int touchedCount;
    private long currentKey;
    private int currentSubflow;
    private final PathChoice ecmp = this::chooseByHash;
    private final PathChoice adaptive = new PathChoice() {
        @Override
        public int choose(int hop, int firstLink, int stride, int candidates) {
            return chooseLeastLoaded(hop, firstLink, stride, candidates, STRIDED, 0, 0, 0, false);
        }

        @Override
        public int choose(int hop, int firstLink, int stride, int candidates, int firstDownLink, int downStride) {
            return chooseLeastLoaded(hop, firstLink, stride, candidates, STRIDED, firstDownLink, downStride, 1, false);
        }

        @Override
        public int choose(int hop, int firstLink, int stride, int candidates, PathChoice.CommittedLinks committed,
                int source, int destination, int count) {
            return chooseLeastLoaded(hop, firstLink, stride, candidates, committed, source, destination, count, true);
        }
    };
    private final PathChoice spray = this::chooseBySubflow;

    public Router(ClusterTopology topology, RoutingMode mode, long seed) {
        this.topology = topology;
        this.graph = topology.graph();
        this.mode = mode;
        this.seed = seed;
        this.sprayGroups = mode == RoutingMode.SPRAY && topology.spraysOverGroups();
        int links = graph.linkCount();
        boolean adaptiveMode = mode == RoutingMode.ADAPTIVE;
        this.loadBytes = adaptiveMode ? new double[links] : null;
        this.touched = adaptiveMode ? new int[links] : null;
        this.isTouched = adaptiveMode ? new boolean[links] : null;
    }

    public RoutingMode mode() {
        return mode;
    }

    public ClusterTopology topology() {
        return topology;
    }

    /**
     * The number of subflows a flow from src to dst is split into: spraying per path, its minimal routes in one plane
     * (÷ the NIC ports it spreads over, {@link ClusterTopology#nicPorts}, which its one path covers); else 1.
     */
    public int routeCount(int src, int dst) {
        return mode == RoutingMode.SPRAY && !sprayGroups
                ? topology.minimalRouteCount(src, dst) / topology.nicPorts(src, dst) : 1;
    }

    /**
     * Writes the path of subflow {@code subflow} of the flow {@code flowKey} from src to dst.
     *
     * @return the number of links written
     */
    public int route(int src, int dst, long flowKey, int subflow, int[] out) {
        currentKey = flowKey;
        currentSubflow = subflow;
        PathChoice choice = mode == RoutingMode.ECMP ? ecmp : mode == RoutingMode.ADAPTIVE ? adaptive : spray;
        return sprayGroups || topology.nicPorts(src, dst) > 1
                ? topology.groupRoute(src, dst, choice, sprayGroups, out) : topology.route(src, dst, choice, out);
    }

    /** Records {@code bytes} on a path for adaptive routing; does nothing in other modes. */
    public void commit(int[] path, int length, double bytes) {
        if (loadBytes == null) {
            return;
        }
        for (int i = 0; i < length; i++) {
            int link = graph.firstMember(path[i]);
            if (!isTouched[link]) {
                isTouched[link] = true;
                touched[touchedCount++] = link;
            }
            loadBytes[link] += bytes;
        }
    }

    /** Forgets the loads recorded since the last reset. O(links touched). */
    public void resetLoad() {
        for (int i = 0; i < touchedCount; i++) {
            loadBytes[touched[i]] = 0;
            isTouched[touched[i]] = false;
        }
        touchedCount = 0;
    }

    /** The key of a connection: source, destination and channel. */
    public static long flowKey(int src, int dst, int channel) {
        return ((long) src << 32 | (dst & 0xFFFFFFFFL)) * 31 + channel;
    }

    private int chooseByHash(int hop, int firstLink, int stride, int candidates) {
        if (candidates == 1) {
            return 0;
        }
        long hash = mix64(seed ^ currentKey * GOLDEN ^ (hop + 1) * HOP_MIX);
        // a power of two divides as a mask (the unsigned remainder's low bits), without a 64-bit division
        return (candidates & candidates - 1) == 0 ? (int) (hash & candidates - 1)
                : (int) Long.remainderUnsigned(hash, candidates);
    }

    /**
     * The candidate of the least load, ties to the first from the hashed start. A candidate's load is its link's bytes
     * with those of the links it commits the route to ({@code committed}, {@code count} of them): their sum where
     * every candidate commits to as many (a fat-tree's one link down toward the destination, {@code firstDownLink +
     * i·downStride}: what the leaf's queue toward the candidate holds when the fabric's backpressure stacks the
     * spine's queue behind it), their largest where {@code bottleneck} (a dragonfly's local links before and after
     * its global link, which a candidate may or may not cross: the sum would weigh routes of one to three links
     * against each other by their length, the largest is the link that sets the rate max-min sharing gives the flow).
     * O(candidates · (count + 1)).
     */
    private int chooseLeastLoaded(int hop, int firstLink, int stride, int candidates,
            PathChoice.CommittedLinks committed, int source, int destination, int count, boolean bottleneck) {
        int start = chooseByHash(hop, firstLink, stride, candidates);
        if (firstLink == PathChoice.NOT_CONTIGUOUS) {
            return start;
        }
        int best = start;
        double bestLoad = Double.POSITIVE_INFINITY;
        for (int i = 0; i < candidates; i++) {
            int candidate = (start + i) % candidates;
            double load = loadBytes[firstLink + candidate * stride];
            for (int k = 0; k < count; k++) {
                int link = committed.link(source, destination, candidate, k);
                double bytes = link == PathChoice.CommittedLinks.NONE ? 0 : loadBytes[link];
                load = bottleneck ? Math.max(load, bytes) : load + bytes;
            }
            if (load < bestLoad) {
                bestLoad = load;
                best = candidate;
            }
        }
        return best;
    }

    private int chooseBySubflow(int hop, int firstLink, int stride, int candidates) {
        int digit = currentSubflow % candidates;
        currentSubflow /= candidates;
        return digit;
    }

    private static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
