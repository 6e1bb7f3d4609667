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
import org.fabricsim.runtime.sim.Keywords;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.ReliabilitySpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * Serving under failures, for a deployment on a cluster with a {@code reliability}. A replica of
 * pool p fails when a part it uses fails ({@link FailureModel} over the parts of one replica,
 * {@link PartCounts}) and serves again after the restart (plus the repair with probability p, as
 * for training); replicas fail independently, so d<sub>p</sub> of pool p's N<sub>p</sub> are down a
 * share P<sub>p</sub>(d<sub>p</sub>) of the time ({@link ReplicaAvailability}, binomial) and a state
 * (d<sub>p</sub>) of every pool a share Π P<sub>p</sub>(d<sub>p</sub>). In a state the remaining
 * replicas carry all the traffic: the deployment is simulated again with N<sub>p</sub> − d<sub>p</sub>
 * replicas per pool and the same requests, for each d<sub>p</sub> up to the smallest D<sub>p</sub>
 * with P<sub>p</sub>(d &gt; D<sub>p</sub>) &lt; 10⁻⁴ ÷ pools (at most {@link #MAX_DOWN}); the time
 * outside those states ({@code unmodelledShare}) counts as missing the SLOs with no goodput, a
 * lower bound, as does a state with a pool empty. A request in flight when its replica fails is
 * retried and assumed to miss its SLOs: a share 1 − e<sup>−Σ λ<sub>p</sub> t<sub>p</sub></sup> of the
 * requests, t<sub>p</sub> the mean time a request spends in pool p in the intact run (E2E for a
 * serving pool; TTFT in prefill, E2E − TTFT in decode). Then availability = Σ share × [every SLO
 * met] and goodput under failures = (1 − retried share) × Σ share × goodput. A seeded Monte Carlo
 * of each pool's outages over the reliability's window gives the same availability from simulated
 * time shares (left out when it would draw more than {@link #MAX_DRAWN_OUTAGES} outages). Cost: Π (D<sub>p</sub> + 1) − 1 more serving simulations.
 */
final class ServingFailures {
    /** The most replicas of one pool down at once that are simulated. */
    static final int MAX_DOWN = 3;
    /** Time share left unmodelled at most, over all pools, unless {@link #MAX_DOWN} is reached first. */
    private static final double UNMODELLED = 1e-4;
    private static final int REPLICATIONS = 1000;
    /** Outages the Monte Carlo draws at most over its replications (about a second); beyond, it is left out. */
    private static final double MAX_DRAWN_OUTAGES = 5e7;
    private static final double SECONDS_PER_DAY = 86_400;

    private ServingFailures() {
    }

    /**
     * Adds {@code availability}, {@code goodputUnderFailures} (with SLOs) and {@code failures} to
     * {@code metrics}, the intact run's, when the cluster of {@code spec} states a reliability; the
     * re-runs use {@code profile}, {@code seed} and {@code baseDirectory}.
     */
    static void put(InferenceSpec spec, CalibrationProfile profile, long seed, Path baseDirectory,
            Map<String, Object> metrics) {
        ReliabilitySpec reliability = spec.cluster().reliability();
        if (reliability == null) {
            return;
        }
        List<InferenceSpec.Pool> pools = spec.pools();
        int n = pools.size();
        ClusterTopology topology = ClusterTopologies.build(spec.cluster());
        ReplicaAvailability[] replicas = new ReplicaAvailability[n];
        int[] deepest = new int[n];
        double cutRate = 0;
        List<Object> poolRows = new ArrayList<>();
        for (int p = 0; p < n; p++) {
            InferenceSpec.Pool pool = pools.get(p);
            FailureModel failures = FailureModel.of(reliability, PartCounts.of(spec.cluster(),
                    pool.parallel().accelerators(), topology));
            replicas[p] = new ReplicaAvailability(pool.replicas(), failures.ratePerSecond(),
                    reliability.restartSeconds(), reliability.repairSeconds(), failures.repairShare(reliability));
            double tail = 1;
            while (deepest[p] < Math.min(MAX_DOWN, pool.replicas()) && (tail -= replicas[p].downShare(deepest[p]))
                    >= UNMODELLED / n) {
                deepest[p]++;
            }
            cutRate += failures.ratePerSecond() * secondsIn(pool.role(), metrics);
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("role", Keywords.of(pool.role()));
            row.put("replicaFailuresPerDay", failures.ratePerSecond() * SECONDS_PER_DAY);
            row.put("meanDownSeconds", replicas[p].meanDownSeconds());
            row.put("replicaAvailability", replicas[p].replicaAvailability());
            poolRows.add(row);
        }
        boolean slos = !spec.slos().isEmpty();
        List<Object> states = new ArrayList<>();
        double covered = 0;
        double availability = 0;
        double goodput = 0;
        int[] down = new int[n];
        List<int[]> metStates = new ArrayList<>();
        do {
            Map<String, Object> run = isIntact(down) ? metrics : rerun(spec, down, profile, seed, baseDirectory);
            double share = 1;
            List<Integer> up = new ArrayList<>();
            for (int p = 0; p < n; p++) {
                share *= replicas[p].downShare(down[p]);
                up.add(pools.get(p).replicas() - down[p]);
            }
            covered += share;
            Map<String, Object> state = new LinkedHashMap<>();
            state.put("replicasUp", up);
            state.put("timeShare", share);
            if (slos) {
                double stateGoodput = run == null ? 0 : (Double) run.get("goodput");
                boolean met = run != null && allMet(run);
                state.put("goodput", stateGoodput);
                state.put("slosMet", met);
                availability += met ? share : 0;
                goodput += share * stateGoodput;
                if (met) {
                    metStates.add(down.clone());
                }
            }
            states.add(state);
        } while (next(down, deepest));
        double retried = -Math.expm1(-cutRate);
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("pools", poolRows);
        json.put("retriedRequestShare", retried);
        json.put("states", states);
        json.put("unmodelledShare", Math.max(0, 1 - covered));
        if (slos) {
            metrics.put("availability", availability);
            metrics.put("goodputUnderFailures", (1 - retried) * goodput);
            double window = reliability.windowSeconds() > 0 ? reliability.windowSeconds()
                    : ReliabilityMetrics.DEFAULT_WINDOW_SECONDS;
            if (expectedOutages(replicas, window) * REPLICATIONS <= MAX_DRAWN_OUTAGES) {
                json.put("monteCarlo", monteCarlo(replicas, window, deepest, metStates, seed));
            }
        }
        metrics.put("failures", json);
    }

    /** t<sub>p</sub>: the mean seconds a request spends in a pool of {@code role} in the intact run. */
    private static double secondsIn(Role role, Map<String, Object> metrics) {
        double e2e = mean(metrics, "e2eSeconds");
        double ttft = mean(metrics, "ttftSeconds");
        double seconds = role == Role.SERVING ? e2e : role == Role.PREFILL ? ttft : e2e - ttft;
        return Double.isNaN(seconds) ? 0 : seconds;
    }

    private static double mean(Map<String, Object> metrics, String key) {
        return (Double) ((Map<?, ?>) metrics.get(key)).get("mean");
    }

    private static boolean isIntact(int[] down) {
        for (int d : down) {
            if (d > 0) {
                return false;
            }
        }
        return true;
    }

    /** Advances {@code down} to the next state in mixed radix (digit p in [0, deepest[p]]); false after the last. */
    private static boolean next(int[] down, int[] deepest) {
        for (int p = 0; p < down.length; p++) {
            if (down[p] < deepest[p]) {
                down[p]++;
                return true;
            }
            down[p] = 0;
        }
        return false;
    }

    /**
     * Availability from simulated time shares: pools fail independently, so a state's share is the
     * product of each pool's simulated share ({@link ReplicaAvailability#simulate}, its own seed).
     */
    private static Map<String, Object> monteCarlo(ReplicaAvailability[] replicas, double window, int[] deepest,
            List<int[]> metStates, long seed) {
        double[][] shares = new double[replicas.length][];
        for (int p = 0; p < replicas.length; p++) {
            shares[p] = replicas[p].simulate(deepest[p], window, REPLICATIONS, seed + p);
        }
        double availability = 0;
        for (int[] state : metStates) {
            double share = 1;
            for (int p = 0; p < state.length; p++) {
                share *= shares[p][state[p]];
            }
            availability += share;
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("replications", REPLICATIONS);
        json.put("windowDays", window / SECONDS_PER_DAY);
        json.put("availability", availability);
        return json;
    }

    /** Outages of every replica in one window: N × window ÷ (1/λ + R̄) per pool. */
    private static double expectedOutages(ReplicaAvailability[] replicas, double window) {
        double outages = 0;
        for (ReplicaAvailability pool : replicas) {
            double cycle = 1 / pool.ratePerSecond() + pool.meanDownSeconds();
            outages += pool.replicas() * window / cycle;
        }
        return outages;
    }

    /** The metrics of {@code spec} with {@code down[p]} replicas of pool p out, without failures; null when a pool is empty. */
    private static Map<String, Object> rerun(InferenceSpec spec, int[] down, CalibrationProfile profile, long seed,
            Path baseDirectory) {
        List<InferenceSpec.Pool> fewer = new ArrayList<>();
        for (int p = 0; p < down.length; p++) {
            InferenceSpec.Pool pool = spec.pools().get(p);
            if (pool.replicas() - down[p] < 1) {
                return null;
            }
            fewer.add(new InferenceSpec.Pool(pool.role(), pool.replicas() - down[p], pool.parallel(),
                    pool.maxBatchTokens(), pool.maxSequences(), pool.chunkedPrefill(), pool.features()));
        }
        ClusterSpec c = spec.cluster();
        ClusterSpec intact = new ClusterSpec(c.name(), c.node(), c.nodes(), c.scaleOut(), c.maxOversubscription(),
                c.cost(), null, c.groups()).withDataCentre(c.dataCentre());
        RunResult run = InferenceRunner.run(spec.withCluster(intact).withPools(fewer), profile, seed, baseDirectory);
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
