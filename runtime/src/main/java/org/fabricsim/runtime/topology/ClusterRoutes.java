package org.fabricsim.runtime.topology;

/**
 * The routes of a built cluster ({@link ClusterTopology}), by arithmetic: between accelerators of one domain in the
 * domain's built links; for any other pair (and any pair of a domain found in a whole-graph fabric, {@link
 * ScaleUpParameters.Kind#IN_GRAPH}) NIC → scale-out fabric → NIC, or on a direct fabric (a torus) from accelerator
 * to accelerator. Cost O(hops) per route, O(1) memory per route.
 */
final class ClusterRoutes {
    private final ClusterTopology topology;
    private final ClusterLayout layout;
    private final ScaleOutFabric scaleOut;

    /** The routes of {@code topology}, built as {@code layout}, across domains over {@code scaleOut} (or null). */
    ClusterRoutes(ClusterTopology topology, ClusterLayout layout, ScaleOutFabric scaleOut) {
        this.topology = topology;
        this.layout = layout;
        this.scaleOut = scaleOut;
    }

    /** Whether {@code src} and {@code dst} share a domain whose links are built: their route stays in it. */
    private boolean inBuiltDomain(int src, int dst) {
        return topology.sameDomain(src, dst) && layout.scaleUp().buildsLinks();
    }

    /** The most links {@link #route} writes. */
    int maxRouteLinks() {
        return Math.max(2, scaleOut == null ? 2 : scaleOut.maxRouteLinks() + 2);
    }

    /**
     * Writes the links of a route from accelerator {@code src} to {@code dst} into {@code out} from
     * index 0 and returns how many were written (0 when src = dst).
     */
    int route(int src, int dst, PathChoice choice, int[] out) {
        if (src == dst) {
            return 0;
        }
        if (inBuiltDomain(src, dst)) {
            return layout.domainRoute(src, dst, out);
        }
        if (scaleOut == null) {
            throw new IllegalStateException("no scale-out fabric between " + src + " and " + dst);
        }
        if (!topology.hasNics()) {
            return scaleOut.route(src, dst, choice, out, 0);
        }
        out[0] = topology.nicUplink(src);
        int at = scaleOut.route(src, dst, choice, out, 1);
        out[at++] = topology.nicDownlink(dst);
        return at;
    }

    /** The number of distinct minimal routes from {@code src} to {@code dst}. */
    int minimalRouteCount(int src, int dst) {
        if (src == dst || inBuiltDomain(src, dst)) {
            return 1;
        }
        return scaleOut.minimalRouteCount(src, dst);
    }

    /** NIC ports a flow src → dst spreads over evenly ({@link #groupRoute}): a multi-plane fabric's P, else 1. */
    int nicPorts(int src, int dst) {
        return src == dst || inBuiltDomain(src, dst) || scaleOut == null ? 1 : scaleOut.nicPorts();
    }

    /**
     * Whether a flow sprayed evenly over all its minimal routes is one path of link groups ({@link
     * #groupRoute}): true without a scale-out fabric or on one whose groups spraying loads evenly.
     */
    boolean spraysOverGroups() {
        return scaleOut == null || scaleOut.spraysOverGroups();
    }

    /**
     * Writes the route from {@code src} to {@code dst} of a flow spread evenly over parallel links ({@link
     * ScaleOutFabric#groupRoute}): inside a domain the one route; across the fabric NIC uplink, one link group per
     * fabric hop ({@link Graph}) where the flow spreads ({@code sprayed}, on a fabric that {@link #spraysOverGroups},
     * and over a multi-plane NIC's planes, {@link #nicPorts}), NIC downlink. O(hops).
     *
     * @param sprayed whether the flow is sprayed over every minimal route (else it takes {@code choice}'s)
     * @return the number of links written
     */
    int groupRoute(int src, int dst, PathChoice choice, boolean sprayed, int[] out) {
        if (src == dst || inBuiltDomain(src, dst)) {
            return route(src, dst, choice, out);
        }
        out[0] = topology.nicUplink(src);
        int at = scaleOut.groupRoute(src, dst, choice, sprayed, topology.graph().linkCount(), out, 1);
        out[at++] = topology.nicDownlink(dst);
        return at;
    }
}
