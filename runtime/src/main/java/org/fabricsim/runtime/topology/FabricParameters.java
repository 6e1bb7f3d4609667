package org.fabricsim.runtime.topology;

/** Parameters of a scale-out fabric; {@link #build} adds its switches and links to a graph. */
public interface FabricParameters {
    /**
     * Adds the fabric's switches and inter-switch links.
     *
     * @param graph             the graph under construction (its first {@code ports} nodes are the accelerators)
     * @param ports             number of NIC ports to attach
     * @param nicBytesPerSecond the NIC rate, used to size uplinks for a stated oversubscription
     */
    ScaleOutFabric build(GraphBuilder graph, int ports, double nicBytesPerSecond);

    /**
     * Whether the fabric's routers are the accelerators themselves (a direct network such as a
     * TPU torus): then no NIC link joins an accelerator to it. False for switched fabrics.
     */
    default boolean direct() {
        return false;
    }
}
