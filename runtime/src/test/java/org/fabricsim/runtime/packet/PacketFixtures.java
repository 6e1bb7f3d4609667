package org.fabricsim.runtime.packet;

import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.GraphBuilder;
import org.fabricsim.runtime.topology.LinkClass;

/** Small fabrics and a runner for the packet backend's tests. */
final class PacketFixtures {
    /** 100 Gb/s = 12.5 GB/s. */
    static final double LINE = 12.5e9;
    /** 1 µs per link. */
    static final long LATENCY_PS = 1_000_000;
    static final LinkClass LINK = new LinkClass(LINE, LATENCY_PS);

    private PacketFixtures() {
    }

    /**
     * A star: {@code hosts} accelerators on one switch (node {@code hosts}); link 2h is host h's
     * uplink, 2h + 1 its downlink.
     */
    static Graph star(int hosts) {
        GraphBuilder builder = new GraphBuilder();
        builder.addNodes(Graph.ACCELERATOR, hosts, false);
        int sw = builder.addNodes(Graph.SWITCH, 1, false);
        for (int h = 0; h < hosts; h++) {
            builder.addLink(h, sw, LINK);
            builder.addLink(sw, h, LINK);
        }
        return builder.build();
    }

    /** A two-tier fat-tree of {@code hosts} single-NIC hosts, {@code perLeaf} per leaf, oversubscribed {@code oversubscription}:1, of {@link #LINK}s. */
    static ClusterTopology twoTier(int hosts, int perLeaf, double oversubscription) {
        return ClusterTopology.build(ClusterParameters.scaleOutOnly(hosts, LINK,
                FatTreeParameters.twoTier(perLeaf, oversubscription, LINK)));
    }

    /** Finish times (ps) of one flow per path, all started at 0, each of {@code bytes}. */
    static long[] run(Graph graph, PacketConfig config, int[][] paths, double[] bytes) {
        Simulation simulation = new Simulation(7);
        PacketNetwork network = new PacketNetwork(simulation, graph, config);
        long[] finish = new long[paths.length];
        network.setListener((tag, finishPs) -> finish[tag] = finishPs);
        for (int f = 0; f < paths.length; f++) {
            network.start(paths[f], paths[f].length, bytes[f], 1, f);
        }
        simulation.run(network);
        return finish;
    }

    /**
     * Starts an all-to-all on {@code network}: every ordered pair of the first {@code ranks} accelerators of {@code
     * topology}, routed by ECMP seeded with {@code seed}, as {@code flows} flows of {@code bytesPerFlow} each, tagged
     * src × ranks + dst. Each pair's payload is added to {@code linkBytes} per link of its route, when not null.
     */
    static void startAllPairs(PacketNetwork network, ClusterTopology topology, int ranks, long seed,
            double bytesPerFlow, int flows, double[] linkBytes) {
        Router router = new Router(topology, RoutingMode.ECMP, seed);
        int[] path = new int[topology.maxRouteLinks()];
        for (int src = 0; src < ranks; src++) {
            for (int dst = 0; dst < ranks; dst++) {
                if (src != dst) {
                    int length = router.route(src, dst, Router.flowKey(src, dst, 0), 0, path);
                    for (int hop = 0; linkBytes != null && hop < length; hop++) {
                        topology.graph().addBytes(linkBytes, path[hop], bytesPerFlow * flows);
                    }
                    network.start(path, length, bytesPerFlow, flows, src * ranks + dst);
                }
            }
        }
    }
}
