package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.Map;

import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.junit.jupiter.api.Test;

class SampledRoutingTest {
    private static TrainingSpec qwen3Tp4Ep8() throws IOException {
        for (Map<String, String> row : TrainingRows.readCsv("training-moe-heldout.csv")) {
            if ("modelzoo-qwen3-235b-tp4-ep8".equals(row.get("case"))) {
                return MoeTrainingRows.spec(row);
            }
        }
        throw new IllegalStateException("row missing");
    }

    private static TrainingSpec withRouting(TrainingSpec spec, ExpertRoutingSpec routing) {
        ParallelismSpec p = spec.parallel();
        ParallelismSpec plan = new ParallelismSpec(p.tensor(), p.pipeline(), p.data(), p.context(), p.expert(),
                p.sequenceParallel(), p.contextMode(), routing);
        return new TrainingSpec(spec.name(), spec.model(), spec.cluster(), spec.accelerators(), spec.sequence(),
                spec.globalBatchSequences(), spec.microBatch(), spec.precision(), plan, spec.schedule(),
                spec.virtualStages(), spec.sharding(), spec.recompute(), spec.overlap(), spec.software(),
                spec.tensorOverlap());
    }

    @Test
    void shouldLoadTheBusiestExpertRankAsRandomRoutingOfOneMicroBatchDoes() throws IOException {
        // 4,096 tokens ÷ TP4 = 1,024 a rank, 8,192 into the EP8 group, top-8 of 128 experts: mean μ = 8192·8/8 = 8192
        // copies a rank, σ² = 8192·8·(1/8)(7/8)(120/127) = 6772.9; the busiest of 8 ranks (deviations summing to
        // zero) sits σ·√(8/7)·E[max of 8 standard normals] = 82.30·1.0690·1.4236 = 125.2 above: L = 1.0153
        assertEquals(1.0153, new SampledRouting().of(qwen3Tp4Ep8()).routingSkew(), 0.003);
    }

    @Test
    void shouldKeepAStatedSkewAboveTheSampledMaximum() throws IOException {
        TrainingSpec skewed = withRouting(qwen3Tp4Ep8(), new ExpertRoutingSpec(ExpertRoutingSpec.DROPLESS, 1.3,
                ExpertRoutingSpec.Dispatcher.DEEPEP));
        assertEquals(new ExpertRoutingSpec(ExpertRoutingSpec.DROPLESS, 1.3, ExpertRoutingSpec.Dispatcher.DEEPEP),
                new SampledRouting().of(skewed));
    }

    @Test
    void shouldKeepTheCapacityAndDispatcherOfTheStatedRouting() throws IOException {
        ExpertRoutingSpec routed = new SampledRouting().of(withRouting(qwen3Tp4Ep8(), new ExpertRoutingSpec(1.25, 1,
                ExpertRoutingSpec.Dispatcher.DEEPEP)));
        assertEquals(1.25, routed.capacityFactor(), 0);
        assertEquals(ExpertRoutingSpec.Dispatcher.DEEPEP, routed.dispatcher());
    }

    @Test
    void shouldAnswerFromTheMaximaItKeepsAsAFreshContextDoes() throws IOException {
        // the maxima are seeded per token power: a context answering from the ones it sampled for an earlier step
        // (a job's next run, a screen's next plan) gives the fresh context's routing
        SampledRouting kept = new SampledRouting();
        TrainingSpec spec = qwen3Tp4Ep8();
        kept.of(spec);
        assertEquals(new SampledRouting().of(spec), kept.of(spec));
    }
}
