package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.PacketSettings;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.study.StudyRunner;
import org.junit.jupiter.api.Test;

/**
 * A study that prices the MFU gap splits each training run's fabric loss into behaviour (the same
 * step with ideal sharing under the fabric's routing) and routing (ideal sharing, ideal spreading).
 */
class MfuSplitTest {
    private static TrainingSpec job(FabricSpec.FlowControl flowControl) {
        FabricSpec roce = new FabricSpec("t.RoCE", "IBTA", FabricSpec.FabricScope.SCALE_OUT, true, "", 50e9, 0,
                flowControl, FabricSpec.CongestionControl.DCQCN, false, false, false,
                FabricSpec.DEFAULT_FLOWS_PER_PEER, 0, PacketSettings.DEFAULTS);
        NodeSpec node = new NodeSpec("t.Node", TrainingFixtures.H100, 1, null, TrainingFixtures.CX7, 1, true);
        SwitchSpec switch8 = new SwitchSpec("t.S8", "generic", 8, 50e9, 0, 0, false, false);
        ClusterSpec cluster = new ClusterSpec("t.Eight", node, 8, new ScaleOutSpec(roce,
                new TopologySpec.FatTree(switch8, 2, List.of(1.0)), ScaleOutSpec.Routing.ECMP), 0, null, null);
        ParallelismSpec plan = new ParallelismSpec(1, 1, 8, 1, 1, false);
        return new TrainingSpec("t.Job", TrainingFixtures.dense("t.Gpt", 2, 4096, 16384, 32, 32, 32000, false),
                cluster, plan.accelerators(), 8192, 8, 1, Precision.BF16, plan,
                TrainingSpec.PipelineSchedule.ONE_F_ONE_B, 1, TrainingSpec.Sharding.NONE, TrainingSpec.Recompute.NONE,
                0.0);
    }

    /**
     * An engine whose MFU says what it was given: 0.30 on the fabric's behaviour, 0.35 with ideal sharing
     * under ECMP, {@code sprayed} with ideal sharing sprayed.
     */
    private static StudyRunner.Engine engine(List<String> calls, double sprayed) {
        return (workload, profile, seed) -> {
            ScaleOutSpec scaleOut = ((TrainingSpec) workload).cluster().scaleOut();
            double mfu = scaleOut.fabric().flowControl().stated() ? 0.30
                    : scaleOut.routing() == ScaleOutSpec.Routing.SPRAYING ? sprayed : 0.35;
            calls.add(scaleOut.fabric().flowControl() + " " + scaleOut.routing());
            return new RunResult(workload.name(), "training", Map.of(), Map.of("mfu", mfu), 0);
        };
    }

    private static RunResult run(TrainingSpec job, List<String> report, List<String> calls) {
        return run(job, report, calls, 0.37);
    }

    private static RunResult run(TrainingSpec job, List<String> report, List<String> calls, double sprayed) {
        StudySpec study = new StudySpec("t", "t.fabric", "t.Split", List.of(job), List.of(), report, List.of(), 1);
        return new StudyRunner(engine(calls, sprayed), 1, StudyRunner.Progress.NONE).run(study).runs().get(0);
    }

    @Test
    void shouldSplitWhatTheFabricCostsIntoBehaviourAndRouting() {
        // Behaviour: 0.35 − 0.30; routing: 0.37 − 0.35; together the 7 points the fabric loses against
        // an ideal fabric of the same hardware.
        List<String> calls = new ArrayList<>();
        RunResult result = run(job(FabricSpec.FlowControl.PFC), List.of("mfu", "cost"), calls);
        assertEquals(0.05, ((Number) result.metrics().get("mfuLostToBehaviour")).doubleValue(), 1e-12);
        assertEquals(0.02, ((Number) result.metrics().get("mfuLostToRouting")).doubleValue(), 1e-12);
        assertEquals(0.30, ((Number) result.metrics().get("mfu")).doubleValue());
        assertEquals(List.of("PFC ECMP", "UNSTATED ECMP", "UNSTATED SPRAYING"), calls);
    }

    @Test
    void shouldCountNoRoutingLossWhenSprayingIsSlowerThanTheFabricsOwnRouting() {
        // Sprayed 0.3499 < 0.35 under ECMP: ideal routing may route as ECMP does, M_i = max(0.3499, 0.35) = 0.35,
        // so routing loses 0.35 − 0.35 = 0 (not −0.0001) and behaviour 0.35 − 0.30 = 0.05, together M_i − M.
        RunResult result = run(job(FabricSpec.FlowControl.PFC), List.of("mfu", "cost"), new ArrayList<>(), 0.3499);
        assertEquals(0.0, ((Number) result.metrics().get("mfuLostToRouting")).doubleValue());
        assertEquals(0.05, ((Number) result.metrics().get("mfuLostToBehaviour")).doubleValue(), 1e-12);
    }

    @Test
    void shouldKeepTheRunAndSayWhyWhenAnIdealFabricStepCannotRun() {
        // The sprayed step fails: the run keeps its own MFU, carries no split, and says why.
        StudyRunner.Engine failsSprayed = (workload, profile, seed) -> {
            if (((TrainingSpec) workload).cluster().scaleOut().routing() == ScaleOutSpec.Routing.SPRAYING) {
                throw new UnsupportedOperationException("no spraying here");
            }
            return new RunResult(workload.name(), "training", Map.of(), Map.of("mfu", 0.30), 0);
        };
        StudySpec study = new StudySpec("t", "t.fabric", "t.Split", List.of(job(FabricSpec.FlowControl.PFC)), List.of(),
                List.of("mfu", "cost"), List.of(), 1);
        RunResult result = new StudyRunner(failsSprayed, 1, StudyRunner.Progress.NONE).run(study).runs().get(0);
        assertEquals(0.30, ((Number) result.metrics().get("mfu")).doubleValue());
        assertFalse(result.metrics().containsKey("mfuLostToBehaviour"));
        assertEquals("no spraying here", result.parameters().get("mfuSplitNotTaken"));
    }

    @Test
    void shouldNotSplitUnlessTheStudyPricesMfuOrTheFabricStatesABehaviour() {
        List<String> calls = new ArrayList<>();
        assertFalse(run(job(FabricSpec.FlowControl.PFC), List.of("mfu"), calls).metrics()
                .containsKey("mfuLostToBehaviour"));
        assertFalse(run(job(FabricSpec.FlowControl.UNSTATED), List.of("mfu", "cost"), calls).metrics()
                .containsKey("mfuLostToBehaviour"));
        assertEquals(2, calls.size(), "one step each, no counterfactual steps");
    }
}
