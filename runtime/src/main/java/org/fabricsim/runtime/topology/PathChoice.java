package org.fabricsim.runtime.topology;

/**
 * Picks one of several equal-cost next hops while a fabric computes a route.
 *
 * <p>The candidates are the links {@code firstLink + i·stride} for i in [0, candidates): fabrics
 * lay out the links of one choice so that this holds. Implementations (hashed ECMP, adaptive
 * least-loaded, enumeration for spraying) live in {@code org.fabricsim.runtime.routing}.
 *
 * <p>On a degraded fabric a hop may offer only the surviving candidates, which are not evenly
 * spaced: the fabric then passes {@link #NOT_CONTIGUOUS} as the first link, and the index chosen
 * is the rank among the survivors, so a choice must not read link handles then.
 *
 * <p>Where each candidate leads to a switch that has one link down toward the destination (a two-tier fat-tree's
 * spine has one link to the destination's leaf), a fabric names those links as well ({@link #choose(int, int, int,
 * int, int, int)}), so that a choice can weigh the whole stretch of route a candidate commits to.
 */
@FunctionalInterface
public interface PathChoice {
    /** The first link of a hop whose candidates are not {@code firstLink + i·stride} (a degraded hop). */
    int NOT_CONTIGUOUS = -1;
    /** The decision index {@link #port} passes to {@link #choose}: after any hop a plane's own route makes. */
    int PORT_HOP = 8;

    /**
     * @param hop        index of the decision along the route (0 for the first)
     * @param firstLink  the first candidate link, or {@link #NOT_CONTIGUOUS}
     * @param stride     distance between candidate link ids
     * @param candidates number of candidates, at least 1
     * @return the chosen index in [0, candidates)
     */
    int choose(int hop, int firstLink, int stride, int candidates);

    /**
     * As {@link #choose(int, int, int, int)}, where candidate i also commits the route to the link {@code
     * firstDownLink + i·downStride}: the one link down toward the destination of the switch it leads to. A choice that
     * does not weigh links (hashed ECMP, spraying) ignores it, as this default does.
     *
     * @param firstDownLink the link down that candidate 0 commits to
     * @param downStride    distance between the candidates' links down
     */
    default int choose(int hop, int firstLink, int stride, int candidates, int firstDownLink, int downStride) {
        return choose(hop, firstLink, stride, candidates);
    }

    /**
     * As {@link #choose(int, int, int, int)}, where candidate i also commits the route to the links {@code
     * committed.link(source, destination, i, k)} for k in [0, count), which follow no stride: a dragonfly's global link
     * fixes the router it lands on, and with it the local links before and after it. A choice that does not weigh links
     * ignores them, as this default does.
     *
     * @param committed   the fabric's links of a candidate
     * @param source      the fabric's index of the switch the route leaves from, passed on to {@code committed}
     * @param destination the fabric's index of the switch the route ends at, passed on to {@code committed}
     * @param count       the links each candidate commits to
     */
    default int choose(int hop, int firstLink, int stride, int candidates, CommittedLinks committed, int source,
            int destination, int count) {
        return choose(hop, firstLink, stride, candidates);
    }

    /** The links a candidate of {@link #choose(int, int, int, int, CommittedLinks, int, int, int)} commits to. */
    @FunctionalInterface
    interface CommittedLinks {
        /** What {@link #link} returns where a candidate commits to no k-th link (a hop that stays on its switch). */
        int NONE = -1;

        /** The k-th link candidate {@code candidate} of a route from {@code source} to {@code destination} commits to. */
        int link(int source, int destination, int candidate, int k);
    }

    /**
     * The port a route of physical links leaves by of a NIC with {@code ports} of them, one into each plane of a
     * multi-plane fabric ({@code MultiPlane}): an aggregation tree's, which takes one plane. Not a switch's choice: a
     * flow the router routes takes no port but spreads over all of them, one path of the planes' link groups ({@link
     * ClusterTopology#groupRoute}). This default is {@link #choose} at hop {@link #PORT_HOP}.
     *
     * @return the chosen port in [0, ports)
     */
    default int port(int ports) {
        return choose(PORT_HOP, NOT_CONTIGUOUS, 0, ports);
    }
}
