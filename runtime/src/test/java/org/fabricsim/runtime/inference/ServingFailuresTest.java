package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.result.ConsoleTable;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.ReliabilitySpec;
import org.fabricsim.runtime.spec.ReliabilitySpec.Component;
import org.fabricsim.runtime.spec.ReliabilitySpec.Rate;
import org.junit.jupiter.api.Test;

/**
 * Two TP-4 replicas of Llama 3 8B on one DGX H100 whose accelerators fail once per 1,000 h: a
 * replica fails at λ = 4 / 1,000 h and is back after the 1 h restart (no repair), so it serves
 * a = 1 ÷ (1 + 0.004) of the time; both are up a², one is down 2a(1 − a), both (1 − a)² = 1.6 × 10⁻⁵,
 * under 10⁻⁴, so that state is not simulated and counts as missing the SLOs.
 */
class ServingFailuresTest {
    private static final double HOUR = 3600;
    private static final double LAMBDA = 4 / (1000 * HOUR);
    private static final double A = 1 / (1 + LAMBDA * HOUR);

    private static RunResult run(double sloSeconds) {
        return run(sloSeconds, List.of(ServingFixtures.pool(Role.SERVING, 2, ServingFixtures.tensor(4), 8192, 256, 0)));
    }

    private static RunResult run(double sloSeconds, List<InferenceSpec.Pool> pools) {
        ClusterSpec dgx = ServingFixtures.dgxH100(1, 0);
        ReliabilitySpec reliability = new ReliabilitySpec("t.R",
                List.of(Rate.ofMtbf(Component.ACCELERATOR, 1000 * HOUR)), 0, 0, HOUR, 0, 0, 0, 1, 0);
        ClusterSpec cluster = new ClusterSpec(dgx.name(), dgx.node(), dgx.nodes(), dgx.scaleOut(), 0, null,
                reliability);
        InferenceSpec spec = new InferenceSpec("t.Failing", ServingFixtures.LLAMA3_8B, cluster, Precision.FP8, pools,
                ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 128, 16, 40),
                List.of(new InferenceSpec.Slo(InferenceSpec.SloMetric.E2E, 99, sloSeconds)), false);
        return InferenceRunner.run(spec);
    }

    @Test
    void shouldBeAvailableWheneverAReplicaServesUnderALooseSlo() {
        RunResult run = run(1000);
        Map<String, Object> m = run.metrics();
        Map<?, ?> failures = (Map<?, ?>) m.get("failures");
        Map<?, ?> pool = (Map<?, ?>) ((List<?>) failures.get("pools")).get(0);
        assertEquals(LAMBDA * 86_400, (Double) pool.get("replicaFailuresPerDay"), 1e-12);
        assertEquals(A, (Double) pool.get("replicaAvailability"), 1e-12);
        List<?> states = (List<?>) failures.get("states");
        assertEquals(2, states.size());
        assertEquals(2 * A * (1 - A), (Double) ((Map<?, ?>) states.get(1)).get("timeShare"), 1e-12);
        assertEquals(List.of(1), ((Map<?, ?>) states.get(1)).get("replicasUp"));
        assertEquals((1 - A) * (1 - A), (Double) failures.get("unmodelledShare"), 1e-12);
        assertEquals(1 - (1 - A) * (1 - A), (Double) m.get("availability"), 1e-12);
        // Every request meets a 1,000 s E2E with one replica or two; those in flight when their replica
        // fails (1 − e^(−λ E2E) of them) are retried and miss it.
        double meanE2e = (Double) ((Map<?, ?>) m.get("e2eSeconds")).get("mean");
        assertEquals(Math.exp(-LAMBDA * meanE2e) * (1 - (1 - A) * (1 - A)), (Double) m.get("goodputUnderFailures"),
                1e-12);
        double simulated = (Double) ((Map<?, ?>) failures.get("monteCarlo")).get("availability");
        assertEquals(1 - (1 - A) * (1 - A), simulated, 1e-3);
        assertTrue(ConsoleTable.render(run).contains("availability"), ConsoleTable.render(run));
    }

    @Test
    void shouldNeverBeAvailableWhenNoReplicaCountMeetsTheSlo() {
        Map<String, Object> m = run(1e-9).metrics();
        assertEquals(0.0, (Double) m.get("availability"));
        assertFalse((Boolean) ((Map<?, ?>) ((List<?>) ((Map<?, ?>) m.get("failures")).get("states")).get(1))
                .get("slosMet"));
    }

    @Test
    void shouldCombineThePrefillAndDecodePoolsOfADisaggregatedDeployment() {
        // Two TP-2 prefill and two TP-2 decode replicas: each replica fails at λ = 2 / 1,000 h and serves
        // a = 1 / (1 + 0.002) of the time. In each pool P(more than 1 down) = (1 − a)² = 4 × 10⁻⁶, under
        // 10⁻⁴ / 2, so the states are 0 or 1 down per pool: 4, 3 of them re-simulated, covering
        // (1 − (1 − a)²)² of the time. A 1,000 s E2E holds in each; a request spends TTFT in prefill and
        // the rest in decode at the same λ, so 1 − e^(−λ E2E) of the requests are retried.
        List<InferenceSpec.Pool> pools = List.of(
                ServingFixtures.pool(Role.PREFILL, 2, ServingFixtures.tensor(2), 8192, 256, 0),
                ServingFixtures.pool(Role.DECODE, 2, ServingFixtures.tensor(2), 8192, 256, 0));
        Map<String, Object> m = run(1000, pools).metrics();
        double lambda = 2 / (1000 * HOUR);
        double a = 1 / (1 + lambda * HOUR);
        double covered = Math.pow(1 - (1 - a) * (1 - a), 2);
        Map<?, ?> failures = (Map<?, ?>) m.get("failures");
        assertEquals(4, ((List<?>) failures.get("states")).size());
        assertEquals(List.of(1, 1), ((Map<?, ?>) ((List<?>) failures.get("states")).get(3)).get("replicasUp"));
        assertEquals(covered, (Double) m.get("availability"), 1e-12);
        assertEquals(1 - covered, (Double) failures.get("unmodelledShare"), 1e-12);
        double meanE2e = (Double) ((Map<?, ?>) m.get("e2eSeconds")).get("mean");
        assertEquals(Math.exp(-lambda * meanE2e) * covered, (Double) m.get("goodputUnderFailures"), 1e-9);
    }
}
