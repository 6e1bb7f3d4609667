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
     * Adds the fabric as one plane of a multi-plane fabric ({@link MultiPlane}): as {@link #build}, but declaring no
     * link groups of its own, since each of its links is in the group of its twins in every plane instead, and its
     * spray groups, declared after those, span every plane (groups nest whole or not at all, {@link Graph}).
     */
    default ScaleOutFabric buildPlane(GraphBuilder graph, int ports, double nicBytesPerSecond) {
        return build(graph, ports, nicBytesPerSecond);
    }

    /**
     * Whether the fabric's routers are the accelerators themselves (a direct network such as a
     * TPU torus): then no NIC link joins an accelerator to it. False for switched fabrics.
     */
    default boolean direct() {
        return false;
    }
}
