package org.fabricsim.runtime.training;

/**
 * The communication times a training step needs, every group of an axis communicating at once
 * (identical DP replicas and stages are one computation, but the fabric carries all of them).
 */
public interface CollectiveTimer {
    /**
     * Seconds of one ring step along {@code axis}: every rank sends {@code bytesPerRank} to its
     * successor in its group, all groups at once, while every pipeline rank also sends {@code
     * pipelineBytes} to the next stage (0 for none); includes the per-step software latency.
     */
    double ringStepSeconds(Axis axis, double bytesPerRank, double pipelineBytes);

    /**
     * Seconds for every pipeline rank to send {@code bytes} to the next stage, all at once: the
     * pattern of the pipeline's fill (and, mirrored, of its drain), when sends are on the critical
     * path; in the steady state they overlap compute.
     */
    double pipelineSendSeconds(double bytes);

    /** Seconds of a direct all-to-all in every expert group: each rank sends {@code bytesPerRank} in total. */
    double expertAllToAllSeconds(double bytesPerRank);

    /**
     * Seconds of a ring reduce-scatter or all-gather of {@code bufferBytes} (the full buffer) along
     * {@code axis}: (n − 1) steps of bufferBytes ÷ n.
     */
    default double ringSeconds(Axis axis, int ranks, double bufferBytes, double pipelineBytes) {
        if (ranks < 2 || !(bufferBytes > 0)) {
            return 0;
        }
        return (ranks - 1) * ringStepSeconds(axis, bufferBytes / ranks, pipelineBytes);
    }
}
