package org.fabricsim.runtime.spec;

/**
 * The scale-out network.
 *
 * @param fabric    its fabric
 * @param topology  its topology
 * @param routing   how flows choose paths
 */
public record ScaleOutSpec(FabricSpec fabric, TopologySpec topology, Routing routing) {

    /** Routing policies. */
    public enum Routing {
        ECMP, ADAPTIVE, SPRAYING, MINIMAL, VALIANT, DIMENSION_ORDER
    }
}
