package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.result.ConsoleTable;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CostSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
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
    void shouldPriceTheStepFromTheClustersRent() {
        // $4 per GPU-hour x 16 GPUs = $64 per hour; one MFU point for a year = 64 x 8,760 / 100 = $5,606.40.
        RunResult run = TrainingSimulator.run(job(twoNodes(new CostSpec("t.Rent", 4, 0, 0, 0, 0, 1)),
                new ParallelismSpec(8, 1, 2, 1, 1, true)));
        assertEquals(64.0, (Double) run.metrics().get("costPerHour"), 1e-9);
        assertEquals(5606.4, (Double) run.metrics().get("costPerMfuPointPerYear"), 1e-9);
        assertEquals(64.0 * (Double) run.metrics().get("stepTimeSeconds") / 3600,
                (Double) run.metrics().get("costPerStep"), 1e-12);
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
        @SuppressWarnings("unchecked")
        Map<String, List<Double>> utilization = (Map<String, List<Double>>) run.metrics().get("linkUtilization");
        // One scale-out switch: no switch-to-switch links, so no fabric tier.
        assertEquals(List.of("scale-up", "nic"), List.copyOf(utilization.keySet()));
        ClusterTopology topology = ClusterTopologies.build(spec.cluster());
        // NVLink uplink of GPU 0: 8 TP collectives per layer and micro-batch, each 7 ring steps of
        // 2,048 x 2,048 x 2 B / 8 = 1 MiB: 7 MiB x 8 x 16 x 8 = 7 GiB over the step.
        double tpBytes = 7.0 * (1 << 20) * 8 * 16 * 8;
        assertEquals(tpBytes / (topology.graph().linkBytesPerSecond(topology.scaleUpUplink(0)) * step),
                utilization.get("scale-up").get(0), 1e-9);
        // NIC uplink of GPU 0: DP 2 is one ring step each of the FP32 gradient reduce-scatter and
        // the BF16 parameter all-gather, half of its shard's bytes each: (4 + 2) B x parameters / 2.
        double parameters = TrainingStep.chunkParameters(spec.model(), StepPlan.of(spec), 0, 8, 1);
        double nicBytes = 6 * parameters / 2;
        int nic = utilization.get("scale-up").size();
        assertEquals(nicBytes / (topology.graph().linkBytesPerSecond(nic) * step), utilization.get("nic").get(0), 1e-9);
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
}
