package org.fabricsim.runtime.inference;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.Generation;
import org.fabricsim.runtime.collective.StepOverheads;
import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.fabricbehaviour.FabricBehaviour;
import org.fabricsim.runtime.fabricbehaviour.FabricBehaviours;
import org.fabricsim.runtime.network.MaxMinNetwork;
import org.fabricsim.runtime.network.NetworkModel;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.sim.Keywords;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.NetworkPlacement;
import org.fabricsim.runtime.study.InfeasibleRunException;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.ClusterTopologies;

/**
 * Runs an {@link InferenceSpec} and reports it as a RunResult of kind {@code inference}.
 *
 * <p><b>Parameters</b> include {@code requests}, the requests simulated, and, when the traffic's
 * stated count left part of a trace out, {@code traceRequests}, the trace's rows (the console
 * prints both).
 *
 * <p>A deployment is aggregated (one serving pool), disaggregated (a prefill pool and a decode
 * pool) or decode only (a decode pool alone, parameter {@code mode} {@code decode-only}): then each
 * request arrives prefilled, its prompt's cache in place and its first token counted at arrival
 * (TTFT 0), as SGLang benchmarks a decode server on its own; with {@code all-at-once} arrivals the
 * pool runs saturated and {@link PoolFigures} measures it while its queue lasts.
 *
 * <p><b>Metrics</b>: {@link ServingMetrics}.
 *
 * <p>A run whose requests' state would not fit the heap ({@link ServingMemoryEstimate}) is refused as infeasible
 * before anything is drawn or built.
 */
public final class InferenceRunner {
    private static final long DEFAULT_SEED = 1;

    private InferenceRunner() {
    }

    /** Runs {@code spec} with seed 1; relative trace and length files resolve against the working directory. */
    public static RunResult run(InferenceSpec spec) {
        return run(spec, DEFAULT_SEED, null);
    }

    /** Runs {@code spec} with {@code seed}; relative files resolve against {@code baseDirectory} (null: working directory). */
    public static RunResult run(InferenceSpec spec, long seed, Path baseDirectory) {
        return run(spec, CalibrationProfile.defaults(), seed, baseDirectory);
    }

    /** Runs {@code spec} with the collective constants of {@code profile}; see {@link #run(InferenceSpec, long, Path)}. */
    public static RunResult run(InferenceSpec spec, CalibrationProfile profile, long seed, Path baseDirectory) {
        return run(spec, profile, seed, baseDirectory, null, null, null, true);
    }

    /**
     * Runs {@code spec} with {@code seed} with one event per decode iteration, none folded into runs ({@link
     * DecodeRuns}): the reference the folded runs are checked against.
     */
    static RunResult runUnfolded(InferenceSpec spec, long seed) {
        return run(spec, CalibrationProfile.defaults(), seed, null, null, null, null, false);
    }

    /**
     * The run on {@code network} (null: the cluster's own fabric) with the deployment's accelerator
     * a on {@code placed[a]} (null: on a), adding its fabric flows' bytes per link to {@code
     * linkBytes} (null: not counted). The replicas' collectives are fitted on the cluster's intact
     * fabric. {@code foldRuns}: quiet decode iterations folded into runs ({@link DecodeRuns}).
     */
    static RunResult run(InferenceSpec spec, CalibrationProfile profile, long seed, Path baseDirectory,
            ClusterTopology network, int[] placed, double[] linkBytes, boolean foldRuns) {
        Calibration calibration = Calibration.of(profile);
        long startNanos = System.nanoTime();
        List<InferenceSpec.Pool> ordered = order(spec);
        ClusterSpec cluster = spec.cluster();
        int accelerators = 0;
        for (InferenceSpec.Pool pool : ordered) {
            accelerators += pool.replicas() * pool.parallel().accelerators();
        }
        boolean disaggregated = ordered.get(0).role() == Role.PREFILL;
        if (accelerators > cluster.accelerators()) {
            throw new IllegalArgumentException(spec.name() + ": the serving pools need " + accelerators
                    + " accelerators but " + cluster.name() + " has " + cluster.accelerators());
        }
        long heapBytes = Runtime.getRuntime().maxMemory();
        ServingMemoryEstimate memory = ServingMemoryEstimate.of(spec);
        if (!memory.fits(heapBytes)) {
            throw new InfeasibleRunException(memory.refusal(heapBytes, "inference " + spec.name()));
        }
        ClusterTopology topology = ClusterTopologies.build(cluster, calibration);
        StepOverheads overheads = calibration.stepOverheads();
        Generation generation = Generation.of(cluster.node().accelerator().architecture()).forServing();
        Simulation simulation = new Simulation(seed);
        RequestStream requests = RequestStream.of(spec.traffic(), simulation.random(), baseDirectory);

        ServingSimulation.Pool[] pools = new ServingSimulation.Pool[ordered.size()];
        int first = 0;
        for (int p = 0; p < pools.length; p++) {
            InferenceSpec.Pool pool = ordered.get(p);
            CollectiveFit allReduce = CustomAllReduce.of(CollectiveFit.of(topology, cluster,
                    CollectiveOperation.ALL_REDUCE, pool.parallel().tensor(), overheads, generation), topology,
                    pool.parallel().tensor(), pool.features().customAllReduceMaxBytes());
            CollectiveFit allToAll = spec.model().moe()
                    ? CollectiveFit.of(topology, cluster, CollectiveOperation.ALL_TO_ALL, pool.parallel().expert(),
                            overheads, generation)
                    : null;
            CollectiveFit stageSend = pool.parallel().pipeline() > 1
                    ? CollectiveFit.sendRecv(topology, cluster, pool.parallel().tensor(), overheads) : null;
            NormalKernelExchange normal = allToAll != null && pool.role() != Role.DECODE
                    ? NormalKernelExchange.fit(topology, cluster, calibration, pool.parallel().expert(), spec.model(),
                            spec.model().experts() + pool.features().redundantExperts(),
                            Device.runsFp8(cluster.node().accelerator(), spec.precision()))
                    : null;
            ServingModel model = new ServingModel(spec.model(), cluster.node().accelerator(), spec.precision(),
                    spec.fp8Scaling(), spec.kvCachePrecision(), pool.parallel(), allReduce, allToAll, stageSend,
                    profile, pool.features(), pool.role() == Role.DECODE, normal, pool.maxBatchTokens());
            pools[p] = new ServingSimulation.Pool(pool.role(), model, pool.replicas(), first, pool.maxBatchTokens(),
                    pool.maxSequences(), pool.chunkedPrefill(), pool.features().admission(), pool.features().batching(),
                    pool.features().host());
            first += pool.replicas() * model.accelerators();
        }
        boolean overDataCentre = spec.kvOver() == NetworkPlacement.DATA_CENTRE;
        ClusterTopology shared = network == null ? topology : network;
        ClusterTopology fabric = overDataCentre ? shared.onDataCentre() : shared;
        ClusterSpec kvCluster = overDataCentre ? cluster.withScaleOut(cluster.dataCentre().network()) : cluster;
        NetworkModel flows = disaggregated ? kvNetwork(simulation, fabric, kvCluster) : null;
        Router router = disaggregated ? new Router(fabric, ClusterTopologies.routing(kvCluster), seed) : null;
        ServingSimulation serving = new ServingSimulation(simulation, requests, pools, flows, router,
                disaggregated ? fabric : null, spec.layerByLayerKvTransfer(), spec.model().layers(),
                spec.traffic().prefixHitRatio(),
                spec.traffic().arrival() instanceof InferenceSpec.ClosedLoop closed ? closed.clients() : 0,
                spec.traffic().sharedPrefixes(), foldRuns);
        if (placed != null || linkBytes != null) {
            serving.placeOn(placed, linkBytes);
        }
        serving.run();

        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("model", spec.model().name());
        parameters.put("cluster", cluster.name());
        parameters.put("precision", Keywords.of(spec.precision()));
        parameters.put("kvCachePrecision", Keywords.of(spec.kvCachePrecision()));
        parameters.put("mfuPeakPrecision", Keywords.of(ServingMetrics.mfuPeakPrecision(spec)));
        parameters.put("mode", disaggregated ? "disaggregated"
                : ordered.get(0).role() == Role.DECODE ? "decode-only" : "aggregated");
        parameters.put("requests", requests.size());
        if (spec.traffic().arrival() instanceof InferenceSpec.Poisson poisson) {
            parameters.put("arrivalRequestsPerSecond", poisson.requestsPerSecond());
        }
        if (requests.truncated()) {
            parameters.put("traceRequests", requests.offered());
        }
        parameters.put("accelerators", accelerators);
        parameters.put("seed", seed);
        List<Object> poolRows = new ArrayList<>();
        for (int p = 0; p < pools.length; p++) {
            InferenceSpec.Pool pool = ordered.get(p);
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("role", Keywords.of(pool.role()));
            row.put("replicas", pool.replicas());
            row.put("acceleratorsPerReplica", pools[p].model().accelerators());
            row.put("tensor", pool.parallel().tensor());
            row.put("pipeline", pool.parallel().pipeline());
            row.put("expert", pool.parallel().expert());
            row.put("kvCacheTokensPerReplica", pools[p].model().kvCapacityTokens());
            row.put("admission", Keywords.of(pool.features().admission()));
            row.put("batching", Keywords.of(pool.features().batching()));
            poolRows.add(row);
        }
        parameters.put("pools", poolRows);
        parameters.put("kvCacheBytesPerToken", pools[0].model().kvBytesPerToken());

        Map<String, Object> metrics = ServingMetrics.of(spec, serving, pools, accelerators);
        PoolFigures.put(serving, pools, cluster.node().accelerators(), metrics);
        ServingFailures.put(spec, profile, seed, baseDirectory, metrics);
        double wallSeconds = (System.nanoTime() - startNanos) / 1e9;
        return new RunResult(spec.name(), "inference", parameters, metrics, wallSeconds)
                .withEngine(simulation.eventsFired(), serving.flowsStarted());
    }

    /** Serving or prefill pools first, decode last; checks the combination. */
    private static List<InferenceSpec.Pool> order(InferenceSpec spec) {
        List<InferenceSpec.Pool> serving = new ArrayList<>();
        List<InferenceSpec.Pool> prefill = new ArrayList<>();
        List<InferenceSpec.Pool> decode = new ArrayList<>();
        for (InferenceSpec.Pool pool : spec.pools()) {
            (pool.role() == Role.SERVING ? serving : pool.role() == Role.PREFILL ? prefill : decode).add(pool);
        }
        boolean aggregated = serving.size() == 1 && prefill.isEmpty() && decode.isEmpty();
        boolean split = serving.isEmpty() && prefill.size() == 1 && decode.size() == 1;
        boolean decodeAlone = serving.isEmpty() && prefill.isEmpty() && decode.size() == 1;
        if (!aggregated && !split && !decodeAlone) {
            throw new IllegalArgumentException(spec.name() + ": an inference deployment has one serving pool, one"
                    + " prefill pool and one decode pool, or one decode pool alone");
        }
        List<InferenceSpec.Pool> ordered = new ArrayList<>(serving);
        ordered.addAll(prefill);
        ordered.addAll(decode);
        return ordered;
    }

    /**
     * The flow model the KV caches move on, exact (ε = 0), its contended scale-out links derated by
     * the behaviour the cluster's fabric states ({@link FabricBehaviours#of(ClusterSpec)}; the ideal
     * when it states no loss).
     */
    private static MaxMinNetwork kvNetwork(Simulation simulation, ClusterTopology topology, ClusterSpec cluster) {
        MaxMinNetwork network = new MaxMinNetwork(simulation, topology.graph(), topology.maxRouteLinks(), 0.0);
        FabricBehaviour behaviour = FabricBehaviours.of(cluster);
        network.setContentionModel(behaviour == null ? null : behaviour.on(topology));
        return network;
    }
}
