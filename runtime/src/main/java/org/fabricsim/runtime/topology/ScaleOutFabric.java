package org.fabricsim.runtime.topology;

/**
 * A built scale-out fabric. Its ports are the accelerators' NICs, numbered like the
 * accelerators; every port attaches to one switch or router of the fabric through the NIC links
 * that {@link ClusterTopology} adds.
 *
 * <p>Routes are computed by arithmetic on the structure in O(hops); nothing is searched or
 * stored per pair.
 */
public interface ScaleOutFabric {
    /** The switch or router that {@code port} attaches to. */
    int attachNode(int port);

    /**
     * Writes the fabric links of a minimal route from the switch of {@code srcPort} to the switch
     * of {@code dstPort} into {@code out} from index {@code at}; the NIC links are not included.
     *
     * @return the index after the last link written
     */
    int route(int srcPort, int dstPort, PathChoice choice, int[] out, int at);

    /** The largest number of links {@link #route} writes. */
    int maxRouteLinks();

    /** The number of distinct minimal routes between the two ports' switches (≥ 1). */
    int minimalRouteCount(int srcPort, int dstPort);

    /** A short human-readable description (kind and shape). */
    String describe();
}
