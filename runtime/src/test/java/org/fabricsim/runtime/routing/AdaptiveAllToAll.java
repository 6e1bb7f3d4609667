package org.fabricsim.runtime.routing;

import java.util.function.BiPredicate;

import org.fabricsim.runtime.network.NetworkModel;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.ClusterTopology;

/** The routing tests' all-to-all: every pair a filter keeps sends the same bytes as one flow, adaptively routed. */
final class AdaptiveAllToAll {
    private AdaptiveAllToAll() {
    }

    /**
     * The last finish, ps, of {@code bytes} from every accelerator to every other that {@code pairs} keeps, on {@code
     * network} (which runs on {@code simulation}), each route chosen by {@link RoutingMode#ADAPTIVE} over the routes
     * committed before it, in source-then-destination order.
     */
    static long finishPs(ClusterTopology topology, double bytes, Simulation simulation, NetworkModel network,
            BiPredicate<Integer, Integer> pairs) {
        long[] last = new long[1];
        network.setListener((tag, finishPs) -> last[0] = Math.max(last[0], finishPs));
        Router router = new Router(topology, RoutingMode.ADAPTIVE, 21);
        int[] path = new int[topology.maxRouteLinks()];
        for (int src = 0; src < topology.accelerators(); src++) {
            for (int dst = 0; dst < topology.accelerators(); dst++) {
                if (src != dst && pairs.test(src, dst)) {
                    int length = router.route(src, dst, Router.flowKey(src, dst, 0), 0, path);
                    router.commit(path, length, bytes);
                    network.start(path, length, bytes, 1, src);
                }
            }
        }
        simulation.run(network);
        return last[0];
    }
}
