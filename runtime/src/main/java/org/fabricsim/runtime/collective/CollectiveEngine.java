package org.fabricsim.runtime.collective;

import java.util.List;

import org.fabricsim.runtime.network.AnalyticalNetwork;
import org.fabricsim.runtime.network.MaxMinNetwork;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.network.NetworkModel;
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
 * <p>Steps: (1) resolve {@link Algorithm#AUTO} with {@link AlgorithmSelector}: simulate each of
 * NCCL's applicable algorithms on the requested network model (steps reused) and keep the fastest;
 * all-to-all is always direct, as in NCCL; (2) build the schedule;
 * (3) run it in a fresh {@link Simulation} seeded by the request, on the requested network model
 * with the requested routing, adding NCCL's ring base and plateau latency ({@link StepOverheads});
 * (4) summarize per-link bytes into {@link LinkUsage}. A user-defined collective skips (1) and
 * builds its schedule from its phases, grouped by node ({@link PhasedSchedules}).
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
        requireRanks(topology, request);
        Algorithm algorithm = request.algorithm() == Algorithm.AUTO ? select(topology, request) : request.algorithm();
        return execute(topology, request, algorithm, AlgorithmSelector.schedule(topology, request, algorithm));
    }

    /**
     * Simulates a user-defined collective: {@code request}'s operation and size, run as {@code
     * phases} over the request's ranks on nodes of {@code acceleratorsPerNode} accelerators (the
     * cluster spec's node, which the phases' scopes group by; {@link PhasedSchedules}). The
     * request's algorithm is ignored, the result's is {@link Algorithm#PHASED}. Throws {@link
     * IllegalArgumentException}, in the language's words, for a phase the cluster cannot run.
     */
    public static CollectiveResult run(ClusterTopology topology, CollectiveRequest request,
            List<CollectivePhase> phases, int acceleratorsPerNode) {
        requireRanks(topology, request);
        if (phases.isEmpty()) {
            throw new IllegalArgumentException("a user-defined collective needs at least one phase");
        }
        return execute(topology, request, Algorithm.PHASED,
                PhasedSchedules.schedule(topology, request, phases, acceleratorsPerNode));
    }

    private static void requireRanks(ClusterTopology topology, CollectiveRequest request) {
        if (request.ranks() > topology.accelerators()) {
            throw new IllegalArgumentException(request.ranks() + " ranks on a cluster of " + topology.accelerators()
                    + " accelerators");
        }
    }

    /** The algorithm AUTO resolves to for {@code request}. */
    public static Algorithm select(ClusterTopology topology, CollectiveRequest request) {
        List<Algorithm> candidates = AlgorithmSelector.automaticCandidates(topology, request);
        if (candidates.size() == 1) {
            return candidates.get(0);
        }
        CollectiveRequest estimate = request.withReuseSymmetricSteps(true);
        Algorithm best = candidates.get(0);
        long bestPs = Long.MAX_VALUE;
        for (Algorithm candidate : candidates) {
            long timePs = execute(topology, estimate, candidate,
                    AlgorithmSelector.schedule(topology, estimate, candidate)).timePs();
            if (timePs < bestPs) {
                bestPs = timePs;
                best = candidate;
            }
        }
        return best;
    }

    private static CollectiveResult execute(ClusterTopology topology, CollectiveRequest request, Algorithm algorithm,
            Schedule schedule) {
        Simulation simulation = new Simulation(request.seed());
        Graph graph = topology.graph();
        NetworkModel network = request.network() == NetworkKind.MAX_MIN
                ? new MaxMinNetwork(simulation, graph, topology.maxRouteLinks(), request.completionTolerance())
                : new AnalyticalNetwork(simulation, graph, topology.maxRouteLinks());
        Router router = new Router(topology, request.routing(), request.seed());
        ScheduleRunner runner = new ScheduleRunner(topology, router, network, simulation, request);
        long timePs = runner.run(schedule) + ringLatencyPs(topology, request, algorithm, schedule, runner);

        int links = graph.linkCount();
        double[] linkBytes = new double[links];
        for (int link = 0; link < links; link++) {
            linkBytes[link] = runner.linkBytes(link);
        }
        double seconds = timePs / 1e12;
        double algbwGBps = timePs == 0 ? 0 : request.sizeBytes() / seconds / 1e9;
        double busbwGBps = algbwGBps * request.operation().busBandwidthFactor(request.ranks());
        long steps = schedule.steps();
        return new CollectiveResult(request.operation(), algorithm, request.ranks(), request.sizeBytes(), timePs,
                algbwGBps, busbwGBps, schedule.totalBytes(), network.bytesDelivered() + runner.replayedBytes(),
                steps, steps - runner.stepsReused(), runner.stepsReused(),
                simulation.eventsFired() + network.statistics().completionBatches(), network.statistics(),
                usage(graph, linkBytes, seconds), linkBytes, topology.describe());
    }

    /**
     * NCCL's ring latency terms beyond the per-step hop latencies: the base latency of a ring
     * reduce-scatter, all-gather or all-reduce, and for a ring all-reduce across domains with ≥ 64
     * bytes per channel and rank, (plateau − 1) · Σ_phases α(phase)·repeat(phase) ({@link
     * StepOverheads}). O(transfers).
     */
    private static long ringLatencyPs(ClusterTopology topology, CollectiveRequest request, Algorithm algorithm,
            Schedule schedule, ScheduleRunner runner) {
        CollectiveOperation operation = request.operation();
        if (algorithm != Algorithm.RING || schedule.phaseCount() == 0 || !(operation == CollectiveOperation.ALL_REDUCE
                || operation == CollectiveOperation.REDUCE_SCATTER || operation == CollectiveOperation.ALL_GATHER)) {
            return 0;
        }
        StepOverheads overheads = request.stepOverheads();
        long latencyPs = overheads.ringBasePs();
        boolean plateau = operation == CollectiveOperation.ALL_REDUCE && request.ranks() > topology.domainSize()
                && request.sizeBytes() / ((long) request.channels() * request.ranks()) >= 64;
        if (plateau && overheads.ringPlateau() > 1) {
            double stepsPs = 0;
            for (int phase = 0; phase < schedule.phaseCount(); phase++) {
                stepsPs += (double) runner.overheadPs(phase) * schedule.repeat(phase);
            }
            latencyPs += Math.round((overheads.ringPlateau() - 1) * stepsPs);
        }
        return latencyPs;
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
