package org.fabricsim.runtime.training;

import org.fabricsim.runtime.spec.TrainingSpec.PipelineSchedule;

/**
 * The task order of one stage s of a one-directional pipeline schedule ({@link PipelineExecutor};
 * DualPipe's is {@link DualPipeOrder}), P stages of v chunks, M micro-batches:
 * <ul>
 * <li>GPipe: every forward, then every backward;</li>
 * <li>1F1B (and zero-bubble, which defers the weight gradients at run time): P − s − 1 warm-up
 * forwards, then alternating F and B, then the remaining B;</li>
 * <li>interleaved (Narayanan et al. 2021; Megatron-LM's schedule): forward k is micro-batch
 * ⌊k/(Pv)⌋·P + k mod P of chunk ⌊k/P⌋ mod v (backward chunks reversed), warm-up (P − s − 1)·2 +
 * (v − 1)·P, which needs M to be a multiple of P.</li>
 * </ul>
 * O(M·v) per stage.
 */
final class StageOrder {
    /** Task types, those of {@link PipelineExecutor}. */
    final byte[] type;
    /** Micro-batch of each task. */
    final int[] micro;
    /** Local chunk of each task. */
    final int[] chunk;
    private final int stages;
    private final int chunks;

    private StageOrder(int stages, int chunks, int tasks) {
        this.stages = stages;
        this.chunks = chunks;
        this.type = new byte[tasks];
        this.micro = new int[tasks];
        this.chunk = new int[tasks];
    }

    /** The order of stage {@code s} under {@code schedule} (not DualPipe). */
    static StageOrder of(PipelineSchedule schedule, int stages, int chunks, int microBatches, int s) {
        int total = microBatches * chunks;
        StageOrder order = new StageOrder(stages, chunks, 2 * total);
        int at = 0;
        if (schedule == PipelineSchedule.GPIPE) {
            for (int k = 0; k < total; k++) {
                at = order.put(at, PipelineExecutor.FORWARD, k);
            }
            for (int k = 0; k < total; k++) {
                at = order.put(at, PipelineExecutor.BACKWARD, k);
            }
            return order;
        }
        int warmUp = chunks == 1 ? stages - s - 1 : (stages - s - 1) * 2 + (chunks - 1) * stages;
        warmUp = Math.min(warmUp, total);
        int forward = 0;
        int backward = 0;
        while (forward < warmUp) {
            at = order.put(at, PipelineExecutor.FORWARD, forward++);
        }
        while (forward < total) {
            at = order.put(at, PipelineExecutor.FORWARD, forward++);
            at = order.put(at, PipelineExecutor.BACKWARD, backward++);
        }
        while (backward < total) {
            at = order.put(at, PipelineExecutor.BACKWARD, backward++);
        }
        return order;
    }

    /** Adds the k-th forward or backward task of the interleaved enumeration. */
    private int put(int at, byte kind, int k) {
        int group = stages * chunks;
        int m = k / group * stages + k % stages;
        int c = k / stages % chunks;
        if (chunks == 1) {
            m = k;
            c = 0;
        }
        type[at] = kind;
        micro[at] = m;
        chunk[at] = kind == PipelineExecutor.FORWARD ? c : chunks - 1 - c;
        return at + 1;
    }
}
