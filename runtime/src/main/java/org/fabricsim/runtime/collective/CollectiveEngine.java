package org.fabricsim.runtime.collective;

import java.util.List;

import org.fabricsim.runtime.network.AnalyticalNetwork;
import org.fabricsim.runtime.network.MaxMinNetwork;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.network.NetworkModel;
import org.fabricsim.runtime.packet.PacketNetwork;
import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.Graph;

/**
 * The façade of the engine: simulate one collective on a cluster.
 *
 * <pre>{@code
 * ClusterTopology cluster = ClusterTopology.build(new ClusterParameters(
 *         1024, ScaleUpParameters.switched(8, nvlink, true), nicLink,
 *         FatTreeParameters.twoTier(32, 1.0, fabricLink).withRails(8)));
 * CollectiveResult result = CollectiveEngine.run(cluster,
 *         CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 1L << 30, 1024).withChannels(8));
 * }</pre>
 *
 * <p>Steps: (1) build the schedule of the requested algorithm, or of each of NCCL's applicable
 * algorithms for {@link Algorithm#AUTO} ({@link AlgorithmSelector}; all-to-all is always direct, as
 * in NCCL); (2) run each in a fresh {@link Simulation} seeded by the request, on the requested
 * network model with the requested routing and the Simple protocol's step latencies ({@link
 * StepOverheads}); (3) cost every protocol the algorithm runs and the request allows with NCCL's
 * model ({@link ProtocolCost}: bandwidth factor, per-channel caps, per-protocol latencies, base and
 * plateau latency) and keep the (algorithm, protocol) pair the library's own estimate ranks first, as its tuner
 * does (NCCL's, {@link NcclEstimate}; RCCL's on CDNA3 and CDNA4, {@link RcclEstimate}; where no tuner of the
 * library chooses, on a torus or across a network whose tuner plugin does, the fastest simulated pair), RCCL
 * across nodes then putting its size rule's protocol in place of the pair's ({@link RcclProtocols}); (4) summarize per-link bytes into {@link LinkUsage}. A
 * user-defined collective builds its schedule from its phases, grouped by node ({@link PhasedSchedules}), and runs with
 * the Simple protocol.
 *
 * <p>Cost: building the schedule is O(transfers); each solved step costs one max-min solve, O(F·P
 * log L) for F flow classes of ≤ P links over L links, plus re-solves of the touched components
 * on completions; repeated and pattern-identical steps cost O(F·P) (replay of link bytes). A ring
 * all-reduce over n endpoints is therefore O(n·P·log L) instead of O(n²·P·log L). Deterministic:
 * the same topology and request give bit-identical results. Stateless and thread-confined: every
 * call builds its own context.
 */
public final class CollectiveEngine {
    private CollectiveEngine() {
    }

    /** Simulates {@code request} on {@code topology}. */
    public static CollectiveResult run(ClusterTopology topology, CollectiveRequest request) {
        return run(topology, request, new PhaseMemo());
    }

    /**
     * Simulates {@code request} on {@code topology}, reusing the phases {@code memo} solved for
     * earlier requests on the same topology that differ only in size (a sweep; {@link PhaseMemo}).
     */
    public static CollectiveResult run(ClusterTopology topology, CollectiveRequest request, PhaseMemo memo) {
        return run(topology, request, memo, null);
    }

    /**
     * Simulates {@code request} with its ranks on {@code accelerators} (rank r on accelerator
     * accelerators[r]; whole scale-up domains in order, so that node-aware schedules stay node-aware)
     * instead of accelerators 0 … ranks − 1: a job placed on some of a cluster's nodes.
     */
    public static CollectiveResult runPlaced(ClusterTopology topology, CollectiveRequest request,
            int[] accelerators) {
        if (accelerators.length != request.ranks()) {
            throw new IllegalArgumentException("a placement names one accelerator per rank");
        }
        return run(topology, request, new PhaseMemo(), accelerators.clone());
    }

    private static CollectiveResult run(ClusterTopology topology, CollectiveRequest request, PhaseMemo memo,
            int[] accelerators) {
        requireRanks(topology, request);
        if (request.algorithm() != Algorithm.AUTO) {
            Algorithm algorithm = request.algorithm();
            Protocol protocol = request.protocol();
            if (protocol != Protocol.AUTO && !NcclTuning.runs(algorithm, protocol)) {
                throw new IllegalArgumentException("protocol " + protocol.label() + " runs only on ring and tree"
                        + " algorithms, not " + algorithm.label() + "; use Simple or auto");
            }
            Simulated simulated = simulate(topology, request, algorithm, memo, accelerators);
            if (simulated.choice() == null) {
                throw new IllegalArgumentException("protocol " + protocol.label() + " cannot cross this network: LL"
                        + " and LL128 need a network that delivers bytes in order, and this one sprays packets; use"
                        + " Simple or auto");
            }
            return simulated.result();
        }
        Simulated best = null;
        for (Algorithm candidate : AlgorithmSelector.automaticCandidates(topology, request, accelerators)) {
            if (request.protocol() == Protocol.AUTO || NcclTuning.runs(candidate, request.protocol())) {
                Simulated simulated = simulate(topology, request, candidate, memo, accelerators);
                if (simulated.choice() != null
                        && (best == null || simulated.choice().rankPs() < best.choice().rankPs())) {
                    best = simulated;
                }
            }
        }
        if (best == null) {
            throw new IllegalArgumentException("no algorithm runs " + request.operation().label() + " with protocol "
                    + request.protocol().label() + "; use Simple or auto");
        }
        return best.result();
    }

    /**
     * Simulates a user-defined collective: {@code request}'s operation and size, run as {@code
     * phases} over the request's ranks on nodes of {@code acceleratorsPerNode} accelerators (the
     * cluster spec's node, which the phases' scopes group by; {@link PhasedSchedules}). The
     * request's algorithm is ignored, the result's is {@link Algorithm#PHASED}, its protocol Simple.
     * Throws {@link IllegalArgumentException}, in the language's words, for a phase the cluster
     * cannot run.
     */
    public static CollectiveResult run(ClusterTopology topology, CollectiveRequest request,
            List<CollectivePhase> phases, int acceleratorsPerNode) {
        requireRanks(topology, request);
        if (phases.isEmpty()) {
            throw new IllegalArgumentException("a user-defined collective needs at least one phase");
        }
        Schedule schedule = PhasedSchedules.schedule(topology, request, phases, acceleratorsPerNode);
        return simulate(topology, request.withProtocol(Protocol.SIMPLE), Algorithm.PHASED, schedule, new PhaseMemo(),
                0).result();
    }

    /**
     * How many of {@code groups} (each the accelerators of its ranks, in rank order; all at once, as a training's
     * data-parallel groups) the switches let run CollNet-direct: CollNet's conditions on the nodes and the trees
     * granted in turn, spread over the roots as SHARP's aggregation manager builds them ({@code CollNetSchedules}).
     */
    public static int collNetGroupsGranted(ClusterTopology topology, int[][] groups) {
        return CollNetSchedules.granted(topology, groups);
    }

    /**
     * Bytes per link handle when every one of {@code groups} (as {@link #collNetGroupsGranted}'s, all granted) runs
     * {@code operation} of {@code sizeBytes} per rank on CollNet-direct at once, each on its own trees: what the
     * algorithm sends, not a ring's 2(n − 1)/n ({@code CollNetSchedules}). O(groups · k · heads · hops).
     *
     * @throws IllegalArgumentException where the switches refuse some group its trees
     */
    public static double[] collNetLinkBytes(ClusterTopology topology, CollectiveOperation operation, long sizeBytes,
            int[][] groups) {
        return CollNetSchedules.linkBytes(topology, operation, sizeBytes, groups);
    }

    private static void requireRanks(ClusterTopology topology, CollectiveRequest request) {
        if (request.ranks() > topology.accelerators()) {
            throw new IllegalArgumentException(request.ranks() + " ranks on a cluster of " + topology.accelerators()
                    + " accelerators");
        }
    }

    /** Whether {@code request}'s algorithm can run it on {@code topology} ({@link Algorithm#AUTO} always can). */
    public static boolean runs(ClusterTopology topology, CollectiveRequest request) {
        return request.algorithm() == Algorithm.AUTO
                || AlgorithmSelector.candidates(topology, request, null).contains(request.algorithm());
    }

    /**
     * Whether {@code phase}'s algorithm can run one group of its scope ({@link #runs}, the rule a benchmark's algorithm
     * meets; {@link PhasedSchedules} refuses the same phases when the run starts), for {@code ranks} ranks on nodes of
     * {@code acceleratorsPerNode}. A group of one rank runs nothing. O(ranks).
     *
     * @throws IllegalArgumentException where the scope's groups are not whole nodes ({@link PhaseScope#groupRanks})
     */
    public static boolean phaseRuns(ClusterTopology topology, int ranks, CollectivePhase phase,
            int acceleratorsPerNode) {
        int size = phase.scope().groupRanks(ranks, acceleratorsPerNode);
        return size < 2 || runs(topology, CollectiveRequest.of(phase.operation(), 1, size)
                .withAlgorithm(phase.algorithm()));
    }

    /** The algorithm AUTO resolves to for {@code request}. */
    public static Algorithm select(ClusterTopology topology, CollectiveRequest request) {
        List<Algorithm> candidates = AlgorithmSelector.automaticCandidates(topology, request, null);
        return candidates.size() == 1 ? candidates.get(0)
                : run(topology, request.withAlgorithm(Algorithm.AUTO).withReuseSymmetricSteps(true)).algorithm();
    }

    private static Simulated simulate(ClusterTopology topology, CollectiveRequest request, Algorithm algorithm,
            PhaseMemo memo, int[] accelerators) {
        Schedule schedule = AlgorithmSelector.schedule(topology, request, algorithm, accelerators);
        return simulate(topology, request, algorithm, accelerators == null ? schedule : schedule.placed(accelerators),
                memo, accelerators == null ? 0 : CollNetSchedules.localRanks(topology, request.ranks(), accelerators));
    }

    /**
     * Runs the schedule once and costs the protocols the request allows on it, its ranks {@code perNode} to a node
     * (0: the topology's domains filled in order).
     */
    private static Simulated simulate(ClusterTopology topology, CollectiveRequest request, Algorithm algorithm,
            Schedule schedule, PhaseMemo memo, int perNode) {
        Simulation simulation = new Simulation(request.seed());
        Graph graph = topology.graph();
        if (request.fabricBehaviour() != null && request.network() != NetworkKind.MAX_MIN) {
            throw new IllegalArgumentException("a fabric behaviour is the flow model's: the " + request.network()
                    + " network model does not apply it");
        }
        NetworkModel network = switch (request.network()) {
            case MAX_MIN -> maxMin(simulation, topology, request);
            case ANALYTICAL -> new AnalyticalNetwork(simulation, graph, topology.maxRouteLinks());
            case PACKET -> PacketNetwork.of(simulation, graph, request.packetFabric(), schedule.totalBytes(),
                    topology.maxRouteLinks());
        };
        Router router = new Router(topology, request.routing(), request.seed());
        ScheduleRunner runner = new ScheduleRunner(topology, router, network, simulation, request, algorithm, memo);
        long simulatedPs = runner.run(schedule);
        ProtocolCost cost = new ProtocolCost(topology, request, algorithm, schedule, runner.hops(), simulatedPs,
                runner.propagationPs(), perNode);
        boolean estimated = NcclEstimate.applies(topology, request, algorithm);
        Choice choice = null;
        for (Protocol protocol : Protocol.CONCRETE) {
            if (cost.allows(protocol)) {
                long timePs = cost.timePs(protocol);
                Choice candidate = new Choice(protocol, timePs, cost.channels(protocol),
                        estimated ? cost.estimatePs(protocol) : timePs, cost.bound(protocol, timePs));
                choice = choice == null || candidate.rankPs() < choice.rankPs() ? candidate : choice;
            }
        }
        Protocol rccl = cost.rcclProtocol();
        if (choice != null && rccl != Protocol.AUTO && rccl != choice.protocol()) {
            // RCCL replaces the protocol after its cost model chose the pair; the algorithms still compare by it.
            long timePs = cost.timePs(rccl);
            choice = new Choice(rccl, timePs, cost.channels(rccl), choice.rankPs(), cost.bound(rccl, timePs));
        }
        return new Simulated(topology, request, algorithm, schedule, simulation, network, runner, choice);
    }

    /** The flow model, its contended bottlenecks derated by the request's fabric behaviour when it has one. */
    private static MaxMinNetwork maxMin(Simulation simulation, ClusterTopology topology, CollectiveRequest request) {
        MaxMinNetwork network = new MaxMinNetwork(simulation, topology.graph(), topology.maxRouteLinks(),
                request.completionTolerance());
        if (request.fabricBehaviour() != null) {
            network.setContentionModel(request.fabricBehaviour().on(topology));
        }
        return network;
    }

    /**
     * A protocol's cost: its time, the channels it runs on, what the choice compares: NCCL's estimate
     * where NCCL chooses ({@link NcclEstimate#applies}), else the time, and what bounds the time ({@link
     * ProtocolCost#bound}).
     */
    private record Choice(Protocol protocol, long timePs, int channels, long rankPs, String bound) {
    }

    /** One simulated schedule and the protocol chosen for it. */
    private record Simulated(ClusterTopology topology, CollectiveRequest request, Algorithm algorithm,
            Schedule schedule, Simulation simulation, NetworkModel network, ScheduleRunner runner, Choice choice) {

        CollectiveResult result() {
            Graph graph = topology.graph();
            int links = graph.linkCount();
            double[] linkBytes = new double[links];
            for (int link = 0; link < links; link++) {
                linkBytes[link] = runner.linkBytes(link);
            }
            // Queued back to back, a call takes at least its kernels' launches (StepOverheads#launchFloorPs); NCCL
            // chooses by its device estimate, before the floor.
            long timePs = Math.max(choice.timePs(), request.stepOverheads().launchFloorPs());
            double seconds = timePs / 1e12;
            double algbwGBps = timePs == 0 ? 0 : request.sizeBytes() / seconds / 1e9;
            double busbwGBps = algbwGBps * request.operation().busBandwidthFactor(request.ranks());
            long steps = schedule.steps();
            return new CollectiveResult(request.operation(), algorithm, choice.protocol(), choice.channels(),
                    request.ranks(), request.sizeBytes(), timePs, algbwGBps, busbwGBps, schedule.totalBytes(),
                    network.bytesDelivered() + runner.replayedBytes(), steps, steps - runner.stepsReused(),
                    runner.stepsReused(), simulation.eventsFired() + network.statistics().completionBatches(),
                    network.statistics(), usage(graph, linkBytes, seconds), linkBytes, topology.describe(),
                    network instanceof PacketNetwork packet ? packet.counters().busiestPorts() : List.of(),
                    choice.bound());
        }
    }

    private static LinkUsage usage(Graph graph, double[] linkBytes, double seconds) {
        int used = 0;
        double sum = 0;
        double max = 0;
        int hottest = -1;
        for (int link = 0; link < linkBytes.length; link++) {
            if (linkBytes[link] <= 0 || seconds <= 0) {
                continue;
            }
            double utilization = linkBytes[link] / (graph.linkBytesPerSecond(link) * seconds);
            used++;
            sum += utilization;
            if (utilization > max) {
                max = utilization;
                hottest = link;
            }
        }
        return new LinkUsage(used, max, used == 0 ? 0 : sum / used, hottest,
                hottest < 0 ? -1 : graph.linkFrom(hottest), hottest < 0 ? -1 : graph.linkTo(hottest));
    }
}
