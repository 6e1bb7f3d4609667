package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.result.ConsoleTable;
import org.fabricsim.runtime.result.Json;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CostSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ReliabilitySpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.junit.jupiter.api.Test;

class TrainingSimulatorTest {
    private static ClusterSpec twoNodes(CostSpec cost) {
        return new ClusterSpec("t.Two", TrainingFixtures.DGX_H100, 2, new ScaleOutSpec(TrainingFixtures.NDR,
                new TopologySpec.SingleSwitch(TrainingFixtures.QM9700), ScaleOutSpec.Routing.ECMP), 0, cost, null);
    }

    private static TrainingSpec job(ClusterSpec cluster, ParallelismSpec plan) {
        return TrainingFixtures.training("t.Job", TrainingFixtures.dense("t.Gpt", 8, 2048, 8192, 16, 16, 32000, false),
                cluster, 2048, 32, plan, TrainingSpec.PipelineSchedule.ONE_F_ONE_B, TrainingSpec.Sharding.ZERO_1);
    }

    @Test
    void shouldDispatchTrainingAndReportTheStableKeys() {
        RunResult run = new Simulator().run(job(twoNodes(null), new ParallelismSpec(8, 1, 2, 1, 1, true)));
        assertEquals("training", run.kind());
        assertTrue(run.parameters().keySet().containsAll(
                List.of("accelerators", "tp", "pp", "dp", "cp", "ep", "sequence", "globalBatch")));
        assertEquals("all-gather", run.parameters().get("cpMode"));
        assertTrue(run.metrics().keySet().containsAll(List.of("stepTimeSeconds", "mfu", "hfu", "tflopsPerAccelerator",
                "tokensPerSecond", "bubbleFraction", "exposedCommunicationFraction", "exposedCommunicationSeconds")));
        assertEquals(List.of("tp", "pp", "dp", "cp", "ep"),
                List.copyOf(((Map<?, ?>) run.metrics().get("exposedCommunicationSeconds")).keySet()));
        assertTrue(!run.metrics().containsKey("costPerHour"), "no cost without a cost model");
        double mfu = (Double) run.metrics().get("mfu");
        assertTrue(mfu > 0 && mfu < 0.803, "MFU below the measured GEMM efficiency: " + mfu);
        // tokens/s = global batch x sequence / step
        assertEquals(32 * 2048 / (Double) run.metrics().get("stepTimeSeconds"),
                (Double) run.metrics().get("tokensPerSecond"), 1e-6);
        assertTrue(ConsoleTable.render(run).contains("MFU / HFU"));
    }

    @Test
    void shouldReportGoodputWhenTheClusterStatesItsReliability() {
        // 16 accelerators at MTBF 1,000 h: λ = 0.016/h, one interruption every 62.5 h of running; with a
        // 600 s restart, 24 / (62.5 + 1/6) = 0.38298 per day. Checkpoints every 1,800 s taking 60 s:
        // N = e^(λ × 1,860 s) − 1 = 0.0083009 interruptions per segment, E[T] = N (1/λ + 600 s) = 1,872.7 s,
        // ETTR = 1,800 / 1,872.7 = 0.96119. An accelerator at half speed 10% of the time: the step it
        // slows (re-simulated) takes Ts, so goodput × (1 − 0.1 (1 − T/Ts)); with PP 1 its whole compute
        // doubles and its communication does not, so T < Ts < 2T.
        ReliabilitySpec reliability = new ReliabilitySpec("t.R",
                List.of(ReliabilitySpec.Rate.ofMtbf(ReliabilitySpec.Component.ACCELERATOR, 1000 * 3600.0)), 1800, 60,
                600, 0, 0, 0.1, 0.5, 0);
        ClusterSpec plain = twoNodes(null);
        ClusterSpec cluster = new ClusterSpec(plain.name(), plain.node(), plain.nodes(), plain.scaleOut(), 0, null,
                reliability);
        RunResult run = TrainingSimulator.run(job(cluster, new ParallelismSpec(8, 1, 2, 1, 1, true)));
        Map<String, Object> m = run.metrics();
        assertEquals(0.38298, (Double) m.get("interruptionsPerDay"), 1e-5);
        assertEquals(62.5, (Double) m.get("meanTimeToInterruptionHours"), 1e-9);
        assertEquals(0.96119, (Double) m.get("ettr"), 1e-5);
        double step = (Double) m.get("stepTimeSeconds");
        double straggled = (Double) ((Map<?, ?>) m.get("straggler")).get("stepTimeSeconds");
        assertTrue(straggled > step && straggled < 2 * step, straggled + " against " + step);
        assertEquals((Double) m.get("tokensPerSecond") * (Double) m.get("ettr") * (1 - 0.1 * (1 - step / straggled)),
                (Double) m.get("goodputTokensPerSecond"), 1e-6);
        assertEquals(Math.sqrt(2 * 60 / (0.016 / 3600)), (Double) m.get("optimalCheckpointIntervalSeconds"), 1e-6);
        assertEquals(m.get("monteCarlo"), TrainingSimulator.run(job(cluster, new ParallelismSpec(8, 1, 2, 1, 1, true)))
                .metrics().get("monteCarlo"));
        assertTrue(ConsoleTable.render(run).contains("Young's optimum 5196 s"), ConsoleTable.render(run));
    }

    @Test
    void shouldPriceTheStepFromTheClustersRent() {
        // $4 per GPU-hour x 16 GPUs = $64 per hour; one MFU point for a year = 64 x 8,760 / 100 = $5,606.40.
        RunResult run = TrainingSimulator.run(job(twoNodes(new CostSpec("t.Rent", 4, 0, 0, 0, 0, 1)),
                new ParallelismSpec(8, 1, 2, 1, 1, true)));
        assertEquals(64.0, (Double) run.metrics().get("costPerHour"), 1e-9);
        assertEquals(5606.4, (Double) run.metrics().get("costPerMfuPointPerYear"), 1e-9);
        assertEquals(64.0 * (Double) run.metrics().get("stepTimeSeconds") / 3600,
                (Double) run.metrics().get("costPerStep"), 1e-12);
        // A million tokens take 1e6 / (tokens/s) seconds at $64 an hour: 64 / 3,600 × 1e6 / tokens/s dollars,
        // the search's cost-per-mtok objective; the console prints it beside the step's cost.
        assertEquals(64.0 / 3600 * 1e6 / (Double) run.metrics().get("tokensPerSecond"),
                (Double) run.metrics().get("costPerMillionTokens"), 1e-9);
        // Under a dollar the console writes three significant digits (docs/results-schema.md, money): $0.0323 here.
        String threeDigits = new java.math.BigDecimal(64.0 / 3600 * 1e6 / (Double) run.metrics().get("tokensPerSecond"))
                .round(new java.math.MathContext(3)).toPlainString();
        assertTrue(ConsoleTable.render(run).contains("$" + threeDigits + " per million tokens"), ConsoleTable.render(run));
    }

    @Test
    void shouldCountRecomputationInHfuButNotInMfu() {
        TrainingSpec plain = job(twoNodes(null), new ParallelismSpec(8, 1, 2, 1, 1, true));
        TrainingSpec full = new TrainingSpec(plain.name(), plain.model(), plain.cluster(), plain.accelerators(),
                plain.sequence(), plain.globalBatchSequences(), 1, plain.precision(), plain.parallel(), plain.schedule(),
                1, plain.sharding(), TrainingSpec.Recompute.FULL, 1.0);
        RunResult base = TrainingSimulator.run(plain);
        RunResult recomputed = TrainingSimulator.run(full);
        assertEquals((Double) base.metrics().get("mfu"), (Double) base.metrics().get("hfu"), 1e-12);
        assertTrue((Double) recomputed.metrics().get("stepTimeSeconds") > (Double) base.metrics().get("stepTimeSeconds"));
        assertTrue((Double) recomputed.metrics().get("hfu") > (Double) recomputed.metrics().get("mfu"));
    }

    @Test
    void shouldReportEachLinksAverageUtilizationFromTheStepsTraffic() {
        // TP 8 inside each DGX, DP 2 across the two nodes, 16 micro-batches of 2,048 tokens, 8 layers.
        TrainingSpec spec = job(twoNodes(null), new ParallelismSpec(8, 1, 2, 1, 1, true));
        RunResult run = TrainingSimulator.run(spec);
        double step = (Double) run.metrics().get("stepTimeSeconds");
        Map<?, ?> utilization = (Map<?, ?>) run.metrics().get("linkUtilization");
        // One scale-out switch: no switch-to-switch links, so no fabric tier.
        assertEquals(List.of("scale-up", "nic"), List.copyOf(utilization.keySet()));
        Map<?, ?> scaleUp = (Map<?, ?>) utilization.get("scale-up");
        Map<?, ?> nics = (Map<?, ?>) utilization.get("nic");
        // 16 GPUs, each with an up- and a downlink per tier: 32 links, fewer than 48 groups, so
        // one group per link, in link order.
        assertEquals(32, scaleUp.get("links"));
        assertEquals(32, nics.get("links"));
        ClusterTopology topology = ClusterTopologies.build(spec.cluster());
        // NVLink uplink of GPU 0: 8 TP collectives per layer and micro-batch, each 7 ring steps of
        // 2,048 x 2,048 x 2 B / 8 = 1 MiB: 7 MiB x 8 x 16 x 8 = 7 GiB over the step.
        double tpBytes = 7.0 * (1 << 20) * 8 * 16 * 8;
        double tpUtilization = tpBytes / (topology.graph().linkBytesPerSecond(topology.scaleUpUplink(0)) * step);
        assertEquals(tpUtilization, (Double) ((List<?>) scaleUp.get("groups")).get(0), 1e-9);
        // Every GPU sends and receives the same TP ring traffic, so every scale-up link is at that load.
        assertEquals(tpUtilization, (Double) scaleUp.get("max"), 1e-9);
        assertEquals(tpUtilization, (Double) scaleUp.get("mean"), 1e-9);
        // NIC uplink of GPU 0: DP 2 is one ring step each of the FP32 gradient reduce-scatter and
        // the BF16 parameter all-gather, half of its shard's bytes each: (4 + 2) B x parameters / 2.
        double parameters = StepPlan.of(spec).chunkParameters(spec.model(), 0, 8, 1);
        double nicBytes = 6 * parameters / 2;
        int nic = (Integer) scaleUp.get("links");
        assertEquals(nicBytes / (topology.graph().linkBytesPerSecond(nic) * step),
                (Double) ((List<?>) nics.get("groups")).get(0), 1e-9);
    }

    @Test
    void shouldReportTheFlowsAndEventsOfTheNetworkModel() {
        // TP 8 inside one DGX and nothing else: the step solves one pattern, the TP ring step,
        // whose 8 transfers (rank r to r + 1 mod 8) run as one flow each through the NVSwitch.
        RunResult run = TrainingSimulator.run(job(twoNodes(null), new ParallelismSpec(8, 1, 1, 1, 1, true)));
        Map<?, ?> engine = (Map<?, ?>) run.toJsonMap().get("engine");
        assertEquals(8L, engine.get("flows"));
        assertTrue((Long) engine.get("events") > 0, "the solve's events are counted");
    }

    @Test
    void shouldKeepTheLinkUtilizationOfALargeClusterToAFewNumbersPerTier() {
        // An 8-GPU job on the 6,144-GPU SuperPod6K: the traffic covers every link of the cluster
        // (6,144 x 2 scale-up links, as many NIC links, and the rails' switch links), yet each tier
        // reports 4 numbers and at most 48 groups.
        TrainingSpec spec = TrainingFixtures.training("t.Job",
                TrainingFixtures.dense("t.Gpt", 4, 2048, 8192, 16, 16, 32000, false), TrainingFixtures.superPod6k(),
                2048, 8, new ParallelismSpec(8, 1, 1, 1, 1, true), TrainingSpec.PipelineSchedule.ONE_F_ONE_B,
                TrainingSpec.Sharding.ZERO_1);
        RunResult run = TrainingSimulator.run(spec);
        Map<?, ?> utilization = (Map<?, ?>) run.metrics().get("linkUtilization");
        assertEquals(List.of("scale-up", "nic", "fabric"), List.copyOf(utilization.keySet()));
        for (Object tier : utilization.values()) {
            Map<?, ?> summary = (Map<?, ?>) tier;
            assertEquals(List.of("links", "mean", "max", "p99", "groups"), List.copyOf(summary.keySet()));
            assertEquals(TierUtilization.MAX_GROUPS, ((List<?>) summary.get("groups")).size());
        }
        assertEquals(6144 * 2, ((Map<?, ?>) utilization.get("scale-up")).get("links"));
        // 3 tiers x (4 + 48) numbers of at most ~25 characters with indentation: well under 10 kB,
        // where listing every link took about 25 characters for each of more than 24,000 links.
        int jsonChars = Json.write(utilization).length();
        assertTrue(jsonChars < 10_000, "linkUtilization JSON of " + jsonChars + " characters");
    }

    @Test
    void shouldRefuseAPlanThatDoesNotOccupyTheJobsAccelerators() {
        TrainingSpec spec = job(twoNodes(null), new ParallelismSpec(8, 1, 2, 1, 1, true));
        TrainingSpec wrong = new TrainingSpec(spec.name(), spec.model(), spec.cluster(), 8, spec.sequence(),
                spec.globalBatchSequences(), 1, spec.precision(), spec.parallel(), spec.schedule(), 1, spec.sharding(),
                spec.recompute(), 1.0);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> TrainingSimulator.run(wrong));
        assertTrue(error.getMessage().contains("TP x PP x DP x CP"));
    }

    /**
     * An accelerator of 1e30 TFLOPS (1e42 FLOP/s) without stated compute units, FSDP: its compute takes no time, so
     * every F and B span of the timeline is the exposed weight gathers and TP collectives, at least zero long and
     * starting at or after zero (they were negative when the part's tile slots wrapped below zero); the same job at
     * the H100's 989 TFLOPS takes longer.
     */
    @Test
    void shouldKeepTheTimelineOfAnAbsurdlyFastAcceleratorNonNegative() {
        AcceleratorSpec fast = new AcceleratorSpec("t.Fast", "t", 1e42, 0, 80_000_000_000L, 3.35e12, 0.803, 450e9);
        NodeSpec dgx = TrainingFixtures.DGX_H100;
        NodeSpec node = new NodeSpec("t.FastNode", fast, 8, dgx.scaleUp(), dgx.nic(), dgx.nics(), dgx.railAligned());
        ClusterSpec two = twoNodes(null);
        ClusterSpec cluster = new ClusterSpec("t.FastTwo", node, 2, two.scaleOut(), 0, null, null);
        TrainingSpec spec = TrainingFixtures.training("t.Job", TrainingFixtures.dense("t.Gpt", 8, 2048, 8192, 16, 16,
                32000, false), cluster, 2048, 32, new ParallelismSpec(8, 1, 2, 1, 1, true),
                TrainingSpec.PipelineSchedule.ONE_F_ONE_B, TrainingSpec.Sharding.FSDP);
        RunResult run = TrainingSimulator.run(spec);
        for (Object span : (List<?>) run.metrics().get("timeline")) {
            Map<?, ?> s = (Map<?, ?>) span;
            assertTrue((Double) s.get("startSeconds") >= 0 && (Double) s.get("durationSeconds") >= 0, s.toString());
        }
        TrainingSpec h100 = TrainingFixtures.training("t.Job", spec.model(), two, 2048, 32, spec.parallel(),
                spec.schedule(), spec.sharding());
        assertTrue((Double) run.metrics().get("stepTimeSeconds")
                < (Double) TrainingSimulator.run(h100).metrics().get("stepTimeSeconds"));
    }
}
