package org.fabricsim.runtime.training;

import java.util.Arrays;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.collective.Generation;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * A training's data-parallel reduce-scatters, all-gathers and all-reduces on NCCL's CollNet-direct, reduced in the
 * scale-out switches (NCCL_COLLNET_ENABLE=1 with the SHARP plugin, {@link
 * org.fabricsim.runtime.spec.TrainingSpec#collNet}). Every data-parallel group asks for its aggregation trees at
 * once, in the order of its first rank, spread over the roots as SHARP's aggregation manager builds them ({@link
 * CollectiveEngine#collNetGroupsGranted}); a group of one GPU per node (TP inside the node) is one rank per node.
 *
 * <p>A call's CollNet time is the collective engine's CollNet-direct schedule of the first group alone: a granted tree
 * holds its switch ports alone (SHARPv3/v4: one tree per port) and CollNet moves nothing between nodes but on its
 * trees, so the groups share no link between nodes and one group's time beside the others is its time alone (the
 * pipeline sends that run beside it are left out). NCCL's tuner runs a call on CollNet where its estimate is the
 * smaller, and its estimate sees the group alone (its topology graph's bandwidths, not the other groups' traffic), so
 * the call takes CollNet where the first group's CollNet schedule alone is faster than its ring alone, and the
 * step's ring (all groups at once) otherwise ({@link #choose}). With one GPU per node a reduce-scatter or all-gather
 * sends S through each NIC on CollNet against the ring's (n − 1)/n·S, so at a large buffer NCCL keeps the ring even
 * where the groups' rings contend; an all-reduce sends S against 2(n − 1)/n·S, so CollNet. A group refused its trees
 * runs the ring, and a step waits for its slowest group, so CollNet serves the job only when every group is granted
 * ({@link #serves}). O(groups · hops) to grant; two small engine runs per distinct call.
 *
 * <p>NCCL_ALGO ({@link org.fabricsim.runtime.spec.TrainingSpec#dataParallelAlgorithm}): {@code RING} keeps every call
 * on the ring; {@code COLLNET_DIRECT} puts every call on CollNet, and where some group is refused its trees the run
 * stops, as NCCL does ("No algorithm/protocol available ... NCCL_ALGO was set to ...", {@code enqueue.cc}).
 *
 * <p>Link bytes ({@link #count}): a call on CollNet adds what every group's CollNet-direct schedule sends on its own
 * trees ({@link CollectiveEngine#collNetLinkBytes}), computed once per operation and scaled by size (the bytes are
 * linear in it): with one GPU per node each NIC S up and S/n down for a reduce-scatter, the reverse for an
 * all-gather, S each way for an all-reduce, against the ring's (n − 1)/n·S each way per ring.
 */
final class DataParallelCollNet {
    private final ClusterTopology topology;
    private final Calibration calibration;
    private final Generation generation;
    private final RoutingMode routing;
    private final long seed;
    private final Algorithm forced;
    private final int[][] members;
    private final int[] first;
    private final int groups;
    private final int granted;
    private double[] sizes = new double[8];
    private CollectiveOperation[] operations = new CollectiveOperation[8];
    private Algorithm[] algorithms = new Algorithm[8];
    private double[] seconds = new double[8];
    private int cached;
    private boolean chosen;
    /** By operation ordinal, CollNet's bytes per link of every group at once at {@link #linkSizeBytes}, or null. */
    private final double[][] linkBytes = new double[CollectiveOperation.values().length][];
    private final long linkSizeBytes;

    /**
     * The data-parallel groups of {@code placement} (rank r on {@code accelerators[r]}, null: on r) on {@code
     * topology}, their calls at {@code calibration}'s step latencies on {@code generation}, routed by {@code routing},
     * the algorithm {@code forced} as NCCL_ALGO forces it ({@code AUTO}: the tuner's, {@code RING}, {@code
     * COLLNET_DIRECT}).
     *
     * @throws IllegalArgumentException where CollNet is forced and some group cannot run it or is refused its trees
     */
    DataParallelCollNet(ClusterTopology topology, Placement placement, int[] accelerators, Calibration calibration,
            Generation generation, RoutingMode routing, long seed, Algorithm forced) {
        int dp = placement.size(Axis.DATA);
        int[][] members = new int[placement.accelerators() / dp][dp];
        int g = 0;
        for (int rank = 0; rank < placement.accelerators(); rank++) {
            if (placement.coordinate(rank, Axis.DATA) == 0) {
                for (int i = 0; i < dp; i++) {
                    int member = placement.shift(rank, Axis.DATA, i);
                    members[g][i] = accelerators == null ? member : accelerators[member];
                }
                g++;
            }
        }
        this.topology = topology;
        this.calibration = calibration;
        this.generation = generation;
        this.routing = routing;
        this.seed = seed;
        this.forced = forced;
        this.members = members;
        this.first = members[0];
        this.groups = members.length;
        this.granted = dp < 2 || !topology.scaleOutReduces() ? 0
                : CollectiveEngine.collNetGroupsGranted(topology, members);
        this.linkSizeBytes = (long) dp << 20; // S/n and S/k whole bytes
        if (forced == Algorithm.COLLNET_DIRECT && !serves()) {
            throw new IllegalArgumentException("'dp-algorithm collnet-direct' forces CollNet (NCCL_ALGO=CollNetDirect),"
                    + " and " + (groups - granted) + " of the " + groups + " data-parallel groups cannot run it: "
                    + (topology.scaleOutReduces() ? "their nodes cannot run CollNet (at least 2 nodes, at most 8 GPUs"
                            + " a node, an NVSwitch-like scale-up) or the switches refuse them aggregation trees"
                            + " (SHARPv3 and v4 host one tree per port)"
                            : "the scale-out switches do not reduce")
                    + ", so NCCL stops with 'No algorithm/protocol available'. Write 'dp-algorithm auto' or 'ring'.");
        }
    }

    /** The data-parallel groups. */
    int groups() {
        return groups;
    }

    /** The groups the switches granted their trees. */
    int granted() {
        return granted;
    }

    /** Whether every group runs CollNet, so that a call's time may be CollNet's. */
    boolean serves() {
        return groups > 0 && granted == groups;
    }

    /** Whether some call took CollNet's time ({@link #choose}). */
    boolean chosen() {
        return chosen;
    }

    /**
     * The seconds of {@code operation} of {@code bufferBytes}: CollNet's where every group is granted and the first
     * group alone runs it faster on CollNet than on the ring, else {@code ringSeconds} (all groups' rings at once).
     */
    double choose(CollectiveOperation operation, double bufferBytes, double ringSeconds) {
        boolean taken = takes(operation, bufferBytes);
        chosen |= taken;
        return taken ? seconds(operation, Algorithm.COLLNET_DIRECT, bufferBytes) : ringSeconds;
    }

    /**
     * Whether {@code operation} of {@code bufferBytes} runs on CollNet: always where NCCL_ALGO forces it, never where
     * it forces the ring or some group is refused, else where the first group alone runs it faster so (the tuner). A
     * reduce-scatter decides for an all-gather of the same size: the two cost the same.
     */
    boolean takes(CollectiveOperation operation, double bufferBytes) {
        if (forced == Algorithm.RING || !serves() || !(bufferBytes >= first.length)) {
            return false;
        }
        CollectiveOperation decides = operation == CollectiveOperation.ALL_GATHER ? CollectiveOperation.REDUCE_SCATTER
                : operation;
        return forced == Algorithm.COLLNET_DIRECT || seconds(decides, Algorithm.COLLNET_DIRECT, bufferBytes)
                < seconds(decides, Algorithm.RING, bufferBytes);
    }

    /**
     * Adds {@code times} calls of {@code operation} of {@code bufferBytes} on CollNet, every group at once, to
     * {@code traffic}: the groups' CollNet-direct link bytes at a reference size, scaled linearly. O(links) after
     * the first call of an operation.
     */
    void count(CollectiveOperation operation, double bufferBytes, double times, LinkTraffic traffic) {
        int o = operation.ordinal();
        if (linkBytes[o] == null) {
            linkBytes[o] = CollectiveEngine.collNetLinkBytes(topology, operation, linkSizeBytes, members);
        }
        traffic.add(linkBytes[o], times * bufferBytes / linkSizeBytes);
    }

    /**
     * {@code result} with the groups, the groups granted their trees, whether a call ran on CollNet and whether
     * NCCL_ALGO forced it there ({@code collnetForced}), under the
     * keys docs/results-schema.md names; {@code result} itself when {@code collNet} is null (the job does not
     * enable CollNet).
     */
    static RunResult report(RunResult result, DataParallelCollNet collNet) {
        return collNet == null ? result : result.withMetric("collnetGroups", collNet.groups)
                .withMetric("collnetGroupsGranted", collNet.granted).withMetric("collnetChosen", collNet.chosen)
                .withMetric("collnetForced", collNet.forced == Algorithm.COLLNET_DIRECT);
    }

    /** Seconds of {@code operation} of {@code bufferBytes} by {@code algorithm} on the first group alone, memoized. */
    private double seconds(CollectiveOperation operation, Algorithm algorithm, double bufferBytes) {
        for (int i = 0; i < cached; i++) {
            if (sizes[i] == bufferBytes && operations[i] == operation && algorithms[i] == algorithm) {
                return seconds[i];
            }
        }
        CollectiveRequest request = CollectiveRequest.of(operation, Math.round(bufferBytes), first.length)
                .withAlgorithm(algorithm).withGeneration(generation)
                .withStepOverheads(calibration.stepOverheads()).withRouting(routing).withSeed(seed);
        double time = CollectiveEngine.runPlaced(topology, request, first).timeSeconds();
        if (cached == sizes.length) {
            sizes = Arrays.copyOf(sizes, 2 * cached);
            operations = Arrays.copyOf(operations, 2 * cached);
            algorithms = Arrays.copyOf(algorithms, 2 * cached);
            seconds = Arrays.copyOf(seconds, 2 * cached);
        }
        sizes[cached] = bufferBytes;
        operations[cached] = operation;
        algorithms[cached] = algorithm;
        seconds[cached++] = time;
        return time;
    }
}
