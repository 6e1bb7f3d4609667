package org.fabricsim.runtime.collective;

import java.util.Locale;

import org.fabricsim.runtime.fabricbehaviour.FabricBehaviour;
import org.fabricsim.runtime.network.MaxMinNetwork;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.sim.HeapAdvice;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * Before a collective runs: the flow classes its busiest phase holds at once and the heap they
 * need, so that a run which cannot fit is refused with the factor to change instead of dying with
 * an out-of-memory error.
 *
 * <p><b>Classes.</b> C = pairs × channels × queue pairs × sprayed paths: pairs = n(n − 1) for an all-to-all (every
 * rank sends to every other at once) and 2n for every other algorithm (a rank sends to at most two
 * peers per step: a ring's successor, a tree's parent and child); channels = the channels whose transfers are
 * flows of their own ({@link CollectiveRequest#flowChannels}): 1 for a point-to-point operation (all-to-all,
 * send-recv, gather, scatter), which sends every pair's bytes on one channel ({@link AllToAllSchedules#CHANNEL}), the
 * request's for every other algorithm (a ring's and a tree's transfers go one per channel, or lane); queue pairs = the
 * flows each channel's transfer between scale-up domains is split into ({@link
 * CollectiveRequest#queuePairsPerChannel}, from the fabric's {@code flows-per-peer} F: F for a point-to-point
 * operation, NCCL's connections per network peer; an upper bound, as transfers inside a domain take one and a pair's
 * queue pairs hashed onto one path merge), 1 under spraying, whose
 * paths read no flow key, so a transfer's queue pairs take the same paths and merge into one class of weight q
 * ({@link TransferRoutes}); sprayed paths = the routes one flow is split into ({@link Router#routeCount}), 1 unless
 * spraying per path (a degraded tree, a torus, a dragonfly; an intact fat-tree, on one plane or several, sprays as one
 * class). A multi-plane NIC's planes are no factor: a flow spread over them is one class ({@link
 * ClusterTopology#groupRoute}). Transfers with the same path merge into one class, so C is an upper bound.
 *
 * <p><b>Bytes.</b> {@link #BYTES_PER_CLASS} per class with paths of up to 4 links, measured: the
 * 2,048-endpoint all-to-all (4,192,256 classes, paths of 4 links) peaks at 1,544 MiB of heap in
 * {@code ScalingHarness} (docs/performance.md), 386 B per class, which covers the flow table (a
 * record of 2 + P ints, five doubles or longs, two ints; measured when the record had one int more,
 * so it stays an upper bound), the completion heap, the link lists, the schedule and the arrays'
 * doubling slack. Longer paths add 12 B per link per class (three int
 * arrays indexed by path position). O(links) for a fabric behaviour's check, O(1) otherwise.
 *
 * <p><b>A derating fabric.</b> When the request's fabric behaviour derates the flow model (flow and
 * congestion control, e.g. PFC with DCQCN: its smallest capacity factor is at most 1 − ε, the test of
 * {@link MaxMinNetwork#setContentionModel}), each solve fills twice and the first, ideal fill keeps a fix
 * log: {@link #DERATED_BYTES_PER_CLASS} more per class, measured on the 2,048-endpoint ECMP all-to-all with
 * RoCE's behaviour (PFC, DCQCN, go-back-N; 4,192,256 classes, paths of 4 links; {@code ScalingHarness
 * -Dbehaviour=roce}, docs/performance.md): it runs in a heap of 1,192 MiB and dies in 1,184 MiB, where the
 * ideal run runs in 800 MiB and dies in 752 MiB, so the derating needs between (1,184 − 800) MiB and
 * (1,192 − 752) MiB more, 96.0 to 110.05 B per class: the upper end, rounded up, 111 B. Counted, it keeps the
 * log, sized once to 2 entries of 5 + P ints per class when the one component every class is in is first
 * filled (its live entries and one fill's room), 72 B at P = 4, each class's ideal rate and log offset (12 B)
 * and the sorted offsets of a partial fill's slower classes with their scratch (16 B): 100 B. The peaks at
 * -Xmx6g differ less (1,694 against 1,633 MiB, 15.3 B per class: the ideal run's garbage between collections
 * covers the log), so the smallest heaps set the figure. The 497 B per class then estimate 1,987 MiB for that
 * run, above the 1,192 MiB it needs and its 1,694 MiB peak. Longer paths add 8 B more per link per class (one
 * int in each of the 2 entries).
 *
 * @param classes       the estimated flow classes C
 * @param bytes         the estimated heap
 * @param peers         pairs per rank (n − 1 for an all-to-all, 2 otherwise)
 * @param channels      the channels that carry flows of their own: 1 for a point-to-point operation, else the request's
 * @param queuePairs    classes per channel's flow between scale-up domains: its queue pairs, 1 under spraying
 * @param sprayedPaths  routes per flow, each a class
 * @param derated       whether the fabric's behaviour derates the flow model (the bytes include its log)
 */
public record FlowClassEstimate(long classes, long bytes, long peers, int channels, int queuePairs,
        int sprayedPaths, boolean derated) {
    /** Measured heap per flow class with paths of up to 4 links (see the class comment). */
    public static final long BYTES_PER_CLASS = 386;
    /** Measured heap per flow class a derating fabric behaviour adds, paths of up to 4 links (class comment). */
    public static final long DERATED_BYTES_PER_CLASS = 111;
    private static final int MEASURED_PATH_LINKS = 4;
    private static final long BYTES_PER_EXTRA_LINK = 12;
    private static final long DERATED_BYTES_PER_EXTRA_LINK = 8;

    /** The estimate for {@code request} on {@code topology}. */
    public static FlowClassEstimate of(ClusterTopology topology, CollectiveRequest request) {
        int ranks = request.ranks();
        long peers = request.operation() == CollectiveOperation.ALL_TO_ALL ? ranks - 1L : Math.min(2, ranks - 1L);
        int routes = ranks > 1 ? new Router(topology, request.routing(), request.seed()).routeCount(0, ranks - 1) : 1;
        int queuePairs = request.routing() == RoutingMode.SPRAY ? 1 : request.queuePairsPerChannel();
        int channels = request.flowChannels();
        long classes = ranks * peers * channels * queuePairs * routes;
        boolean derated = derates(topology, request);
        long extraLinks = Math.max(0, topology.maxRouteLinks() - MEASURED_PATH_LINKS);
        long perClass = BYTES_PER_CLASS + BYTES_PER_EXTRA_LINK * extraLinks
                + (derated ? DERATED_BYTES_PER_CLASS + DERATED_BYTES_PER_EXTRA_LINK * extraLinks : 0);
        return new FlowClassEstimate(classes, classes * perClass, peers, channels, queuePairs, routes, derated);
    }

    /** Whether the flow model runs {@code request} on {@code topology} with a derating ({@link MaxMinNetwork}). */
    private static boolean derates(ClusterTopology topology, CollectiveRequest request) {
        FabricBehaviour behaviour = request.fabricBehaviour();
        return behaviour != null && request.network() == NetworkKind.MAX_MIN
                && behaviour.on(topology).smallestFactor() <= 1 - request.completionTolerance();
    }

    /** Whether {@link #bytes} fit in {@code availableBytes}. */
    public boolean fits(long availableBytes) {
        return bytes <= availableBytes;
    }

    /** Why {@code what} is refused with a heap of {@code availableBytes}: the estimate, its largest factor and the fix. */
    public String refusal(long availableBytes, String what) {
        return String.format(Locale.ROOT,
                "%s would hold about %,d flow classes at once (%,d peers x %d channels x %d queue pairs x %d sprayed"
                        + " paths per accelerator), about %.1f GB of memory%s, more than the heap's %.1f GB; the"
                        + " largest factor is %s. Fix: %s, or %s",
                what, classes, peers, channels, queuePairs, sprayedPaths, bytes / 1e9,
                derated ? " with the fabric's flow and congestion control" : "", availableBytes / 1e9,
                largestFactor(), fix(), HeapAdvice.moreMemory(bytes));
    }

    /** Of the multipliers a model chooses (sprayed paths, channels, queue pairs), the largest; the peers when all are 1. */
    private String largestFactor() {
        return switch (factor()) {
            case 's' -> sprayedPaths + " sprayed paths per flow";
            case 'q' -> queuePairs + " queue pairs per channel";
            case 'c' -> channels + " channels";
            default -> String.format(Locale.ROOT, "%,d peers per accelerator", peers);
        };
    }

    private String fix() {
        return switch (factor()) {
            case 's' -> "this fabric sprays each flow over its paths one class per path (it is degraded, a torus or a"
                    + " dragonfly); route it 'adaptive' instead of spraying";
            case 'q' -> "state fewer 'flows-per-peer' on the fabric";
            case 'c' -> "state fewer channels ('channels 1' or NCCL's count)";
            default -> "run it on fewer nodes ('on CLUSTER nodes N')";
        };
    }

    /** The largest multiplier above 1: 's'prayed paths, 'q'ueue pairs, 'c'hannels (ties in that order), else 'p'eers. */
    private char factor() {
        int largest = Math.max(sprayedPaths, Math.max(queuePairs, channels));
        if (largest == 1) {
            return 'p';
        }
        return sprayedPaths == largest ? 's' : queuePairs == largest ? 'q' : 'c';
    }
}
