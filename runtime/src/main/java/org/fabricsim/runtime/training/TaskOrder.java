package org.fabricsim.runtime.training;

/**
 * The order in which one pipeline stage runs its tasks ({@link PipelineExecutor}), read task by task: {@link
 * StageOrder} computes a one-directional schedule's from its index, {@link DualPipeOrder} stores DualPipe's.
 */
interface TaskOrder {
    /** Tasks the stage runs. */
    int tasks();

    /** Type of task {@code i}, one of {@link PipelineExecutor}'s. */
    byte type(int i);

    /** Micro-batch of task {@code i} (within its direction for DualPipe). */
    int micro(int i);

    /** Local chunk of task {@code i} (its direction for DualPipe). */
    int chunk(int i);

    /** Whether task {@code i}, a forward, starts only with the backward after it (an overlapped F&amp;B pair). */
    boolean paired(int i);
}
