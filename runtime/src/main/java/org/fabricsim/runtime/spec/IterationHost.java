package org.fabricsim.runtime.spec;

/**
 * The host (CPU) time a serving stack spends per iteration outside the GPU kernels: scheduling,
 * preparing the next step's inputs, pulling the sampled tokens back and processing the outputs.
 * A stack that runs it between iterations leaves the GPU idle for it each iteration
 * (vLLM V0: "GPU is often idle, waiting for CPU operations (5-13ms of GPU bubble)", vLLM RFC #6854);
 * a stack with overlap scheduling prepares iteration n + 1 while the GPU runs iteration n (vLLM V1,
 * SGLang's zero-overhead batch scheduler, TensorRT-LLM's overlap scheduler), so the host time only
 * shows when it exceeds the GPU's.
 *
 * <p>The host time of an iteration that schedules n sequences is h + n · h_seq: a fixed part and a
 * part per sequence (the Python scheduler's, block tables' and input metadata's work for each
 * sequence; vLLM V0's TPOT grows with the batch beyond its kernels, vLLM RFC #6913). An iteration
 * whose kernels take g therefore lasts g + h + n · h_seq without overlap and max(g, h + n · h_seq)
 * with it.
 *
 * @param seconds            host time per iteration, h; 0 for none
 * @param secondsPerSequence host time per sequence the iteration schedules, h_seq; 0 for none
 * @param overlapped         whether the stack overlaps it with the previous iteration's GPU work
 */
public record IterationHost(double seconds, double secondsPerSequence, boolean overlapped) {
    /** No host time: the iteration lasts as long as its kernels. */
    public static final IterationHost NONE = new IterationHost(0, 0, false);

    public IterationHost {
        requireTime(seconds, "an iteration's host time");
        requireTime(secondsPerSequence, "an iteration's host time per sequence");
    }

    /**
     * The iteration's duration given its kernels' {@code gpuPs} and the {@code sequences} it
     * schedules: g + h + n · h_seq, or max(g, h + n · h_seq) when overlapped. O(1).
     */
    public long iterationPs(long gpuPs, long sequences) {
        return iterationPs(gpuPs, hostPs(sequences), overlapped);
    }

    /** The host's time h + n · h_seq for an iteration that schedules {@code sequences}, picoseconds. O(1). */
    public long hostPs(long sequences) {
        return Math.round((seconds + sequences * secondsPerSequence) * 1e12);
    }

    /** The iteration's duration given its kernels' {@code gpuPs} and the host's {@code hostPs} ({@link #hostPs}). O(1). */
    public static long iterationPs(long gpuPs, long hostPs, boolean overlapped) {
        return overlapped ? Math.max(gpuPs, hostPs) : gpuPs + hostPs;
    }

    private static void requireTime(double value, String what) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(what + " must be a finite time >= 0, not " + value);
        }
    }
}
