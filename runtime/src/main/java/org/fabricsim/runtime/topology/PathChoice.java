package org.fabricsim.runtime.topology;

/**
 * Picks one of several equal-cost next hops while a fabric computes a route.
 *
 * <p>The candidates are the links {@code firstLink + i·stride} for i in [0, candidates): fabrics
 * lay out the links of one choice so that this holds. Implementations (hashed ECMP, adaptive
 * least-loaded, enumeration for spraying) live in {@code org.fabricsim.runtime.routing}.
 */
@FunctionalInterface
public interface PathChoice {
    /**
     * @param hop        index of the decision along the route (0 for the first)
     * @param firstLink  the first candidate link
     * @param stride     distance between candidate link ids
     * @param candidates number of candidates, at least 1
     * @return the chosen index in [0, candidates)
     */
    int choose(int hop, int firstLink, int stride, int candidates);
}
