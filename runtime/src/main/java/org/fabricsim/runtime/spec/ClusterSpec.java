package org.fabricsim.runtime.spec;

/**
 * A cluster of {@code nodes} nodes, each holding {@code acceleratorsPerNode} accelerators, every
 * accelerator attached by one full-duplex link to a single non-blocking switch.
 *
 * @param name                the cluster's qualified name, as written in the model
 * @param nodes               number of nodes, at least 1
 * @param acceleratorsPerNode accelerators per node, at least 1
 * @param linkBytesPerSecond  rate of one accelerator link in one direction, bytes per second
 * @param hopLatencyPs        latency of one hop (endpoint to switch, or switch to endpoint), ps
 */
public record ClusterSpec(String name, int nodes, int acceleratorsPerNode, double linkBytesPerSecond,
        long hopLatencyPs) {

    public ClusterSpec {
        Specs.requireName(name);
        Specs.requirePositive("nodes", nodes);
        Specs.requirePositive("acceleratorsPerNode", acceleratorsPerNode);
        Specs.requirePositive("linkBytesPerSecond", linkBytesPerSecond);
        Specs.requireNonNegative("hopLatencyPs", hopLatencyPs);
    }

    /** Total accelerators, the endpoints of the fabric. */
    public int accelerators() {
        return Math.multiplyExact(nodes, acceleratorsPerNode);
    }
}
