package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.junit.jupiter.api.Test;

/** PaLM's parallel layers in training: one tensor-parallel reduction per layer and pass instead of two. */
class ParallelBlockTrainingTest {
    private static final ClusterSpec ONE_DGX = new ClusterSpec("t.One", TrainingFixtures.DGX_H100, 1,
            new ScaleOutSpec(TrainingFixtures.NDR, new TopologySpec.SingleSwitch(TrainingFixtures.QM9700),
                    ScaleOutSpec.Routing.ECMP), 0, null, null);

    private static RunResult run(boolean parallelBlock) {
        TransformerSpec model = new TransformerSpec("t.Gpt", 8, 2048, 8192, 16, 16, 128, 32000, false, 0, 0, 0, 0, 0,
                0, 0, 0, 0, parallelBlock);
        return TrainingSimulator.run(TrainingFixtures.training("t.Job", model, ONE_DGX, 2048, 8,
                new ParallelismSpec(8, 1, 1, 1, 1, true), TrainingSpec.PipelineSchedule.ONE_F_ONE_B,
                TrainingSpec.Sharding.ZERO_1));
    }

    private static double exposedTensorSeconds(RunResult run) {
        return (Double) ((Map<?, ?>) run.metrics().get("exposedCommunicationSeconds")).get("tp");
    }

    @Test
    void shouldExposeHalfTheTensorParallelTimeWhenAttentionAndMlpShareOneReduction() {
        // TP 8 inside one DGX and nothing else, TP not overlapped: every pass of a sequential layer issues 4 ring
        // collectives of T·h·e (a reduce-scatter and an all-gather around attention and around the MLP), a
        // parallel block 2 (the two branches' partial outputs summed before one reduce-scatter), the same ring each.
        double sequential = exposedTensorSeconds(run(false));
        assertEquals(sequential / 2, exposedTensorSeconds(run(true)), sequential * 1e-12);
    }

    @Test
    void shouldCarryHalfTheTensorParallelBytesOnTheScaleUpLinks() {
        // The same job's NVLink uplink of GPU 0: 4 TP collectives per layer and micro-batch forward and 4 backward
        // in a sequential layer, 2 and 2 in a parallel block; each 7 ring steps of 2,048 x 2,048 x 2 B / 8 = 1 MiB;
        // 8 micro-batches of 1 sequence, 8 layers: 7 MiB x 4 x 8 x 8 over the step.
        RunResult run = run(true);
        double step = (Double) run.metrics().get("stepTimeSeconds");
        double bytes = 7.0 * (1 << 20) * 4 * 8 * 8;
        ClusterTopology topology = ClusterTopologies.build(ONE_DGX);
        double expected = bytes / (topology.graph().linkBytesPerSecond(topology.scaleUpUplink(0)) * step);
        Map<?, ?> scaleUp = (Map<?, ?>) ((Map<?, ?>) run.metrics().get("linkUtilization")).get("scale-up");
        assertEquals(expected, (Double) scaleUp.get("max"), 1e-9);
    }
}
