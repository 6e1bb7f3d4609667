package org.fabricsim.runtime.topology;

/**
 * A dragonfly: {@code groups} groups of {@code routersPerGroup} routers, all-to-all local links
 * inside a group, and {@code globalLinksPerRouter} global links per router spread evenly over the
 * other groups (routersPerGroup · globalLinksPerRouter must be a multiple of groups − 1, giving
 * that many parallel global links between every pair of groups). Port p attaches to router p /
 * endpointsPerRouter.
 *
 * @param groups               number of groups, ≥ 2
 * @param routersPerGroup      routers per group, ≥ 1
 * @param endpointsPerRouter   NIC ports per router
 * @param globalLinksPerRouter global links per router
 * @param localLink            the intra-group link class
 * @param globalLink           the inter-group link class
 * @param valiant              route through a random intermediate group (Valiant) instead of minimally
 */
public record DragonflyParameters(int groups, int routersPerGroup, int endpointsPerRouter, int globalLinksPerRouter,
        LinkClass localLink, LinkClass globalLink, boolean valiant) implements FabricParameters {

    public DragonflyParameters {
        if (groups < 2 || routersPerGroup < 1 || endpointsPerRouter < 1 || globalLinksPerRouter < 1) {
            throw new IllegalArgumentException("a dragonfly needs ≥ 2 groups and positive router counts");
        }
        if (routersPerGroup * globalLinksPerRouter % (groups - 1) != 0) {
            throw new IllegalArgumentException("routersPerGroup x globalLinksPerRouter (" + routersPerGroup
                    * globalLinksPerRouter + ") must be a multiple of groups - 1 (" + (groups - 1) + ")");
        }
    }

    @Override
    public ScaleOutFabric build(GraphBuilder graph, int ports, double nicBytesPerSecond) {
        return new Dragonfly(this, graph, ports);
    }
}
