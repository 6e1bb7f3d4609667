package org.fabricsim.runtime.collective;

import java.util.HashMap;
import java.util.Map;

import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.network.NetworkModel;
import org.fabricsim.runtime.routing.RoutingMode;

/**
 * Solved phases, reused within a run and, for a sweep over sizes, across the runs on one topology.
 *
 * <p>In the fluid max-min model a phase whose transfers all scale by x lasts x times as long, its
 * per-link bytes scale by x and its time in flight stays (rates do not depend on sizes). A phase
 * whose transfers all carry the same bytes b (every built-in schedule: a ring's chunks, a tree's,
 * NVLS's wire bytes) is therefore solved once per pattern and request shape and scaled by b / b₀ at
 * any other size. A phase of unequal transfers (a traffic matrix) is reused only within its own run,
 * where the same pattern key means the same transfers. The request shape is everything but the
 * size: algorithm, operation, ranks, channels, endpoints, routing, network model, seed, tolerance
 * and pipeline chunk. The memo belongs to one topology and is not thread-safe; a sweep creates one
 * and passes it to every {@link CollectiveEngine#run(org.fabricsim.runtime.topology.ClusterTopology,
 * CollectiveRequest, PhaseMemo)} of that topology. Lookups are O(1); storing a phase keeps its
 * non-zero link bytes, O(links).
 */
public final class PhaseMemo {
    /** A transfer time whose picosecond rounding is below 10⁻⁶ of it: 1 µs. */
    static final long PRECISE_PS = 1_000_000;

    private final Map<Key, Solved> solved = new HashMap<>();
    private int runs;

    /** A solved phase: its transfer time and per-link bytes at {@code referenceBytes} per transfer. */
    record Solved(int run, int transfers, double referenceBytes, boolean uniform, long transferPs, long propagationPs,
            int[] links, double[] linkBytes) {
    }

    private record Key(Shape shape, long patternKey) {
    }

    /** A new run's identity, which within-run entries are bound to. */
    int newRun() {
        return ++runs;
    }

    /**
     * The entry solved for {@code patternKey} of a request of {@code shape} that a phase of {@code
     * transfers} transfers in run {@code run} may reuse, or null. {@code bytes} is what each of its
     * transfers carries, NaN when they differ. An entry of another run serves only equal transfers,
     * and only where scaling keeps the picosecond rounding of its solve below 10⁻⁶: at its size or
     * below, or above it when its transfer time is at least {@link #PRECISE_PS}. A sweep therefore
     * solves its largest size first.
     */
    Solved find(Shape shape, long patternKey, int run, int transfers, double bytes) {
        Solved entry = solved.get(new Key(shape, patternKey));
        if (entry == null || entry.transfers() != transfers) {
            return null;
        }
        boolean scalable = !Double.isNaN(bytes) && entry.uniform()
                && (bytes <= entry.referenceBytes() || entry.transferPs() >= PRECISE_PS);
        return entry.run() == run || scalable ? entry : null;
    }

    /** Keeps a solved phase unless an entry solved at a larger size of equal transfers is kept already. */
    void store(Shape shape, long patternKey, Solved entry) {
        Key key = new Key(shape, patternKey);
        Solved kept = solved.get(key);
        if (kept == null || !kept.uniform() || !entry.uniform() || entry.referenceBytes() >= kept.referenceBytes()) {
            solved.put(key, entry);
        }
    }

    /** A request's shape: everything that decides a phase's rates but its size. */
    record Shape(Algorithm algorithm, CollectiveOperation operation, int ranks, int channels, int root, int peer,
            RoutingMode routing, NetworkKind network, long seed, double completionTolerance,
            long pipelineChunkBytes, int flowsPerPeer) {

        static Shape of(CollectiveRequest request, Algorithm algorithm) {
            return new Shape(algorithm, request.operation(), request.ranks(), request.channels(), request.root(),
                    request.peer(), request.routing(), request.network(), request.seed(),
                    request.completionTolerance(), request.pipelineChunkBytes(), request.flowsPerPeer());
        }
    }

    /** Copies the network's per-link bytes into {@code into}. O(links). */
    static void snapshot(NetworkModel network, double[] into) {
        for (int link = 0; link < into.length; link++) {
            into[link] = network.linkBytes(link);
        }
    }

    /**
     * The entry of a phase just solved: its transfers of {@code bytes} each (NaN when they differ),
     * and the non-zero per-link bytes it added to {@code network} since {@code before} was taken.
     */
    static Solved solvedFrom(int run, int transfers, double bytes, long transferPs, long propagationPs,
            double[] before, NetworkModel network) {
        double[] added = new double[before.length];
        int count = 0;
        for (int link = 0; link < before.length; link++) {
            added[link] = network.linkBytes(link) - before[link];
            count += added[link] != 0 ? 1 : 0;
        }
        int[] links = new int[count];
        double[] linkBytes = new double[count];
        int i = 0;
        for (int link = 0; link < added.length; link++) {
            if (added[link] != 0) {
                links[i] = link;
                linkBytes[i++] = added[link];
            }
        }
        boolean uniform = !Double.isNaN(bytes);
        return new Solved(run, transfers, uniform ? bytes : 1, uniform, transferPs, propagationPs, links, linkBytes);
    }
}
