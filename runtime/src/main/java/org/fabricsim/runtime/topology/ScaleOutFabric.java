package org.fabricsim.runtime.topology;

/**
 * A built scale-out fabric. Its ports are the accelerators' NICs, numbered like the
 * accelerators; every port attaches to one switch or router of the fabric through the NIC links
 * that {@link ClusterTopology} adds, except on a direct torus, whose routers are the accelerators.
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

    /**
     * The ports of each NIC that a flow across this fabric spreads its bytes over evenly ({@link #groupRoute}): a
     * multi-plane fabric's P, one into each plane ({@link MultiPlane}); 1 where the NIC plugs in by one port.
     */
    default int nicPorts() {
        return 1;
    }

    /**
     * Whether {@link #groupRoute} sprays: every flow sprayed evenly over its minimal routes crosses the fabric's link
     * groups ({@link Graph}) whole, so a sprayed flow is one path of groups.
     */
    default boolean spraysOverGroups() {
        return false;
    }

    /**
     * Writes the fabric part of the route from {@code srcPort} to {@code dstPort} of a flow spread evenly over
     * parallel links, like {@link #route} but as link group handles ({@code groupBase} + the group's index) where it
     * spreads: one handle per hop, the group of the links the flow's bytes spread over there, so the flow is one
     * max-min variable whose rate splits evenly over its routes (path weights 1/m on a group of m). Spraying ({@code
     * sprayed}, on a fabric that {@link #spraysOverGroups}) spreads over every minimal route and reads no choice; a
     * multi-plane NIC ({@link #nicPorts} above 1) spreads over its planes: sprayed, each hop the group of every plane's
     * links spraying spreads over there, else the group of the link {@code choice} picks in one plane and its twins in
     * the others ({@link MultiPlane}). Only for such a fabric.
     *
     * @param sprayed whether the flow is sprayed over every minimal route (else it takes {@code choice}'s)
     * @return the index after the last link written
     */
    default int groupRoute(int srcPort, int dstPort, PathChoice choice, boolean sprayed, int groupBase, int[] out,
            int at) {
        throw new UnsupportedOperationException(describe() + " has no link groups to route over");
    }

    /**
     * The shape of a direct torus, whose routers are the accelerators ({@link TorusParameters});
     * null for any other fabric, whose ports attach through NIC links.
     */
    default TorusShape torusShape() {
        return null;
    }

    /** A short human-readable description (kind and shape). */
    String describe();

    /**
     * Bidirectional links (cables) whose failure this fabric routes around: each has a twin on
     * another equal-cost path. 0 for a fabric that does not re-route, whose every failure
     * interrupts a job.
     */
    default int reroutableLinks() {
        return 0;
    }

    /** Switches whose failure this fabric routes around; 0 for a fabric that does not re-route. */
    default int reroutableSwitches() {
        return 0;
    }

    /**
     * The two directed links of one re-routable cable on the path of {@code port}'s traffic (up
     * and down), the representative failure of the class; empty when {@link #reroutableLinks} is 0.
     */
    default int[] reroutableCable(int port) {
        return new int[0];
    }

    /** One re-routable switch that carries {@code port}'s traffic; −1 when {@link #reroutableSwitches} is 0. */
    default int reroutableSwitch(int port) {
        return -1;
    }

    /**
     * The directed links between the leaf that NIC port {@code port} hangs off and the tier above it, up and down
     * (one leaf per plane of a multi-plane fabric): the links a leaf's uplink count sets, which a mixed cluster
     * scales to each group's own leaves ({@link MixedNodeGroups}). Empty for a fabric without leaf uplinks (one
     * switch, a dragonfly, a torus). O(uplinks).
     */
    default int[] leafUplinks(int port) {
        return new int[0];
    }

    /**
     * The directed links between the aggregation switches of the pod that NIC port {@code port} is in and the core
     * tier, up and down (one pod per plane of a multi-plane fabric): the links an aggregation switch's uplink count
     * sets, which a mixed cluster scales to the pod's fastest group ({@link MixedNodeGroups}). Empty below three
     * tiers and for a fabric without pods. O(aggregation uplinks of the pod).
     */
    default int[] podUplinks(int port) {
        return new int[0];
    }

    /**
     * The directed links of NIC port {@code port}'s own ports into the fabric, up and down, beside its NIC link: a
     * multi-plane NIC's P port links ({@link MultiPlane}), at the NIC's rate ÷ P, which a mixed cluster scales to
     * each group's NIC rate. Empty where the NIC link plugs into the fabric itself. O(planes).
     */
    default int[] portLinks(int port) {
        return new int[0];
    }

    /**
     * This fabric with the links marked in {@code down} (indexed by link handle) failed, routing
     * around them; only for a fabric whose {@link #reroutableLinks} is positive.
     */
    default ScaleOutFabric without(boolean[] down) {
        throw new UnsupportedOperationException(describe() + " does not re-route around failed links");
    }
}
