package org.fabricsim.runtime.spec;

/**
 * The host (CPU) time a serving stack spends per iteration outside the GPU kernels: scheduling,
 * preparing the next step's inputs, pulling the sampled tokens back and processing the outputs.
 * A stack that runs it between iterations leaves the GPU idle for {@code seconds} each iteration
 * (vLLM V0: "GPU is often idle, waiting for CPU operations (5-13ms of GPU bubble)", vLLM RFC #6854);
 * a stack with overlap scheduling prepares iteration n + 1 while the GPU runs iteration n (vLLM V1,
 * SGLang's zero-overhead batch scheduler, TensorRT-LLM's overlap scheduler), so the host time only
 * shows when it exceeds the GPU's.
 *
 * <p>An iteration whose kernels take g therefore lasts g + h without overlap and max(g, h) with it.
 *
 * @param seconds    host time per iteration, h; 0 for none
 * @param overlapped whether the stack overlaps it with the previous iteration's GPU work
 */
public record IterationHost(double seconds, boolean overlapped) {
    /** No host time: the iteration lasts as long as its kernels. */
    public static final IterationHost NONE = new IterationHost(0, false);

    public IterationHost {
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("an iteration's host time must be a finite time >= 0, not " + seconds);
        }
    }

    /**
     * The iteration's duration given its kernels' {@code gpuPs}: g + h, or max(g, h) when overlapped.
     * O(1).
     */
    public long iterationPs(long gpuPs) {
        long hostPs = Math.round(seconds * 1e12);
        return overlapped ? Math.max(gpuPs, hostPs) : gpuPs + hostPs;
    }
}
