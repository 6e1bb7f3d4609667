package org.fabricsim.runtime.training;

/**
 * What one step of a {@link PipelineExecutor} looked like.
 *
 * @param stages             P
 * @param chunks             local chunks per stage: v, or 2 for DualPipe
 * @param bidirectional      whether DualPipe: local chunk 1 of stage s is model chunk P − 1 − s
 * @param endSeconds         when each stage finished its last task
 * @param busySeconds        compute time of each stage
 * @param gradientsReady     when the gradients of local chunk c of stage s were final, at [c·P + s]
 * @param firstForwardStart  when local chunk c of stage s started its forward of micro-batch 0, at [c·P + s]
 * @param aloneSeconds       of each stage's busy time, what its DualPipe tasks run outside a pair added
 */
public record PipelineTimeline(int stages, int chunks, boolean bidirectional, double[] endSeconds, double[] busySeconds,
        double[] gradientsReady, double[] firstForwardStart, double[] aloneSeconds) {

    /** A one-directional timeline: local chunk c of stage s is model chunk c·P + s. */
    public PipelineTimeline(int stages, int chunks, double[] endSeconds, double[] busySeconds, double[] gradientsReady,
            double[] firstForwardStart) {
        this(stages, chunks, false, endSeconds, busySeconds, gradientsReady, firstForwardStart, new double[stages]);
    }

    /** The model chunk that local chunk c of stage s runs. */
    public int modelChunk(int c, int s) {
        return modelChunk(bidirectional, stages, c, s);
    }

    /** Micro-batches each local chunk runs, of the step's M. */
    public int microBatchesPerChunk(int microBatches) {
        return bidirectional ? microBatches / 2 : microBatches;
    }

    /** The pipeline's makespan. */
    public double makespan() {
        double end = 0;
        for (double e : endSeconds) {
            end = Math.max(end, e);
        }
        return end;
    }

    /** The model chunk that local chunk c of stage s runs: c·P + s, or for DualPipe s and P − 1 − s. */
    static int modelChunk(boolean bidirectional, int stages, int c, int s) {
        return bidirectional && c == 1 ? stages - 1 - s : c * stages + s;
    }
}
