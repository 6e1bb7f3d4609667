package org.fabricsim.runtime.collective;

import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * The bytes of the phase runs a {@link ScheduleRunner} counts without solving them (its reuse): the further runs of a
 * repeated phase solved once, and the runs of a phase whose duration the {@link PhaseMemo} gave. Their bytes go onto
 * the links as solved runs' would, apart from the network model's own counters: a replayed phase is routed again
 * (routing is deterministic: same hash, same adaptive order) and each flow's bytes added r times over its path; a
 * memoized phase adds its solved per-link bytes, scaled to its size, r times. O(transfers · hops) per replay,
 * O(links the phase used + transfers) per memoized phase.
 */
final class ReplayedTraffic {
    private final ClusterTopology topology;
    private final Router router;
    private final TransferRoutes routes;
    /** The array {@link #routes} writes each routed flow's links into. */
    private final int[] path;
    private final double[] linkBytes;
    private double bytes;
    /** The runs the phase being replayed counts for. */
    private int times;
    private final TransferRoutes.Sink sink = this::addPath;

    ReplayedTraffic(ClusterTopology topology, Router router, TransferRoutes routes, int[] path) {
        this.topology = topology;
        this.router = router;
        this.routes = routes;
        this.path = path;
        this.linkBytes = new double[topology.graph().linkCount()];
    }

    /** Bytes counted onto {@code link} without solving. */
    double linkBytes(int link) {
        return linkBytes[link];
    }

    /** Bytes of the transfers counted without solving. */
    double bytes() {
        return bytes;
    }

    /** Adds {@code times} more executions of {@code phase}'s bytes to the per-link counters, without solving. */
    void replay(Schedule schedule, int phase, int times) {
        if (times <= 0) {
            return;
        }
        router.resetLoad();
        this.times = times;
        for (int t = schedule.firstTransfer(phase); t < schedule.endTransfer(phase); t++) {
            double total = schedule.bytes(t) * times;
            bytes += total;
            if (routes.onOneLink(schedule, t)) {
                linkBytes[routes.singleLink(schedule, t)] += total;
            } else {
                routes.route(schedule, t, sink);
            }
        }
    }

    /** Adds a routed flow's bytes, {@link #times} over, to the per-link counters. */
    private void addPath(int length, double flowBytes) {
        for (int j = 0; j < length; j++) {
            topology.graph().addBytes(linkBytes, path[j], flowBytes * times);
        }
    }

    /** Adds {@code times} executions of a memoized phase's link bytes, scaled by {@code scale}. */
    void addSolved(Schedule schedule, int phase, PhaseMemo.Solved entry, double scale, int times) {
        if (times <= 0) {
            return;
        }
        int[] links = entry.links();
        double[] solvedBytes = entry.linkBytes();
        for (int i = 0; i < links.length; i++) {
            linkBytes[links[i]] += solvedBytes[i] * scale * times;
        }
        double phaseBytes = 0;
        for (int t = schedule.firstTransfer(phase); t < schedule.endTransfer(phase); t++) {
            phaseBytes += schedule.bytes(t);
        }
        bytes += phaseBytes * times;
    }
}
