package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabricsim.runtime.collective.StepOverheads;
import org.fabricsim.runtime.result.ConsoleTable;
import org.fabricsim.runtime.result.Metrics;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.ReliabilitySpec;
import org.fabricsim.runtime.spec.ReliabilitySpec.Component;
import org.fabricsim.runtime.spec.ReliabilitySpec.Rate;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.junit.jupiter.api.Test;

/**
 * A link failure on a rail-optimized fat-tree, re-solved by the engine, against a hand-derived
 * slowdown.
 *
 * <p>The cluster: 8 DGX H100 (8 GPUs, 8 rail-aligned 400G NICs each) on 8 rails of a two-tier
 * fat-tree of radix-8 switches, non-blocking: each leaf serves 8 × 1/2 = 4 nodes and has 4
 * uplinks at the NIC's rate L, one to each of the 4 spines; so each rail has 2 leaves. Routing is
 * packet spraying, so a flow spreads evenly over every path that is up. The job: TP 8 in a node,
 * CP 4 across the 4 nodes of a leaf, DP 2 across the two leaves of a rail (placement TP, CP, PP,
 * DP), no overlap, no sharding. Only the DP all-reduce leaves a leaf: in each ring step the 4
 * hosts of every leaf each send B' to their partner on the other leaf of the rail, 4 × L of
 * demand on 4 uplinks of L, so each host gets L.
 *
 * <p>Failing the cable between the first leaf of rail 0 and spine 0 leaves that leaf 3 paths to
 * and from its twin (spine 0 withdraws both directions), so its 4 hosts share 3 L: each gets
 * 3L/4 and the ring step's transfer time grows by 4/3; every other leaf is untouched, and the
 * ring step ends with its slowest transfer. The DP time is the only part of the step that
 * changes, so the step grows by the DP time's transfer part × (4/3 − 1): (DP time − 2 o) ÷ 3, the
 * all-reduce being a reduce-scatter and an all-gather of one ring step each (DP 2), each paying
 * NCCL's scale-out step latency o and no link latency (the fixtures state none). Failing spine 0
 * instead takes one uplink from every leaf: every leaf's hosts share 3 L, the same 4/3.
 */
class DegradedFabricStepTest {
    private static final double HOUR = 3600;
    /** o: NCCL's per-step latency of a ring step across the scale-out fabric, default profile. */
    static final double SCALE_OUT_STEP_SECONDS = StepOverheads.NCCL.scaleOutPs() / 1e12;

    /** The job of the class comment on a cluster with {@code reliability}. */
    static TrainingSpec job(ReliabilitySpec reliability) {
        SwitchSpec radix8 = new SwitchSpec("t.Radix8", "generic", 8, 50e9, 0, 0, false, false);
        ClusterSpec cluster = new ClusterSpec("t.Rails", TrainingFixtures.DGX_H100, 8, new ScaleOutSpec(
                TrainingFixtures.NDR, new TopologySpec.RailOptimized(radix8, 8, 2, List.of(1.0, 1.0)),
                ScaleOutSpec.Routing.SPRAYING), 0, null, reliability);
        ParallelismSpec plan = new ParallelismSpec(8, 1, 2, 4, 1, true);
        return new TrainingSpec("t.Job", TrainingFixtures.dense("t.Gpt", 2, 4096, 16384, 32, 32, 32000, false),
                cluster, plan.accelerators(), 8192, 2, 1, Precision.BF16, plan, TrainingSpec.PipelineSchedule.ONE_F_ONE_B,
                1, TrainingSpec.Sharding.NONE, TrainingSpec.Recompute.NONE, 0.0);
    }

    /** Cables at MTBF 100,000 h, each failure repaired in 24 h; 30-minute checkpoints of 60 s, 600 s restarts. */
    private static ReliabilitySpec cables() {
        return failing(Component.LINK);
    }

    private static ReliabilitySpec failing(Component component) {
        return new ReliabilitySpec("t.R", List.of(Rate.ofMtbf(component, 100_000 * HOUR)), 1800, 60, 600,
                24 * HOUR, 0, 0, 1, 0);
    }

    @Test
    void shouldSlowTheStepByAThirdOfItsDataParallelTimeWhenALeafLosesOneOfFourUplinks() {
        RunResult run = TrainingSimulator.run(job(cables()));
        double step = (Double) run.metrics().get("stepTimeSeconds");
        double dp = (Double) ((Map<?, ?>) run.metrics().get("exposedCommunicationSeconds")).get("dp");
        Map<?, ?> link = (Map<?, ?>) ((Map<?, ?>) run.metrics().get("degradedFabric")).get("link");
        double degraded = (Double) link.get("stepTimeSeconds");
        assertTrue(dp > 0.01 * step, "the DP all-reduce must matter: " + dp + " of " + step);
        double transfer = dp - 2 * SCALE_OUT_STEP_SECONDS;
        assertEquals(transfer / 3, degraded - step, 0.005 * transfer / 3);
        assertEquals(degraded / step - 1, (Double) link.get("slowdown"), 1e-12);
        assertTrue(ConsoleTable.render(run).contains(String.format(Locale.ROOT, "link   failed    step %.3f s (+%.1f%%)",
                degraded, 100 * (degraded / step - 1))), ConsoleTable.render(run));
    }

    @Test
    void shouldSlowTheStepAsMuchWhenASpineFails() {
        RunResult run = TrainingSimulator.run(job(failing(Component.SWITCH)));
        double step = (Double) run.metrics().get("stepTimeSeconds");
        double transfer = (Double) ((Map<?, ?>) run.metrics().get("exposedCommunicationSeconds")).get("dp")
                - 2 * SCALE_OUT_STEP_SECONDS;
        Map<?, ?> fabric = (Map<?, ?>) run.metrics().get("degradedFabric");
        assertEquals(transfer / 3, (Double) ((Map<?, ?>) fabric.get("switch")).get("stepTimeSeconds") - step,
                0.005 * transfer / 3);
        assertFalse(fabric.containsKey("link"), "no link rate, no cable failure simulated");
    }

    @Test
    void shouldFoldTheDegradedTimeIntoGoodput() {
        // 16 leaves x 4 uplinks = 64 cables above the leaves, each with a twin, all the job's: they degrade
        // at λd = 64 / 100,000 h. Each is down 24 h, so q = 1 − e^(−λd × 24 h), and the job delivers
        // s = 1 − q (1 − T ÷ Td) of its work. The other 128 links (64 NVLink, 64 NIC cables) still
        // interrupt: λ = 128 / 100,000 h, and 1 ÷ (1/λ + 600 s) per second of wall time.
        RunResult run = TrainingSimulator.run(job(cables()));
        Map<String, Object> m = run.metrics();
        Map<?, ?> fabric = (Map<?, ?>) m.get("degradedFabric");
        Map<?, ?> link = (Map<?, ?>) fabric.get("link");
        double lambda = 64 / (100_000 * HOUR);
        double share = 1 - Math.exp(-lambda * 24 * HOUR);
        assertEquals(lambda * 86_400, (Double) link.get("failuresPerDay"), 1e-12);
        assertEquals(share, (Double) link.get("degradedShare"), 1e-12);
        double step = (Double) m.get("stepTimeSeconds");
        double s = 1 - share * (1 - step / (Double) link.get("stepTimeSeconds"));
        assertEquals(s, (Double) fabric.get("throughputFactor"), 1e-12);
        assertEquals((Double) m.get("tokensPerSecond") * (Double) m.get("ettr") * s,
                (Double) m.get("goodputTokensPerSecond"), 1e-9);
        assertFalse(fabric.containsKey("switch"), "no switch rate, no switch failure simulated");
        double interrupting = 128 / (100_000 * HOUR);
        assertEquals(86_400 / (1 / interrupting + 600), (Double) m.get("interruptionsPerDay"), 1e-9);
    }

    @Test
    void shouldPutTheP99OnTheCableFailedStepWhenMoreThanOnePercentOfStepsRunOnIt() {
        // The 64 re-routable cables of the test above: q = 1 − e^(−64 × 24 / 100,000) = 1.52% of running time has
        // one down, and of steps (T ÷ Td) q ÷ (1 − q (1 − T ÷ Td)), about 1.5%: over 1%, so the p99 is the step on
        // the failed cable and the p50 the intact one. The interruptions (λ = 128 / 100,000 h) and the checkpoints
        // (one each 1,800 s) fall in far fewer than 0.1% of these sub-second steps.
        RunResult run = TrainingSimulator.run(job(cables()));
        Map<String, Object> m = run.metrics();
        double step = (Double) m.get("stepTimeSeconds");
        Map<?, ?> link = (Map<?, ?>) ((Map<?, ?>) m.get("degradedFabric")).get("link");
        double degraded = (Double) link.get("stepTimeSeconds");
        double share = 1 - Math.exp(-64 * 24 / 100_000.0);
        Map<?, ?> tail = (Map<?, ?>) m.get("stepTimeTail");
        assertEquals(step, (Double) tail.get("p50Seconds"));
        assertEquals(degraded, (Double) tail.get("p99Seconds"));
        assertEquals(degraded, (Double) tail.get("p999Seconds"));
        double stepShare = share * step / degraded / (1 - share * (1 - step / degraded));
        // Slower than the intact step: the degraded steps, and of the others the T ÷ 1,800 s that checkpoint (the
        // interrupted ones, λT under 4e-7 of them, within the tolerance).
        assertEquals(stepShare + (1 - stepShare) * step / 1800, (Double) tail.get("slowStepShare"), 1e-6);
        assertTrue(ConsoleTable.render(run).contains("step-time tail   p50 " + Metrics.duration(step) + ", p99 "
                + Metrics.duration(degraded)), ConsoleTable.render(run));
    }
}
