/**
 * Collectives as schedules of flow phases, and the engine façade {@link
 * org.fabricsim.runtime.collective.CollectiveEngine}.
 *
 * <p>Operations ({@link org.fabricsim.runtime.collective.CollectiveOperation}): all-reduce,
 * reduce-scatter, all-gather, all-to-all (uniform or from a traffic matrix), broadcast, reduce,
 * send/recv. Algorithms ({@link org.fabricsim.runtime.collective.Algorithm}): ring with channels,
 * double binary tree, recursive halving-doubling, direct and pairwise all-to-all, hierarchical
 * (intra-domain, per-rail across domains, intra-domain), in-network reduction (NVLS: multimem
 * reduce-scatter and multicast all-gather, S + S/n per direction at {@link
 * org.fabricsim.runtime.collective.Calibration#nvlsEfficiency}), automatic selection, and
 * user-defined collectives made of {@link org.fabricsim.runtime.collective.CollectivePhase}s, each an
 * operation over the groups of a {@link org.fabricsim.runtime.collective.PhaseScope} (scale-up
 * domain, rail across domains, domain leaders, all). Identical steps are solved once and reused.
 *
 * <p>Latency follows NCCL's model ({@link org.fabricsim.runtime.collective.StepOverheads}): every
 * step pays its hops' software latency (the largest for a one-shot phase, the mean for a pipelined,
 * repeated phase, which makes a ring pay NCCL's (nsteps − nInterSteps)·intraLat +
 * nInterSteps·interLat); rings add NCCL's base latency and, across nodes, its plateau factor.
 *
 * <p>{@link org.fabricsim.runtime.collective.RingAllReduce} is the closed form 2(n−1)/n·S/B +
 * 2(n−1)α used as the reference for non-blocking fabrics.
 */
package org.fabricsim.runtime.collective;
