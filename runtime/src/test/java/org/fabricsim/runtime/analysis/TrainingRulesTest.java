package org.fabricsim.runtime.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/** The expert rule: EP divides the experts and the TP × CP × DP ranks its groups fold over. */
class TrainingRulesTest {
    /** 4 layers, h 1024, 8 heads, 8 experts top-2 of width 1024: a few hundred MB a rank. */
    private static final TransformerSpec MOE = new TransformerSpec("Moe", 4, 1024, 4096, 8, 8, 128, 32000, true, 8, 2,
            0, 1024, 0, 0, 0);

    private static TrainingSpec job(ParallelismSpec parallel) {
        NodeSpec node = new NodeSpec("n", new AcceleratorSpec("g", "v", 1, 0, 80_000_000_000L, 1, 0, 0), 8, null, null,
                0, false);
        ClusterSpec cluster = new ClusterSpec("c", node, Math.max(1, parallel.accelerators() / 8), null, 0, null, null);
        return new TrainingSpec("t", MOE, cluster, parallel.accelerators(), 2048, 64, 1, Precision.BF16, parallel,
                TrainingSpec.PipelineSchedule.ONE_F_ONE_B, 1, TrainingSpec.Sharding.NONE, TrainingSpec.Recompute.NONE,
                1);
    }

    @Test
    void shouldAcceptAnExpertDegreeAboveDataParallelismThatDividesTensorTimesData() {
        // TP 4 × DP 2 = 8 ranks a stage; EP 8 > DP 2 folds over them as one group
        ParallelismSpec tp4dp2ep8 = new ParallelismSpec(4, 1, 2, 1, 8, false);
        assertNull(TrainingRules.firstViolation(job(tp4dp2ep8)));
    }

    @Test
    void shouldRejectAnExpertDegreeThatDoesNotDivideTensorContextAndData() {
        // TP 2 × CP 1 × DP 3 = 6 ranks a stage: EP 4 divides the 8 experts but not 6
        ParallelismSpec tp2dp3ep4 = new ParallelismSpec(2, 1, 3, 1, 4, false);
        assertEquals(TrainingRules.Rule.EXPERTS, TrainingRules.firstViolation(job(tp2dp3ep4)));
    }

    @Test
    void shouldCountContextRanksInTheFoldedBlock() {
        // TP 1 × CP 2 × DP 2 = 4: EP 4 folds over the CP and DP ranks
        ParallelismSpec cp2dp2ep4 = new ParallelismSpec(1, 1, 2, 2, 4, false);
        assertNull(TrainingRules.firstViolation(job(cp2dp2ep4)));
    }
}
