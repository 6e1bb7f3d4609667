package org.fabricsim.runtime.training;

import java.util.Arrays;

import org.fabricsim.runtime.compute.ComputeCalibration;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;

/**
 * The order in which one pipeline stage's chunks synchronize over data parallelism ({@link
 * TrainingStep}): their gradients reduce in the order they become final, and their ZeRO-1/2
 * parameters gather in the order of their first forward, of which {@link #gatherSeconds} gives the
 * part the next step's forwards cannot hide.
 */
final class DataParallelSync {
    private DataParallelSync() {
    }

    /**
     * The exposed part of stage s's ZeRO-1/2 parameter all-gather (BF16, {@link
     * ComputeCalibration#PARAMETER_GATHER_BYTES}): the gathers of its chunks run back to back from
     * the start of the step in the order of their first forward (chunk 0 first; with DualPipe the
     * direction the stage is nearer the start of), and chunk c must
     * be gathered when its forward of micro-batch 0 starts (at t_c), except for the overlap
     * fraction ω of that forward F_c (bucketed gathers run while earlier layers compute). Exposed =
     * max(0, max_c(Σ_{i≤c} gather_i − t_c − ω·F_c)); with one chunk per stage, gather − t_0 − ω·F_0.
     * Returns {Σ gather_c, exposed}. O(v log v).
     */
    static double[] gatherSeconds(CollectiveTimer timer, int dp, double overlap,
            PipelineTimeline timeline, int s, double[] parameters, double[] forward) {
        int p = timeline.stages();
        double gatherEnd = 0;
        double exposed = 0;
        for (int c : chunksInOrder(timeline.firstForwardStart(), timeline, s)) {
            int gc = timeline.modelChunk(c, s);
            gatherEnd += timer.ringSeconds(Axis.DATA, dp,
                    parameters[gc] * ComputeCalibration.PARAMETER_GATHER_BYTES, 0);
            exposed = Math.max(exposed, gatherEnd - timeline.firstForwardStart()[c * p + s] - overlap * forward[gc]);
        }
        return new double[] {gatherEnd, exposed};
    }

    /**
     * Local chunks of stage s in the order of {@code times} (at [c·P + s]), e.g. of their final
     * gradients. O(v log v).
     */
    static int[] chunksInOrder(double[] times, PipelineTimeline timeline, int s) {
        int v = timeline.chunks();
        Integer[] order = new Integer[v];
        for (int c = 0; c < v; c++) {
            order[c] = c;
        }
        int p = timeline.stages();
        Arrays.sort(order, (a, b) -> Double.compare(times[a * p + s], times[b * p + s]));
        int[] result = new int[v];
        for (int c = 0; c < v; c++) {
            result[c] = order[c];
        }
        return result;
    }
}
