package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.network.MaxMinNetwork;
import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/** NCCL's estimate (NCCL 2.30.7 tuning.cc) against hand derivations, and the choice it makes. */
class NcclEstimateTest {
    private static final long MIB16 = 16L << 20;

    private static CollectiveRequest allReduce(long bytes, int ranks) {
        return CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, bytes, ranks).withProtocol(Protocol.AUTO)
                .withGeneration(Generation.HOPPER).withChannels(16).withStepOverheads(StepOverheads.NCCL)
                .withReuseSymmetricSteps(true);
    }

    /** Nodes of 8 H100 on an NVSwitch that reduces, 8 NICs of 400 Gb/s each on one switch. */
    private static ClusterTopology h100Nodes(int nodes) {
        LinkClass nic = LinkClass.ofGigabitsPerSecond(400, 0).derated(Calibration.DEFAULT.nicEfficiency());
        return ClusterTopology.build(new ClusterParameters(8 * nodes,
                ScaleUpParameters.switched(8, ReferenceClusters.NVLINK4, true), nic, FatTreeParameters.singleSwitch(nic)));
    }

    /** The schedule run once with Simple's latencies, costed per protocol as the engine costs it. */
    private static ProtocolCost cost(ClusterTopology cluster, CollectiveRequest request, Algorithm algorithm,
            Schedule schedule) {
        Simulation simulation = new Simulation(request.seed());
        MaxMinNetwork network = new MaxMinNetwork(simulation, cluster.graph(), cluster.maxRouteLinks(),
                request.completionTolerance());
        ScheduleRunner runner = new ScheduleRunner(cluster, new Router(cluster, request.routing(), request.seed()),
                network, simulation, request, algorithm, new PhaseMemo());
        long simulatedPs = runner.run(schedule);
        return new ProtocolCost(cluster, request, algorithm, schedule, runner.hops(), simulatedPs,
                runner.propagationPs(), 0);
    }

    @Test
    void shouldChargeNcclsLatencyOfEachAlgorithmAndProtocol() {
        // 8 nodes of 8 GPUs, 16 channels, 16 MiB (tuning.cc lines 384-428):
        // LL128 tree: 14 + 2 x (7 x 1.25 + log2(8) x 8.5) = 82.5 us.
        assertEquals(82.5, NcclEstimate.latencyUs(Generation.HOPPER, allReduce(MIB16, 64), Algorithm.DOUBLE_BINARY_TREE,
                Protocol.LL128, 8), 1e-9);
        // LL128 ring: 2 x 63 = 126 steps, 2 x 7 = 14 of them across nodes: 14 + 112 x 1.9 + 14 x 4.0 = 282.8 us.
        assertEquals(282.8, NcclEstimate.latencyUs(Generation.HOPPER, allReduce(MIB16, 64), Algorithm.RING,
                Protocol.LL128, 8), 1e-9);
        // NVLSTree: 25 + 2 x log2(8) x 20.9 = 150.4 us.
        assertEquals(150.4, NcclEstimate.latencyUs(Generation.HOPPER, allReduce(MIB16, 64), Algorithm.IN_NETWORK,
                Protocol.SIMPLE, 8), 1e-9);
        // Simple ring on 2 nodes: 8.4 + 28 x max(3.4, 3 x 1.0) + 2 x 14 = 131.6 us; 16 MiB / (16 x 16) >= 64 B
        // puts it on the plateau, x 1.4 = 184.24 us; 8 KiB does not.
        assertEquals(184.24, NcclEstimate.latencyUs(Generation.HOPPER, allReduce(MIB16, 16), Algorithm.RING,
                Protocol.SIMPLE, 2), 1e-9);
        assertEquals(131.6, NcclEstimate.latencyUs(Generation.HOPPER, allReduce(8192, 16), Algorithm.RING,
                Protocol.SIMPLE, 2), 1e-9);
    }

    @Test
    void shouldCorrectOnlyATreesBandwidthAtMediumSizes() {
        // treeCorrectionFactor[p][log2(S / 64)]: 16 MiB is index 18, 1 MiB index 14.
        assertEquals(0.9, NcclEstimate.correction(Generation.HOPPER, Algorithm.DOUBLE_BINARY_TREE, Protocol.LL128,
                MIB16));
        assertEquals(0.5, NcclEstimate.correction(Generation.HOPPER, Algorithm.DOUBLE_BINARY_TREE, Protocol.SIMPLE,
                1L << 20));
        assertEquals(1.0, NcclEstimate.correction(Generation.HOPPER, Algorithm.DOUBLE_BINARY_TREE, Protocol.SIMPLE,
                1L << 30));
        assertEquals(1.0, NcclEstimate.correction(Generation.HOPPER, Algorithm.DOUBLE_BINARY_TREE, Protocol.LL, 32));
        assertEquals(1.0, NcclEstimate.correction(Generation.HOPPER, Algorithm.RING, Protocol.LL128, MIB16));
        assertEquals(1.0, NcclEstimate.correction(Generation.HOPPER, Algorithm.IN_NETWORK, Protocol.SIMPLE, MIB16));
        // NVLSTree from Blackwell on takes the Simple row: 0.7 at index 18.
        assertEquals(0.7, NcclEstimate.correction(Generation.BLACKWELL, Algorithm.IN_NETWORK, Protocol.SIMPLE, MIB16));
    }

    @Test
    void shouldCapTheLl128TreeOnTheSearchGraphsChannelsAsNcclDoes() {
        // NCCL's ring graph on 8 NICs of 400 Gb/s has 8 channels of 48 GB/s ("Pattern 4, crossNic 2, nChannels 8,
        // bw 48.000000/48.000000, type NVL/PIX"), the tree graph as many (init.cc: tree min = max = the ring's);
        // connect.cc doubles the communicator to 16, but ncclTopoTuneModel reads the graph's 8. LL128 tree bus
        // bandwidth: min(8 x 48 x 0.92, 8 x 36.0) = 288, x 120/128 = 270, min(270, 8 x 29.0) = 232 GB/s;
        // algorithm bandwidth x 0.5, corrected x 0.9 at 16 MiB: 104.4 GB/s; 82.5 us + 16,777,216 B / 104.4 GB/s
        // = 243.2 us by NCCL. The engine counts the bus bytes, 16 MiB x 2 x 63/64 = 33,030,144 B, at the same
        // 232 GB/s: 82.5 + 33,030,144 / (232e3 x 0.9) = 240.69 us (NCCL's tree ratio 0.5 is 1/2 where the bus
        // factor is 63/64 of 2). On the communicator's 16 channels the cap would not bind (195.1 us).
        ClusterTopology cluster = h100Nodes(8);
        CollectiveRequest request = allReduce(MIB16, 64).withChannels(16);
        Schedule schedule = AlgorithmSelector.schedule(cluster, request, Algorithm.DOUBLE_BINARY_TREE, null);
        double byNccl = 82.5 + MIB16 / (232 * 0.5 * 0.9 * 1e3);
        assertEquals(243.2, byNccl, 0.05);
        double byEngine = 82.5 + 33_030_144 / (232 * 0.9 * 1e3);
        ProtocolCost cost = cost(cluster, request, Algorithm.DOUBLE_BINARY_TREE, schedule);
        assertEquals(byEngine, cost.estimatePs(Protocol.LL128) / 1e6, 1e-3);
        assertEquals(byNccl, byEngine, 0.02 * byNccl);
    }

    @Test
    void shouldTakeThePairNcclEstimatesFastestRatherThanTheFastestSimulated() {
        // 2 nodes at 16 MiB: the engine simulates the LL128 ring fastest (about 172 us against NVLSTree's 203),
        // but NCCL's estimate ranks NVLSTree first: 66.8 us of latency and no ring steps, against the LL128
        // ring's 14 + 28 x 1.9 + 2 x 4.0 = 75.2 us plus its bytes at 0.92 of the ring's bandwidth.
        ClusterTopology cluster = h100Nodes(2);
        CollectiveRequest request = allReduce(MIB16, 16);
        CollectiveResult chosen = CollectiveEngine.run(cluster, request);
        assertEquals(Algorithm.IN_NETWORK, chosen.algorithm());
        CollectiveResult ring = CollectiveEngine.run(cluster, request.withAlgorithm(Algorithm.RING));
        assertEquals(Protocol.LL128, ring.protocol());
        assertTrue(ring.timeSeconds() < chosen.timeSeconds(), ring.timeSeconds() + " vs " + chosen.timeSeconds());
    }
}
