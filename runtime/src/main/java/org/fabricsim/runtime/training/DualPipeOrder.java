package org.fabricsim.runtime.training;

/**
 * The per-rank task order of the DualPipe schedule (DeepSeek-V3 report, arXiv 2412.19437,
 * §3.2.1, Fig. 5).
 *
 * <p>P ranks (P even), M micro-batches (M even), M/2 fed from each end of the pipeline. Rank r
 * holds model stage r of direction 0 (micro-batches entering at rank 0) and stage P − 1 − r of
 * direction 1 (entering at rank P − 1): two copies of the weights. With h = min(r, P − 1 − r) and
 * n = P/2, the rank is h hops from the entry of its "near" direction (0 for r &lt; n, else 1) and
 * P − 1 − h from that of its "far" one. Its order, in eight phases (F, B = input-gradient
 * backward, W = weight gradient; "B*" defers its W to a FIFO queue, plain B runs its W at once,
 * "W" runs the oldest deferred W):
 * <ol>
 * <li>2(n − h − 1) × F near — fill the near direction while the far one is still coming;</li>
 * <li>(h + 1) × (F near, F far);</li>
 * <li>(n − h − 1) × (B* far, W, F far) — zero-bubble warm-up of the far direction;</li>
 * <li>(M/2 − P + h + 1) × (F near &amp; B far, F far &amp; B near) — the steady state, each
 * forward paired with a backward of the other direction so that one's communication hides behind
 * the other's compute (the two middle ranks, h = n − 1, run their first pair unpaired, one task
 * after the other, which shortens the bubble);</li>
 * <li>(n − h − 1) × (B far, F far &amp; B near);</li>
 * <li>(h + 1) × (B far, B near), W deferred from the middle iteration on;</li>
 * <li>(n − h − 1) × (W, B* near);</li>
 * <li>(h + 1) × W.</li>
 * </ol>
 * Each direction gets M/2 forwards and backwards; phase 4 needs at least one iteration on every
 * rank, hence M/2 ≥ P. Derived from the paper's description and figure and the reference
 * implementation's order (deepseek-ai/DualPipe). O(M) per rank: 5 B per task (a byte of type, direction and
 * pairing, an int micro-batch), 15 B per micro-batch, and M ints while it is built, released after.
 */
public final class DualPipeOrder implements TaskOrder {
    private static final int DIRECTION_BIT = 4;
    private static final int PAIRED_BIT = 8;
    /** Per task its type (bits 0–1, those of {@link PipelineExecutor}), direction and paired flag: 1 B. */
    private final byte[] code;
    /** Micro-batch of each task within its direction. */
    private final int[] micro;
    private final int[] forwardNext = new int[2];
    private final int[] backwardNext = new int[2];
    /** Backwards whose W waits, first in first out: at most one per backward, M; released once the order is built. */
    private int[] deferred;
    private int deferredHead;
    private int deferredTail;
    private int at;

    private DualPipeOrder(int microBatches) {
        code = new byte[3 * microBatches];
        micro = new int[3 * microBatches];
        deferred = new int[microBatches];
    }

    /**
     * What stops DualPipe from running P stages of v chunks with M micro-batches per replica, saying
     * what to change, or null when it can run: v = 1, P even, M even and M ≥ 2P. O(1).
     */
    public static String problem(int stages, int chunks, int microBatches) {
        if (chunks != 1) {
            return "dualpipe takes no virtual stages (has " + chunks + "): each rank already holds two chunks;"
                    + " remove 'virtual-stages " + chunks + "'";
        }
        if (stages % 2 != 0) {
            return "dualpipe needs an even number of pipeline stages (has " + stages
                    + "): each rank holds stage r and stage P - 1 - r; use pipeline "
                    + (stages == 1 ? "2" : (stages - 1) + " or " + (stages + 1));
        }
        if (microBatches % 2 != 0 || microBatches < 2 * stages) {
            return "dualpipe needs an even number of micro-batches per replica, at least twice the pipeline stages"
                    + " (2 × PP = " + 2 * stages + "), half fed from each end; has " + microBatches
                    + ": raise the global batch or lower the micro-batch or data parallelism";
        }
        return null;
    }

    /** The order of rank {@code rank}: 3M tasks (M each of F, B and W). */
    static DualPipeOrder of(int stages, int microBatches, int rank) {
        DualPipeOrder o = new DualPipeOrder(microBatches);
        int n = stages / 2;
        int h = Math.min(rank, stages - 1 - rank);
        int near = rank < n ? 0 : 1;
        int far = 1 - near;
        int warm = n - h - 1;
        for (int i = 0; i < 2 * warm; i++) {
            o.forward(near);
        }
        for (int i = 0; i <= h; i++) {
            o.forward(near);
            o.forward(far);
        }
        for (int i = 0; i < warm; i++) {
            o.backward(far, true);
            o.weight();
            o.forward(far);
        }
        for (int i = microBatches / 2 - stages + h + 1; i > 0; i--) {
            o.pair(near, far, i < microBatches / 2 - stages + h + 1 || warm > 0);
            o.pair(far, near, true);
        }
        for (int i = 0; i < warm; i++) {
            o.backward(far, false);
            o.pair(far, near, true);
        }
        int middle = (h + 1) / 2;
        for (int i = 0; i <= h; i++) {
            o.backward(far, i > middle || i == middle && h % 2 == 1);
            o.backward(near, i >= middle);
        }
        for (int i = 0; i < warm; i++) {
            o.weight();
            o.backward(near, true);
        }
        while (o.deferredHead < o.deferredTail) {
            o.weight();
        }
        o.deferred = null;
        return o;
    }

    /** F of one direction, then B of the other, overlapped unless {@code overlapped} is false. */
    private void pair(int forwardDirection, int backwardDirection, boolean overlapped) {
        forward(forwardDirection);
        if (overlapped) {
            code[at - 1] |= PAIRED_BIT;
        }
        backward(backwardDirection, false);
    }

    private void forward(int direction) {
        add(PipelineExecutor.FORWARD, forwardNext[direction]++, direction);
    }

    private void backward(int direction, boolean deferWeight) {
        int m = backwardNext[direction]++;
        add(PipelineExecutor.BACKWARD, m, direction);
        if (deferWeight) {
            deferred[deferredTail++] = 2 * m + direction;
        } else {
            add(PipelineExecutor.WEIGHT, m, direction);
        }
    }

    private void weight() {
        int w = deferred[deferredHead++];
        add(PipelineExecutor.WEIGHT, w / 2, w % 2);
    }

    private void add(byte kind, int m, int direction) {
        code[at] = (byte) (kind | direction * DIRECTION_BIT);
        micro[at] = m;
        at++;
    }

    @Override
    public int tasks() {
        return code.length;
    }

    @Override
    public byte type(int i) {
        return (byte) (code[i] & (DIRECTION_BIT - 1));
    }

    @Override
    public int micro(int i) {
        return micro[i];
    }

    @Override
    public int chunk(int i) {
        return (code[i] & DIRECTION_BIT) == 0 ? 0 : 1;
    }

    @Override
    public boolean paired(int i) {
        return (code[i] & PAIRED_BIT) != 0;
    }
}
