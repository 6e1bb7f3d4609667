package org.fabricsim.runtime.training;

import org.fabricsim.runtime.spec.TrainingSpec.PipelineSchedule;

/**
 * The task order of one stage s of a one-directional pipeline schedule ({@link PipelineExecutor};
 * DualPipe's is {@link DualPipeOrder}), P stages of v chunks, M micro-batches, T = M·v forwards and as many
 * backwards:
 * <ul>
 * <li>GPipe: every forward, then every backward;</li>
 * <li>1F1B (and zero-bubble, which defers the weight gradients at run time): w = P − s − 1 warm-up
 * forwards, then alternating F and B, then the remaining B;</li>
 * <li>interleaved (Narayanan et al. 2021; Megatron-LM's schedule): forward k is micro-batch
 * ⌊k/(Pv)⌋·P + k mod P of chunk ⌊k/P⌋ mod v (backward chunks reversed), warm-up w = (P − s − 1)·2 +
 * (v − 1)·P, which needs M to be a multiple of P.</li>
 * </ul>
 * Computed from the task's index, nothing stored: task i &lt; w is forward i; then, for j = i − w &lt; 2(T − w),
 * forward w + j/2 when j is even and backward ⌊j/2⌋ when odd; after that backward j − (T − w) (GPipe: w = T).
 * O(1) memory and time per task.
 */
final class StageOrder implements TaskOrder {
    private final int stages;
    private final int chunks;
    private final int total;
    private final int warmUp;

    private StageOrder(int stages, int chunks, int total, int warmUp) {
        this.stages = stages;
        this.chunks = chunks;
        this.total = total;
        this.warmUp = warmUp;
    }

    /** The order of stage {@code s} under {@code schedule} (not DualPipe). */
    static StageOrder of(PipelineSchedule schedule, int stages, int chunks, int microBatches, int s) {
        int total = microBatches * chunks;
        int warmUp = schedule == PipelineSchedule.GPIPE ? total
                : chunks == 1 ? stages - s - 1 : (stages - s - 1) * 2 + (chunks - 1) * stages;
        return new StageOrder(stages, chunks, total, Math.min(warmUp, total));
    }

    @Override
    public int tasks() {
        return 2 * total;
    }

    @Override
    public byte type(int i) {
        return forward(i) ? PipelineExecutor.FORWARD : PipelineExecutor.BACKWARD;
    }

    @Override
    public int micro(int i) {
        int k = index(i);
        return chunks == 1 ? k : k / (stages * chunks) * stages + k % stages;
    }

    @Override
    public int chunk(int i) {
        int c = index(i) / stages % chunks;
        return forward(i) ? c : chunks - 1 - c;
    }

    @Override
    public boolean paired(int i) {
        return false;
    }

    private boolean forward(int i) {
        int j = i - warmUp;
        return j < 0 || j < 2 * (total - warmUp) && j % 2 == 0;
    }

    /** The task's place k in the interleaved enumeration of its kind (class comment). */
    private int index(int i) {
        int j = i - warmUp;
        int steady = total - warmUp;
        if (j < 0) {
            return i;
        }
        if (j < 2 * steady) {
            return j % 2 == 0 ? warmUp + j / 2 : j / 2;
        }
        return j - steady;
    }
}
