package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.result.ConsoleTable;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CostSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ReliabilitySpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.junit.jupiter.api.Test;

class TimeToTrainTest {
    private static final double TRILLION = 1e12;

    private static ClusterSpec twoNodes(CostSpec cost, ReliabilitySpec reliability) {
        return new ClusterSpec("t.Two", TrainingFixtures.DGX_H100, 2, new ScaleOutSpec(TrainingFixtures.NDR,
                new TopologySpec.SingleSwitch(TrainingFixtures.QM9700), ScaleOutSpec.Routing.ECMP), 0, cost,
                reliability);
    }

    private static TrainingSpec job(ClusterSpec cluster, double trainTokens) {
        TrainingSpec t = TrainingFixtures.training("t.Job",
                TrainingFixtures.dense("t.Gpt", 8, 2048, 8192, 16, 16, 32000, false), cluster, 2048, 32,
                new ParallelismSpec(8, 1, 2, 1, 1, true), TrainingSpec.PipelineSchedule.ONE_F_ONE_B,
                TrainingSpec.Sharding.ZERO_1);
        return new TrainingSpec(t.name(), t.model(), t.cluster(), t.accelerators(), t.sequence(),
                t.globalBatchSequences(), t.microBatch(), t.precision(), t.parallel(), t.schedule(), t.virtualStages(),
                t.sharding(), t.recompute(), t.overlap(), t.software(), t.tensorOverlap(), trainTokens);
    }

    @Test
    void shouldTrainTheBudgetAtTheGoodputAndPayForEveryWallHour() {
        // 16 accelerators at MTBF 1,000 h, checkpoints every 1,800 s taking 60 s, 600 s restarts:
        // λ = 0.016/h, N = e^(λ × 1,860 s) − 1 = 0.0083009, E[T] = N (1/λ + 600 s) = 1,872.7 s,
        // ETTR = 1,800 / 1,872.7 = 0.96119 (as in TrainingSimulatorTest). 1T tokens at tokens/s × 0.96119
        // take 1e12 / (tokens/s × 0.96119) / 86,400 days; at $4 per GPU-hour the 16 GPUs cost
        // $64 per wall hour, so $64 × 24 × days.
        ReliabilitySpec reliability = new ReliabilitySpec("t.R",
                List.of(ReliabilitySpec.Rate.ofMtbf(ReliabilitySpec.Component.ACCELERATOR, 1000 * 3600.0)), 1800, 60,
                600, 0, 0, 0, 1, 0);
        RunResult run = TrainingSimulator.run(job(twoNodes(new CostSpec("t.Rent", 4, 0, 0, 0, 0, 1), reliability),
                TRILLION));
        Map<String, Object> m = run.metrics();
        double tokensPerSecond = (Double) m.get("tokensPerSecond");
        double days = TRILLION / (tokensPerSecond * 0.96119) / 86_400;
        assertEquals(days, (Double) m.get("timeToTrainDays"), 1e-5 * days);
        assertEquals(64 * 24 * days, (Double) m.get("timeToTrainCost"), 1e-5 * 64 * 24 * days);
        assertTrue(ConsoleTable.render(run).contains("time to train"), ConsoleTable.render(run));
    }

    @Test
    void shouldTrainAtTheFailureFreeRateWithoutAReliabilityAndPriceNothingWithoutACost() {
        RunResult run = TrainingSimulator.run(job(twoNodes(null, null), 2 * TRILLION));
        double tokensPerSecond = (Double) run.metrics().get("tokensPerSecond");
        assertEquals(2 * TRILLION / tokensPerSecond / 86_400, (Double) run.metrics().get("timeToTrainDays"), 1e-9);
        assertFalse(run.metrics().containsKey("timeToTrainCost"));
    }

    @Test
    void shouldReportNoTimeToTrainWithoutATokenBudget() {
        RunResult run = TrainingSimulator.run(job(twoNodes(new CostSpec("t.Rent", 4, 0, 0, 0, 0, 1), null), 0));
        assertFalse(run.metrics().containsKey("timeToTrainDays"));
        assertFalse(run.metrics().containsKey("timeToTrainCost"));
    }
}
