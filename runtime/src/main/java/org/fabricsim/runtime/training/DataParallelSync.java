package org.fabricsim.runtime.training;

import java.util.Arrays;

import org.fabricsim.runtime.collective.CollectiveOperation;
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
     * fraction ω of that forward F_c (bucketed gathers run while earlier layers compute). Only the
     * share ω of the gathers may hide behind the forwards of earlier chunks: without overlap
     * (Megatron-LM without {@code --overlap-param-gather}) the optimizer step gathers every bucket
     * before the first forward of the stage's first chunk (at t_first), as if every chunk were
     * needed then. Exposed = max(0, max_c(Σ_{i≤c} gather_i − t_c − ω·F_c + (1 − ω)·(t_c − t_first)));
     * with one chunk per stage, gather − t_0 − ω·F_0; at ω = 0, Σ gather − t_first.
     * Returns {Σ gather_c, exposed}. O(v log v).
     */
    static double[] gatherSeconds(CollectiveTimer timer, int dp, int edp, double overlap,
            PipelineTimeline timeline, int s, double[] parameters, double[] experts, double[] forward) {
        int p = timeline.stages();
        double gatherEnd = 0;
        double exposed = 0;
        int[] order = chunksInOrder(timeline.firstForwardStart(), timeline, s);
        double first = timeline.firstForwardStart()[order[0] * p + s];
        for (int c : order) {
            int gc = timeline.modelChunk(c, s);
            gatherEnd += ringSeconds(timer, dp, edp, parameters[gc], experts[gc],
                    ComputeCalibration.PARAMETER_GATHER_BYTES, 0);
            double needed = timeline.firstForwardStart()[c * p + s];
            exposed = Math.max(exposed, gatherEnd - needed - overlap * forward[gc] + (1 - overlap) * (needed - first));
        }
        return new double[] {gatherEnd, exposed};
    }

    /**
     * Seconds of a chunk's ring reduce-scatter or all-gather at {@code bytesPerParameter}: its {@code parameters} less
     * the routed experts' over the DP group, then the {@code experts} over the expert data-parallel group of {@code
     * edp} ranks ({@link CollectiveTimer#expertDataRingSeconds}). Megatron-Core keeps the expert weights in buffers of
     * their own, reduced over that group (NVIDIA/Megatron-LM d98e8a64, megatron/core/distributed/
     * distributed_data_parallel.py: {@code intra_expt_dp_group} for buffers whose key {@code is_expert_parallel}),
     * and shards their optimizer over it (megatron/core/optimizer/__init__.py, the MoE param groups'
     * {@code data_parallel_group=intra_expt_dp_group}); the two rings are taken one after the other. O(1) plus the
     * timer's solves.
     */
    static double ringSeconds(CollectiveTimer timer, int dp, int edp, double parameters, double experts,
            double bytesPerParameter, double pipelineBytes) {
        return timer.ringSeconds(Axis.DATA, dp, (parameters - experts) * bytesPerParameter, pipelineBytes)
                + timer.expertDataRingSeconds(edp, experts * bytesPerParameter, pipelineBytes);
    }

    /**
     * Seconds of a chunk's gradient reduction: the rings of {@link #ringSeconds} once (a reduce-scatter) or, for an
     * {@code allReduce}, the DP group's all-reduce ({@link CollectiveTimer#allReduceSeconds}: twice the ring plus
     * NCCL's ring plateau, or CollNet's where it runs) and the expert group's ring twice plus its plateau ({@link
     * CollectiveTimer#expertDataAllReducePlateauSeconds}).
     */
    static double reduceSeconds(CollectiveTimer timer, int dp, int edp, double parameters, double experts,
            double bytesPerParameter, double pipelineBytes, boolean allReduce) {
        if (!allReduce) {
            return ringSeconds(timer, dp, edp, parameters, experts, bytesPerParameter, pipelineBytes);
        }
        return timer.allReduceSeconds(Axis.DATA, dp, (parameters - experts) * bytesPerParameter, pipelineBytes)
                + 2 * timer.expertDataRingSeconds(edp, experts * bytesPerParameter, pipelineBytes)
                + (experts > 0 ? timer.expertDataAllReducePlateauSeconds(edp) : 0);
    }

    /**
     * Adds {@code times} calls of {@code operation} over the DP group ({@link CollectiveTimer#countDataParallel}: the
     * rings', or CollNet's where NCCL runs it there) and the expert group's rings (two for an all-reduce) of {@link
     * #ringSeconds} to the timer's link traffic, each call of {@code parameters} and {@code experts}.
     */
    static void countCalls(CollectiveTimer timer, CollectiveOperation operation, int dp, int edp, double parameters,
            double experts, double bytesPerParameter, double pipelineBytes, double times) {
        timer.countDataParallel(operation, dp, (parameters - experts) * bytesPerParameter, pipelineBytes, times);
        timer.countExpertDataRing(edp, experts * bytesPerParameter, pipelineBytes,
                operation == CollectiveOperation.ALL_REDUCE ? 2 * times : times);
    }

    /** A rank's share of {@code parameters} sharded over the DP group, its {@code experts} over the expert one. */
    static double shard(double parameters, double experts, int dp, int edp) {
        return (parameters - experts) / dp + experts / edp;
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
