package org.fabricsim.runtime.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;
import org.fabricsim.runtime.spec.SearchSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.spec.WorkloadSpec;
import org.fabricsim.runtime.study.StudyRunner;
import org.junit.jupiter.api.Test;

/**
 * A search's base jobs are planned once: the base sweep expanded on first use and each base built on first use, then
 * kept, so the bound's count and the enumeration of {@link Search#run} read the same plan. The job: a 16-layer model,
 * TP8 PP2 DP4 (64 accelerators), batch 64, on 8 nodes of 8 H100-like parts.
 */
class BaseJobsTest {
    private static final NodeSpec NODE = new NodeSpec("t.Node", new AcceleratorSpec("t.H100", "NVIDIA", 989e12,
            1979e12, 81_559L << 20, 3.35e12, 0.803, 450e9), 8, new ScaleUpSpec(new FabricSpec("t.NVLink", "NVIDIA",
                    FabricSpec.FabricScope.SCALE_UP, false, "NVIDIA", 25e9, 0, true,
                    FabricSpec.CongestionControl.NONE, false, false, true, FabricSpec.DEFAULT_FLOWS_PER_PEER),
                    ScaleUpSpec.Kind.SWITCHED, 8, 450e9, true), new NicSpec("t.Nic", "NVIDIA", 1, 50e9, 64e9, 0), 8,
            true);
    private static final ScaleOutSpec FABRIC = new ScaleOutSpec(new FabricSpec("t.Ib", "NVIDIA",
            FabricSpec.FabricScope.SCALE_OUT, false, "", 50e9, 0, true, FabricSpec.CongestionControl.INFINIBAND, true,
            false, true, FabricSpec.DEFAULT_FLOWS_PER_PEER), new TopologySpec.FatTree(null, 2, List.of(1.0)),
            ScaleOutSpec.Routing.ECMP);
    private static final ClusterSpec SMALL = new ClusterSpec("t.Small", NODE, 8, FABRIC, 0, null, null);
    private static final ParallelismSpec PLAN = new ParallelismSpec(8, 2, 4, 1, 1, true);
    private static final TrainingSpec JOB = new TrainingSpec("t.Job", new TransformerSpec("t.M", 16, 4096, 16384, 32,
            8, 128, 32000, true, 0, 0, 0, 0, 0, 0, 0), SMALL, 64, 4096, 64, 1, Precision.BF16, PLAN,
            TrainingSpec.PipelineSchedule.ONE_F_ONE_B, 1, TrainingSpec.Sharding.ZERO_1, TrainingSpec.Recompute.NONE,
            1.0);

    private static StudySpec search(VariationSpec... axes) {
        return new StudySpec("t", "t.fabric", "t.Search", List.of(JOB), List.of(axes), List.of(), List.of(), 1,
                CalibrationProfile.defaults(), new SearchSpec(SearchSpec.Objective.MFU, true, 0, 0, 1));
    }

    @Test
    void shouldPlanTheBaseSweepOnceAndBuildEachBaseOnce() {
        // vary tensor is enumerated by the search itself; vary batch [64, 128] makes the 2 base jobs
        BaseJobs bases = new BaseJobs(search(new VariationSpec(Parameter.TENSOR, List.of(4L, 8L)),
                new VariationSpec(Parameter.BATCH, List.of(64L, 128L))));
        List<StudyRunner.PlannedRun> runs = bases.runs();
        assertEquals(2, runs.size());
        assertSame(runs, bases.runs(), "expanded once");
        WorkloadSpec second = bases.built(1);
        assertEquals(128L, ((TrainingSpec) second).globalBatchSequences());
        // building a planned run gives a new job each time; the base jobs give the one they built
        assertNotSame(runs.get(1).varied(), runs.get(1).varied());
        assertSame(second, bases.built(1), "built once");
        assertNull(bases.failure(1));
    }

    @Test
    void shouldKeepWhyABaseCannotBeBuiltAndCountTheOthersOnTheSamePlan() {
        // the job's 64 accelerators do not fit on 4 nodes of 8 (32): that base cannot be built
        ClusterSpec tiny = new ClusterSpec("t.Tiny", NODE, 4, FABRIC, 0, null, null);
        StudySpec study = search(new VariationSpec(Parameter.CLUSTER, List.of(SMALL, tiny)));
        BaseJobs bases = new BaseJobs(study);
        // in all on 64 H100-like parts of domain 8, 16 layers, sequence 4,096, batch 64: 75,600 configurations on the
        // base that builds (TrainingSearchTest derives them), 1 on the other (no stated axis): within the bound, counted
        // on the plan the enumeration then reads
        assertNull(SearchSize.refusal(study, bases));
        assertEquals("needs 64 accelerators but t.Tiny has 32", bases.failure(1).getMessage());
        assertNull(bases.built(1));
        assertEquals(SMALL, ((TrainingSpec) bases.built(0)).cluster());
    }
}
