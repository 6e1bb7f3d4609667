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
        if (!balanced(groups, routersPerGroup, globalLinksPerRouter)) {
            throw new IllegalArgumentException("routersPerGroup x globalLinksPerRouter (" + routersPerGroup
                    * globalLinksPerRouter + ") must be a multiple of groups - 1 (" + (groups - 1) + ")");
        }
    }

    /**
     * Whether every pair of groups gets the same number of global links: a·h a multiple of g − 1
     * (with a = routersPerGroup, h = globalLinksPerRouter, g = groups). O(1).
     */
    public static boolean balanced(int groups, int routersPerGroup, int globalLinksPerRouter) {
        return groups >= 2 && routersPerGroup * globalLinksPerRouter % (groups - 1) == 0;
    }

    /**
     * The fewest global links per router that join every pair of groups equally: (g − 1) ÷ gcd(a,
     * g − 1), so a·h = lcm(a, g − 1) (the balanced dragonfly of Kim et al., ISCA 2008, §3.1, has
     * g = a·h + 1 and one link per pair). O(log a).
     */
    public static int fewestBalancedGlobalLinksPerRouter(int groups, int routersPerGroup) {
        int others = Math.max(1, groups - 1);
        int a = Math.max(1, routersPerGroup);
        int x = a;
        int y = others;
        while (y != 0) {
            int r = x % y;
            x = y;
            y = r;
        }
        return others / x;
    }

    @Override
    public ScaleOutFabric build(GraphBuilder graph, int ports, double nicBytesPerSecond) {
        return new Dragonfly(this, graph, ports);
    }
}
