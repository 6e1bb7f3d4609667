package org.fabricsim.runtime.collective;

import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * How a {@link Schedule}'s transfer becomes routed flows, for {@link ScheduleRunner}'s launches and replays.
 *
 * <p>A transfer to or from a domain switch, or on an aggregation tree, takes its one link unrouted. Any
 * other goes as q queue pairs ({@link CollectiveRequest#queuePairsPerChannel}, 1 inside a scale-up domain),
 * queue pair i of channel c keyed by (source, destination, c · q + i), so ECMP hashes each apart as NCCL's
 * queue pairs are (q = 1 keeps the channel's own key); each queue pair is split evenly over the router's
 * sprayed paths ({@link Router#routeCount}). A transfer of B bytes thus becomes q · R flows of B / (q · R), handed
 * over path by path, the q queue pairs of a path one after another: spraying reads no key, so those q flows are
 * identical and merge into one class of weight q ({@link ScheduleRunner}), R classes where they were q · R (hashed
 * or adaptive routing has R = 1, so the order is the queue pairs' as before).
 * Cost: O(q · R · hops) per transfer, no allocation (the flows are written into one shared path array).
 */
final class TransferRoutes {
    /** Takes each routed flow of a transfer: its path is the first {@code length} links of the shared array. */
    interface Sink {
        void accept(int length, double bytes);
    }

    private final ClusterTopology topology;
    private final Router router;
    private final CollectiveRequest request;
    private final int[] path;

    TransferRoutes(ClusterTopology topology, Router router, CollectiveRequest request, int[] path) {
        this.topology = topology;
        this.router = router;
        this.request = request;
        this.path = path;
    }

    /** Whether transfer {@code t} goes to or from a domain switch, or on an aggregation tree: one link, unrouted. */
    boolean onOneLink(Schedule schedule, int t) {
        byte kind = schedule.kind(t);
        return kind == Schedule.TO_SWITCH || kind == Schedule.FROM_SWITCH || kind == Schedule.AGGREGATE;
    }

    /** The one link of such a transfer. */
    int singleLink(Schedule schedule, int t) {
        byte kind = schedule.kind(t);
        return kind == Schedule.AGGREGATE ? schedule.source(t)
                : kind == Schedule.TO_SWITCH ? topology.scaleUpUplink(schedule.source(t))
                        : topology.scaleUpDownlink(schedule.destination(t));
    }

    /** Routes transfer {@code t} into the shared path array once per flow, committing each, and hands it to {@code sink}. */
    void route(Schedule schedule, int t, Sink sink) {
        int src = schedule.source(t);
        int dst = schedule.destination(t);
        int queuePairs = topology.sameDomain(src, dst) ? 1 : request.queuePairsPerChannel();
        int subflows = router.routeCount(src, dst);
        double bytes = schedule.bytes(t) / subflows / queuePairs;
        for (int s = 0; s < subflows; s++) {
            for (int q = 0; q < queuePairs; q++) {
                long key = Router.flowKey(src, dst, schedule.channel(t) * queuePairs + q);
                int length = router.route(src, dst, key, s, path);
                router.commit(path, length, bytes);
                sink.accept(length, bytes);
            }
        }
    }
}
