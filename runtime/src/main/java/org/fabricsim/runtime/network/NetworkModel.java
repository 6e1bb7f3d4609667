package org.fabricsim.runtime.network;

import org.fabricsim.runtime.sim.TimeSource;

/**
 * A model of how flows share the links of a graph. Flows start at the simulation's current time;
 * the model reports each class's end of transmission to its {@link FlowListener}. Propagation
 * and switching latency are not part of the model: callers add the path latency.
 *
 * <p>The model is a {@link TimeSource}: {@code Simulation.run(model)} advances it.
 */
public interface NetworkModel extends TimeSource {
    /**
     * Starts {@code multiplicity} identical flows of {@code bytesPerFlow} bytes each over the links
     * {@code path[0..length)}, now.
     *
     * @param tag passed back to the listener
     * @return the handle of the flow class (reused once it finishes)
     */
    int start(int[] path, int length, double bytesPerFlow, int multiplicity, int tag);

    /** Sets the listener of finished flow classes. */
    void setListener(FlowListener listener);

    /**
     * Bytes carried by the physical {@code link} so far (counted when flows finish), with its share
     * of what flows sent over its link group ({@code Graph}).
     */
    double linkBytes(int link);

    /** Total bytes of all flows started. */
    double bytesStarted();

    /** Total bytes of all flows finished: equals {@link #bytesStarted()} once idle. */
    double bytesDelivered();

    /** Flow classes currently in flight. */
    int activeFlowClasses();

    /** Counters of the work done, for benchmarks and reports. */
    NetworkStatistics statistics();
}
