/**
 * Collectives as schedules of flow phases, and the engine façade {@link
 * org.fabricsim.runtime.collective.CollectiveEngine}.
 *
 * <p>Operations ({@link org.fabricsim.runtime.collective.CollectiveOperation}): all-reduce,
 * reduce-scatter, all-gather, all-to-all (uniform or from a traffic matrix), broadcast, reduce,
 * send/recv. Algorithms ({@link org.fabricsim.runtime.collective.Algorithm}): ring with channels,
 * double binary tree, recursive halving-doubling, direct and pairwise all-to-all, hierarchical
 * (intra-domain, per-rail across domains, intra-domain), in-network reduction, and automatic
 * selection. Identical steps are solved once and reused.
 *
 * <p>{@link org.fabricsim.runtime.collective.RingAllReduce} is the closed form 2(n−1)/n·S/B +
 * 2(n−1)α used as the reference for non-blocking fabrics.
 */
package org.fabricsim.runtime.collective;
