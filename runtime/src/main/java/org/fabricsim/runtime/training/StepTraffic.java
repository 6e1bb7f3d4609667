package org.fabricsim.runtime.training;

import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.compute.ComputeCalibration;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TrainingSpec.PipelineSchedule;
import org.fabricsim.runtime.spec.TrainingSpec.Recompute;
import org.fabricsim.runtime.spec.TrainingSpec.Sharding;

/**
 * The link traffic of one {@link TrainingStep}: how often each communication pattern the step
 * timed repeats per step, counted into its {@link CollectiveTimer}'s link traffic.
 */
final class StepTraffic {
    private StepTraffic() {
    }

    /**
     * Counts one step's communication into the timer's link traffic. Every pattern is solved with
     * all stages at once, so it repeats as often as the average stage runs it (layers, MoE layers
     * and parameters summed over the P·v chunks ÷ P, parameters twice with DualPipe's two weight
     * copies), M micro-batches each: per layer 8 TP collectives of T·h·e (12 with full recompute; half
     * as many in a parallel block) and one CP exchange forward and backward
     * ({@link ContextExchange#count}); per MoE layer 2 × (dispatch + combine); 2·v pipeline send
     * rounds per micro-batch; per step and chunk (the routed experts' weights over their expert data-parallel group,
     * {@link DataParallelSync#ringSeconds}) one gradient reduce-scatter (or all-reduce) and,
     * for ZeRO-1/2, one parameter all-gather; for ZeRO-3/FSDP two gathers and one reduce-scatter
     * per micro-batch; each call of the chunks' mean size, counted as the rings' bytes or, where NCCL runs it on
     * CollNet, CollNet's ({@link CollectiveTimer#countDataParallel}). The all-to-alls are routed as the step's micro-batch, {@code routing} ({@link
     * SampledRouting}). O(P·v) plus the timer's O(links) per count.
     */
    static void count(CollectiveTimer timer, TrainingSpec spec, StepPlan plan, double tpBuffer,
            ContextExchange cp, double[] allToAllBytes, ExpertRoutingSpec routing, double ppBytes,
            double[] parameters, double[] expertParameters) {
        ParallelismSpec par = spec.parallel();
        double layers = 0;
        double moeLayers = 0;
        double stageParameters = 0;
        double stageExperts = 0;
        for (int gc = 0; gc < plan.modelChunks(); gc++) {
            layers += plan.layers(gc) / (double) plan.stages();
            moeLayers += plan.moeLayers()[gc] / (double) plan.stages();
            stageParameters += parameters[gc] / plan.stages();
            stageExperts += expertParameters[gc] / plan.stages();
        }
        if (spec.schedule() == PipelineSchedule.DUALPIPE) {
            stageParameters *= 2;
            stageExperts *= 2;
        }
        double m = plan.microBatches();
        double passes = spec.recompute() == Recompute.FULL ? 3 : 2;
        double tpRings = TrainingStep.tensorRings(spec.model()) * passes * m * layers;
        timer.countRing(Axis.TENSOR, par.tensor(), tpBuffer, 0, tpRings);
        cp.count(timer, m * layers);
        DeduplicatedDispatch dedup = DeduplicatedDispatch.of(spec.model(), routing);
        for (double bytes : allToAllBytes) {
            timer.countExpertAllToAll(bytes, routing, dedup, 2 * m * moeLayers);
        }
        timer.countPipelineSends(ppBytes, 2 * m * plan.chunks());
        double gradientBytes = ComputeCalibration.gradientReduceBytes(spec.precision());
        double weightBytes = ComputeCalibration.PARAMETER_GATHER_BYTES;
        int dp = par.data();
        int edp = Placement.of(par).expertData();
        double v = plan.chunks();
        double chunkParameters = stageParameters / v;
        double chunkExperts = stageExperts / v;
        if (spec.sharding().shardsWeights()) {
            DataParallelSync.countCalls(timer, CollectiveOperation.ALL_GATHER, dp, edp, chunkParameters, chunkExperts,
                    weightBytes, 0, 2 * m * v);
            DataParallelSync.countCalls(timer, CollectiveOperation.REDUCE_SCATTER, dp, edp, chunkParameters,
                    chunkExperts, gradientBytes, 0, m * v);
            return;
        }
        CollectiveOperation reduction = spec.allReducesGradients() ? CollectiveOperation.ALL_REDUCE
                : CollectiveOperation.REDUCE_SCATTER;
        DataParallelSync.countCalls(timer, reduction, dp, edp, chunkParameters, chunkExperts, gradientBytes, ppBytes,
                v);
        if (spec.sharding() != Sharding.NONE) {
            DataParallelSync.countCalls(timer, CollectiveOperation.ALL_GATHER, dp, edp, chunkParameters, chunkExperts,
                    weightBytes, 0, v);
        }
    }
}
