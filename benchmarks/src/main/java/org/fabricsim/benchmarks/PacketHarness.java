package org.fabricsim.benchmarks;

import java.util.Arrays;
import java.util.Locale;

import org.fabricsim.runtime.network.MaxMinNetwork;
import org.fabricsim.runtime.network.NetworkModel;
import org.fabricsim.runtime.packet.PacketConfig;
import org.fabricsim.runtime.packet.PacketNetwork;
import org.fabricsim.runtime.packet.PacketTotals;
import org.fabricsim.runtime.packet.RunLimits;
import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;

/**
 * Packet-hop events per second of the packet backend on an all-to-all: every endpoint of a
 * non-blocking two-tier fat-tree (400 Gb/s links, 1 µs) sends {@code bytes} to every other, all at
 * once, on PFC with the given congestion control. Prints each repetition's CPU seconds and
 * packet-hops per CPU second, then the median. With {@code flow} the same all-to-all runs on the
 * flow backend ({@link MaxMinNetwork}, exact completions) instead, for the comparison of CPU time.
 *
 * <p>Usage: {@code PacketHarness <endpoints> <bytesPerPair> <repetitions> [dcqcn|flow]}
 */
public final class PacketHarness {
    private PacketHarness() {
    }

    public static void main(String[] args) {
        int endpoints = Integer.parseInt(args[0]);
        long bytes = Long.parseLong(args[1]);
        int repetitions = Integer.parseInt(args[2]);
        boolean dcqcn = args.length > 3 && args[3].equals("dcqcn");
        boolean flow = args.length > 3 && args[3].equals("flow");
        LinkClass link = LinkClass.ofGigabitsPerSecond(400, 1_000_000);
        ClusterTopology topology = ClusterTopology.build(ClusterParameters.scaleOutOnly(endpoints, link,
                FatTreeParameters.twoTier(Math.min(32, endpoints), 1.0, link)));
        PacketConfig config = PacketConfig.roce(link.bytesPerSecond())
                .withLimits(new RunLimits(Long.MAX_VALUE, Long.MAX_VALUE));
        if (dcqcn) {
            config = config.withCongestionControl(PacketConfig.CongestionControl.DCQCN);
        }
        double[] rates = new double[repetitions];
        for (int r = 0; r < repetitions; r++) {
            Simulation simulation = new Simulation(1);
            PacketNetwork packets = flow ? null : new PacketNetwork(simulation, topology.graph(), config);
            NetworkModel network = flow ? new MaxMinNetwork(simulation, topology.graph(), topology.maxRouteLinks(), 0.0)
                    : packets;
            Router router = new Router(topology, RoutingMode.ECMP, 1);
            int[] path = new int[topology.maxRouteLinks()];
            long cpuStart = ProcessCpu.nanos();
            for (int src = 0; src < endpoints; src++) {
                for (int dst = 0; dst < endpoints; dst++) {
                    if (src != dst) {
                        int length = router.route(src, dst, Router.flowKey(src, dst, 0), 0, path);
                        network.start(path, length, bytes, 1, src);
                    }
                }
            }
            simulation.run(network);
            double seconds = (ProcessCpu.nanos() - cpuStart) * 1e-9;
            if (flow) {
                System.out.printf(Locale.ROOT, "run %d: flow backend, simulated %.3f ms, %.2f s CPU%n", r,
                        simulation.nowPs() * 1e-9, (ProcessCpu.nanos() - cpuStart) * 1e-9);
                continue;
            }
            PacketTotals totals = packets.counters().totals();
            long hops = totals.packetHops();
            rates[r] = hops / seconds;
            System.out.printf(Locale.ROOT, "run %d: %d packet-hops, simulated %.3f ms, %.2f s CPU, %.2f M hops/s,"
                    + " heap %.0f MB, retransmitted %d B, CNPs %d%n", r, hops, simulation.nowPs() * 1e-9, seconds, rates[r] / 1e6,
                    (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) / 1e6,
                    totals.retransmittedBytes(), totals.cnps());
        }
        if (flow) {
            return;
        }
        Arrays.sort(rates);
        System.out.printf(Locale.ROOT, "median %.2f M packet-hops per CPU second%n", rates[repetitions / 2] / 1e6);
    }
}
