package org.fabricsim.runtime.spec;

/**
 * The scale-out network.
 *
 * @param fabric    its fabric
 * @param topology  its topology
 * @param routing   how flows choose paths; {@link Routing#FABRIC} when the topology states none
 */
public record ScaleOutSpec(FabricSpec fabric, TopologySpec topology, Routing routing) {

    /**
     * Routing policies. {@code FABRIC}: as the fabric routes, when the topology states no routing: packet
     * spraying if the fabric sprays, adaptive if it routes adaptively, ECMP otherwise.
     */
    public enum Routing {
        ECMP, ADAPTIVE, SPRAYING, MINIMAL, VALIANT, DIMENSION_ORDER, FABRIC
    }
}
