package org.fabricsim.runtime.collective;

import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * A phase's transfers by where they run, for its software latency: in-network (to or from a
 * reducing switch), scale-out (leaving the domain) or scale-up; a PXN forwarding hop belongs to the
 * transfer it forwards and counts as none. A phase that runs once is synchronous and pays the
 * largest hop latency present; a repeated phase is a pipeline whose ranks wait only for their own
 * predecessor, so over its repeats a chunk crosses every edge in turn and each step pays the mean:
 * a ring all-reduce over N domains of k ranks then pays 2(n−1)·[N·α_out + (n−N)·α_up]/n, NCCL's
 * ring latency (nsteps − nInterSteps)·intraLat + nInterSteps·interLat (src/graph/tuning.cc,
 * ncclTopoTuneModel) with 2N·(n−1)/n network hops in place of 2(N−1). Counting is O(transfers),
 * once per phase; the latency under any {@link StepOverheads} is then O(1).
 *
 * @param scaleUp   transfers inside a scale-up domain
 * @param scaleOut  transfers across the scale-out network
 * @param inNetwork transfers to or from a reducing switch
 * @param repeated  whether the phase runs more than once
 */
record PhaseHops(int scaleUp, int scaleOut, int inNetwork, boolean repeated) {

    static PhaseHops of(ClusterTopology topology, Schedule schedule, int phase) {
        int up = 0;
        int out = 0;
        int in = 0;
        for (int t = schedule.firstTransfer(phase); t < schedule.endTransfer(phase); t++) {
            byte kind = schedule.kind(t);
            if (kind == Schedule.PROXY) {
                continue;
            }
            if (kind != Schedule.POINT_TO_POINT) {
                in++;
            } else if (topology.sameDomain(schedule.source(t), schedule.destination(t))) {
                up++;
            } else {
                out++;
            }
        }
        return new PhaseHops(up, out, in, schedule.repeat(phase) > 1);
    }

    /** The software latency one execution of the phase adds with {@code overheads}, ps. */
    long overheadPs(StepOverheads overheads) {
        int steps = scaleUp + scaleOut + inNetwork;
        if (steps == 0) {
            return overheads.scaleUpPs();
        }
        if (repeated) {
            return Math.round(((double) scaleUp * overheads.scaleUpPs() + (double) scaleOut * overheads.scaleOutPs()
                    + (double) inNetwork * overheads.inNetworkPs()) / steps);
        }
        long maxPs = scaleUp > 0 ? overheads.scaleUpPs() : 0;
        maxPs = Math.max(maxPs, scaleOut > 0 ? overheads.scaleOutPs() : 0);
        return Math.max(maxPs, inNetwork > 0 ? overheads.inNetworkPs() : 0);
    }
}
