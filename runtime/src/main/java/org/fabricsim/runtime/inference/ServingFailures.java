package org.fabricsim.runtime.inference;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.reliability.FailureModel;
import org.fabricsim.runtime.reliability.PartCounts;
import org.fabricsim.runtime.reliability.ReliabilityMetrics;
import org.fabricsim.runtime.reliability.ReplicaAvailability;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.ReliabilitySpec;
import org.fabricsim.runtime.topology.ClusterTopologies;

/**
 * Serving under failures, for an aggregated deployment on a cluster with a {@code reliability}.
 * A replica fails when a part it uses fails ({@link FailureModel} over the parts of one replica,
 * {@link PartCounts}) and serves again after the restart (plus the repair with probability p, as
 * for training); replicas fail independently, so d of the N are down a share P(d) of the time
 * ({@link ReplicaAvailability}, binomial). While d are down the other N − d carry all the traffic:
 * the deployment is simulated again with N − d replicas and the same requests, for d = 1 up to the
 * smallest D with P(d &gt; D) &lt; 10⁻⁴ (at most {@link #MAX_DOWN}); the share of time with more
 * down ({@code unmodelledShare}) counts as missing the SLOs with no goodput, a lower bound. A
 * request in flight when its replica fails is retried on another and assumed to miss its SLOs: a
 * share 1 − e<sup>−λ E2E</sup> (mean E2E of the intact run) of the requests. Then
 * availability = Σ P(d) × [every SLO met with N − d replicas] and goodput under failures =
 * (1 − retried share) × Σ P(d) × goodput(N − d). A seeded Monte Carlo of the N replicas' outages
 * over the reliability's window reports the same availability from simulated time shares. Cost:
 * up to {@link #MAX_DOWN} more serving simulations.
 */
final class ServingFailures {
    /** The most replicas down at once that are simulated. */
    static final int MAX_DOWN = 3;
    /** Time share left unmodelled at most, unless {@link #MAX_DOWN} is reached first. */
    private static final double UNMODELLED = 1e-4;
    private static final int REPLICATIONS = 1000;
    private static final double SECONDS_PER_DAY = 86_400;

    private ServingFailures() {
    }

    /**
     * Adds {@code availability}, {@code goodputUnderFailures} (with SLOs) and {@code failures} to
     * {@code metrics}, the intact run's, when {@code spec} is aggregated and its cluster states a
     * reliability; the re-runs use {@code profile}, {@code seed} and {@code baseDirectory}.
     */
    static void put(InferenceSpec spec, CalibrationProfile profile, long seed, Path baseDirectory,
            Map<String, Object> metrics) {
        ReliabilitySpec reliability = spec.cluster().reliability();
        if (reliability == null || spec.pools().size() != 1) {
            return;
        }
        InferenceSpec.Pool pool = spec.pools().get(0);
        ClusterSpec cluster = spec.cluster();
        PartCounts parts = PartCounts.of(cluster, pool.parallel().accelerators(), ClusterTopologies.build(cluster));
        FailureModel failures = FailureModel.of(reliability, parts);
        ReplicaAvailability replicas = new ReplicaAvailability(pool.replicas(), failures.ratePerSecond(),
                reliability.restartSeconds(), reliability.repairSeconds(), failures.repairShare(reliability));
        boolean slos = !spec.slos().isEmpty();
        List<Object> states = new ArrayList<>();
        double covered = 0;
        double availability = 0;
        double goodput = 0;
        double[] met = new double[MAX_DOWN + 2];
        for (int down = 0; down <= Math.min(MAX_DOWN, pool.replicas()) && 1 - covered >= UNMODELLED; down++) {
            Map<String, Object> run = down == 0 ? metrics : rerun(spec, pool, pool.replicas() - down, profile, seed,
                    baseDirectory);
            double share = replicas.downShare(down);
            covered += share;
            Map<String, Object> state = new LinkedHashMap<>();
            state.put("replicasUp", pool.replicas() - down);
            state.put("timeShare", share);
            if (slos) {
                double stateGoodput = run == null ? 0 : (Double) run.get("goodput");
                met[down] = run != null && allMet(run) ? 1 : 0;
                state.put("goodput", stateGoodput);
                state.put("slosMet", met[down] == 1);
                availability += share * met[down];
                goodput += share * stateGoodput;
            }
            states.add(state);
        }
        double meanE2e = (Double) ((Map<?, ?>) metrics.get("e2eSeconds")).get("mean");
        double retried = replicas.cutShare(Double.isNaN(meanE2e) ? 0 : meanE2e);
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("replicaFailuresPerDay", failures.ratePerSecond() * SECONDS_PER_DAY);
        json.put("meanDownSeconds", replicas.meanDownSeconds());
        json.put("replicaAvailability", replicas.replicaAvailability());
        json.put("retriedRequestShare", retried);
        json.put("states", states);
        json.put("unmodelledShare", Math.max(0, 1 - covered));
        if (slos) {
            metrics.put("availability", availability);
            metrics.put("goodputUnderFailures", (1 - retried) * goodput);
            json.put("monteCarlo", monteCarlo(replicas, reliability, states.size() - 1, met, seed));
        }
        metrics.put("failures", json);
    }

    private static Map<String, Object> monteCarlo(ReplicaAvailability replicas, ReliabilitySpec reliability,
            int maxDown, double[] met, long seed) {
        double window = reliability.windowSeconds() > 0 ? reliability.windowSeconds()
                : ReliabilityMetrics.DEFAULT_WINDOW_SECONDS;
        double[] shares = replicas.simulate(maxDown, window, REPLICATIONS, seed);
        double availability = 0;
        for (int down = 0; down <= maxDown; down++) {
            availability += shares[down] * met[down];
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("replications", REPLICATIONS);
        json.put("windowDays", window / SECONDS_PER_DAY);
        json.put("availability", availability);
        json.put("unmodelledShare", shares[maxDown + 1]);
        return json;
    }

    /** The metrics of {@code spec} served by {@code up} replicas, without failures; null for none. */
    private static Map<String, Object> rerun(InferenceSpec spec, InferenceSpec.Pool pool, int up,
            CalibrationProfile profile, long seed, Path baseDirectory) {
        if (up < 1) {
            return null;
        }
        ClusterSpec c = spec.cluster();
        ClusterSpec intact = new ClusterSpec(c.name(), c.node(), c.nodes(), c.scaleOut(), c.maxOversubscription(),
                c.cost(), null);
        InferenceSpec.Pool fewer = new InferenceSpec.Pool(pool.role(), up, pool.parallel(), pool.maxBatchTokens(),
                pool.maxSequences(), pool.chunkedPrefill());
        RunResult run = InferenceRunner.run(new InferenceSpec(spec.name(), spec.model(), intact, spec.precision(),
                spec.kvCachePrecision(), List.of(fewer), spec.traffic(), spec.slos(), spec.layerByLayerKvTransfer()),
                profile, seed, baseDirectory);
        return run.metrics();
    }

    private static boolean allMet(Map<String, Object> metrics) {
        for (Object row : (List<?>) metrics.get("slos")) {
            if (!Boolean.TRUE.equals(((Map<?, ?>) row).get("met"))) {
                return false;
            }
        }
        return true;
    }
}
