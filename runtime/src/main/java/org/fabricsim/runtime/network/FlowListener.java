package org.fabricsim.runtime.network;

/** Told when a flow class has delivered its last byte onto the last link of its path. */
@FunctionalInterface
public interface FlowListener {
    /**
     * @param tag      the tag the class was started with
     * @param finishPs when its transmission ended (before path latency), picoseconds
     */
    void onFinished(int tag, long finishPs);
}
