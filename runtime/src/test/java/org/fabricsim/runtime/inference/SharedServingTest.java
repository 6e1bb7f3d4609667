package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.network.MaxMinNetwork;
import org.fabricsim.runtime.sharing.SharedFabricRuns;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SharedFabricSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.junit.jupiter.api.Test;

/**
 * A disaggregated deployment beside a training job on 16 single-H100 nodes of a two-tier fat-tree
 * of 5-port switches at 4:1 (4 hosts and one uplink per leaf). The deployment: one TP1 prefill and
 * one TP1 decode replica of Llama 3 8B, one request of 4,096 prompt tokens, its KV cache one flow
 * from the prefill node to the decode node. The training job: DP 8 of Llama 3 8B, no overlap.
 *
 * <p>Prefill on node 0 (leaf 0) and decode on node 4 (leaf 1): the cache crosses leaf 0's uplink
 * and leaf 1's downlink, which the training ring on nodes 1-3, 5-9 also crosses (edges 3→5 and
 * 9→1): beside it the cache gets f = max(1 − u, 1/2) of those links, u the ring's share of the
 * step, so its transfer takes 1/f of the time alone, at most twice. Prefill and decode on nodes 14
 * and 15 (leaf 3), training on nodes 0-7: the cache stays under its leaf, on its own NICs, and costs
 * and is cost nothing.
 */
class SharedServingTest {
    private static final NodeSpec NODE = new NodeSpec("t.Node", ServingFixtures.H100, 1, null, ServingFixtures.CX7, 1,
            true);
    private static final ClusterSpec CLUSTER = new ClusterSpec("t.Sixteen", NODE, 16, new ScaleOutSpec(
            ServingFixtures.ROCE400, new TopologySpec.FatTree(new SwitchSpec("t.S5", "generic", 5, 50e9, 0, 0, false,
                    false), 2, List.of(4.0)), ScaleOutSpec.Routing.ECMP), 0, null, null);

    private static InferenceSpec serving() {
        return new InferenceSpec("t.Serve", ServingFixtures.LLAMA3_8B, CLUSTER, Precision.FP8,
                List.of(ServingFixtures.pool(Role.PREFILL, 1, ServingFixtures.tensor(1), 8192, 256, 0),
                        ServingFixtures.pool(Role.DECODE, 1, ServingFixtures.tensor(1), 8192, 256, 0)),
                ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 4096, 8, 1), List.of(), false);
    }

    private static TrainingSpec training() {
        ParallelismSpec plan = new ParallelismSpec(1, 1, 8, 1, 1, false);
        return new TrainingSpec("t.Train", ServingFixtures.LLAMA3_8B, CLUSTER, 8, 4096, 8, 1, Precision.BF16, plan,
                TrainingSpec.PipelineSchedule.ONE_F_ONE_B, 1, TrainingSpec.Sharding.NONE, TrainingSpec.Recompute.NONE,
                0.0);
    }

    /** The serving job's entry with training on {@code trainingNodes} and serving on {@code servingNodes}. */
    private static Map<?, ?> servingEntry(List<Integer> trainingNodes, List<Integer> servingNodes) {
        SharedFabricSpec spec = new SharedFabricSpec("t.Mixed", CLUSTER, List.of(
                new SharedFabricSpec.Job(training(), trainingNodes), new SharedFabricSpec.Job(serving(), servingNodes)));
        List<?> jobs = (List<?>) SharedFabricRuns.run(spec, CalibrationProfile.defaults(), 1,
                MaxMinNetwork.DEFAULT_COMPLETION_TOLERANCE).metrics().get("jobs");
        return (Map<?, ?>) jobs.get(1);
    }

    private static double p50(Map<?, ?> entry, String key) {
        return ((Number) ((Map<?, ?>) entry.get(key)).get("p50")).doubleValue();
    }

    @Test
    void shouldSlowTheCacheTransferOnUplinksTheTrainingRingAlsoCrosses() {
        Map<?, ?> entry = servingEntry(List.of(1, 2, 3, 5, 6, 7, 8, 9), List.of(0, 4));
        assertEquals("inference", entry.get("kind"));
        double alone = p50(entry, "kvTransferAloneSeconds");
        double shared = p50(entry, "kvTransferSharedSeconds");
        assertTrue(shared > 1.05 * alone, "the ring must slow the cache: " + shared + " against " + alone);
        assertTrue(shared <= 2 * alone * (1 + 1e-3), "max-min leaves the cache at least half: " + shared);
        assertTrue(p50(entry, "e2eSharedSeconds") > p50(entry, "e2eAloneSeconds"), "the second token waits for it");
    }

    @Test
    void shouldLeaveTheDeploymentAsAloneWhenItsCacheStaysUnderItsLeaf() {
        Map<?, ?> entry = servingEntry(List.of(0, 1, 2, 3, 4, 5, 6, 7), List.of(14, 15));
        for (String metric : new String[] {"ttft", "itl", "e2e", "kvTransfer"}) {
            assertEquals(entry.get(metric + "AloneSeconds"), entry.get(metric + "SharedSeconds"), metric);
        }
        assertEquals(1.0, ((Number) entry.get("slowdown")).doubleValue(), 0);
    }
}
