package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.fabricbehaviour.BehaviourKey;
import org.fabricsim.runtime.fabricbehaviour.BehaviourTable;
import org.fabricsim.runtime.fabricbehaviour.FabricBehaviour;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.junit.jupiter.api.Test;

class FabricCollectiveTimerTest {
    /** 8 single-GPU nodes with one 400G NIC each on one switch. */
    private static ClusterTopology eightNodes() {
        NodeSpec node = new NodeSpec("t.Node", TrainingFixtures.H100, 1, null, TrainingFixtures.CX7, 1, true);
        return ClusterTopologies.build(new ClusterSpec("t.Eight", node, 8, new ScaleOutSpec(TrainingFixtures.NDR,
                new TopologySpec.SingleSwitch(TrainingFixtures.QM9700), ScaleOutSpec.Routing.ECMP), 0, null, null));
    }

    @Test
    void shouldTimeARingStepAtTheDeratedNicRatePlusTheNcclStepLatency() {
        // DP8: every rank sends 1 GB to the next through its NIC at 0.96 x 50 GB/s:
        // 1e9 / 48e9 s = 20.833 ms, plus NCCL's 14 µs network step latency.
        FabricCollectiveTimer timer = new FabricCollectiveTimer(eightNodes(),
                Placement.of(new ParallelismSpec(1, 1, 8, 1, 1, false)), RoutingMode.ECMP,
                FabricSpec.DEFAULT_FLOWS_PER_PEER, 1);
        double expected = 1e9 / (50e9 * Calibration.DEFAULT.nicEfficiency()) + Calibration.DEFAULT.netStepPs() / 1e12;
        assertEquals(expected, timer.ringStepSeconds(Axis.DATA, 1e9, 0), expected * 1e-3);
        // A ring reduce-scatter of 8 GB: 7 steps of 1 GB.
        assertEquals(7 * expected, timer.ringSeconds(Axis.DATA, 8, 8e9, 0), 7 * expected * 1e-3);
    }

    @Test
    void shouldRingTheExpertWeightsOverTheRanksHoldingTheSameExperts() {
        // TP2 DP4 EP4 on 8 single-GPU nodes: the expert data-parallel groups are {0, 4}, {1, 5}, {2, 6}, {3, 7}
        // (TP·DP ÷ EP = 2 ranks, folded indices i and i + 4). A reduce-scatter of 2 GB over 2 ranks is one ring step
        // of 1 GB, every rank to a distinct node through its own NIC: 1e9 / (0.96 × 50 GB/s) + NCCL's 14 µs.
        FabricCollectiveTimer timer = new FabricCollectiveTimer(eightNodes(),
                Placement.of(new ParallelismSpec(2, 1, 4, 1, 4, true)), RoutingMode.ECMP,
                FabricSpec.DEFAULT_FLOWS_PER_PEER, 1);
        double expected = 1e9 / (50e9 * Calibration.DEFAULT.nicEfficiency()) + Calibration.DEFAULT.netStepPs() / 1e12;
        assertEquals(expected, timer.expertDataRingSeconds(2, 2e9, 0), expected * 1e-3);
        assertEquals(0, timer.expertDataRingSeconds(1, 2e9, 0));
    }

    @Test
    void shouldSlowTheDataParallelRingWhenPipelineSendsShareItsNics() {
        // PP2 x DP4: stage-0 ranks send their ring step and a pipeline send of the same size through
        // one NIC; max-min gives each half the rate, so the step takes twice as long.
        FabricCollectiveTimer timer = new FabricCollectiveTimer(eightNodes(),
                Placement.of(new ParallelismSpec(1, 2, 4, 1, 1, false)), RoutingMode.ECMP,
                FabricSpec.DEFAULT_FLOWS_PER_PEER, 1);
        double latency = Calibration.DEFAULT.netStepPs() / 1e12;
        double alone = timer.ringStepSeconds(Axis.DATA, 1e9, 0) - latency;
        double shared = timer.ringStepSeconds(Axis.DATA, 1e9, 1e9) - latency;
        assertEquals(2 * alone, shared, alone * 2e-2);
        assertEquals(1e9 / 48e9, timer.pipelineSendSeconds(1e9) - latency, 1e9 / 48e9 * 1e-3);
    }

    @Test
    void shouldEndARingStepWithItsLastByteWhileLongerPipelineSendsGoOn() {
        // PP2 x DP4 as above, the pipeline sends 4 GB against the ring step's 1 GB: both share each
        // stage-0 NIC at half rate until the ring's 1 GB is through, 2 x 1e9 / 48e9 s; the sends'
        // remaining 3 GB (another 3e9 / 48e9 s alone) come after the step and do not lengthen it.
        FabricCollectiveTimer timer = new FabricCollectiveTimer(eightNodes(),
                Placement.of(new ParallelismSpec(1, 2, 4, 1, 1, false)), RoutingMode.ECMP,
                FabricSpec.DEFAULT_FLOWS_PER_PEER, 1);
        double latency = Calibration.DEFAULT.netStepPs() / 1e12;
        double expected = 2 * 1e9 / (50e9 * Calibration.DEFAULT.nicEfficiency());
        assertEquals(expected, timer.ringStepSeconds(Axis.DATA, 1e9, 4e9) - latency, expected * 1e-9);
    }

    /**
     * 16 single-GPU nodes on a two-tier fat-tree of 12-port switches at 2:1: 8 hosts per leaf
     * (⌊12 · 2/3⌋) and ⌈8 / 2⌉ = 4 uplinks, one to each spine; ranks laid out TP, CP, DP, PP, so
     * each of the 8 stage-0 ranks under leaf 0 sends to the rank 8 higher, under leaf 1.
     */
    private static FabricCollectiveTimer acrossTwoToOneLeaves(int flowsPerPeer, long seed) {
        return acrossTwoToOneLeaves(flowsPerPeer, seed, null);
    }

    /** The same on a fabric of {@code behaviour} (null: ideal). */
    private static FabricCollectiveTimer acrossTwoToOneLeaves(int flowsPerPeer, long seed, FabricBehaviour behaviour) {
        return acrossTwoLeaves(new SwitchSpec("t.S12", "generic", 12, 50e9, 0, 0, false, false), 2.0,
                RoutingMode.ECMP, flowsPerPeer, seed, behaviour);
    }

    /**
     * 16 single-GPU nodes on a two-tier fat-tree of {@code leaf} switches at {@code ratio}, routed by {@code
     * routing}, ranks laid out TP, CP, DP, PP as above; 16 ports at 1:1 also put 8 hosts under each leaf (R/2),
     * with 8 uplinks.
     */
    private static FabricCollectiveTimer acrossTwoLeaves(SwitchSpec leaf, double ratio, RoutingMode routing,
            int flowsPerPeer, long seed, FabricBehaviour behaviour) {
        NodeSpec node = new NodeSpec("t.Node", TrainingFixtures.H100, 1, null, TrainingFixtures.CX7, 1, true);
        ClusterTopology topology = ClusterTopologies.build(new ClusterSpec("t.Sixteen", node, 16,
                new ScaleOutSpec(TrainingFixtures.META_ROCE, new TopologySpec.FatTree(leaf, 2, List.of(ratio)),
                        ScaleOutSpec.Routing.ECMP), 0, null, null));
        Placement placement = new Placement(new ParallelismSpec(1, 2, 8, 1, 1, false),
                List.of(Axis.TENSOR, Axis.CONTEXT, Axis.DATA, Axis.PIPELINE));
        return new FabricCollectiveTimer(topology, placement, routing, flowsPerPeer, seed,
                Calibration.DEFAULT, NetworkKind.MAX_MIN, behaviour);
    }

    @Test
    void shouldShortenPipelineSendsOnAnOversubscribedEcmpFatTreeWithMoreFlowsPerPeer() {
        // 8 sends of B bytes share leaf 0's 4 uplinks (0.96 x 50 GB/s each): no spreading beats
        // 8B / (4 x 48 GB/s) = 2B / 48 GB/s. One flow per send: 8 flows hashed onto 4 uplinks are
        // balanced with probability 8! / (2!^4 x 4^8) = 3.8%; otherwise an uplink carries 3 or more,
        // and the phase takes at least 3B / 48 GB/s. 64 flows per send: 512 flows, 128 per uplink
        // on average, binomial standard deviation √(512 · 1/4 · 3/4) = 9.8; even the busiest of 4
        // uplinks stays below 128 + 3.3σ = 160 flows except with probability about 4 × 5e-4, so the
        // phase lies within 160 / 128 = 1.25 of the bound.
        double bytes = 1e9;
        double bound = 2 * bytes / (50e9 * Calibration.DEFAULT.nicEfficiency());
        double latency = Calibration.DEFAULT.netStepPs() / 1e12;
        double tolerance = FabricPhase.COMPLETION_TOLERANCE;
        for (long seed = 1; seed <= 4; seed++) {
            double single = acrossTwoToOneLeaves(1, seed).pipelineSendSeconds(bytes) - latency;
            double spread = acrossTwoToOneLeaves(64, seed).pipelineSendSeconds(bytes) - latency;
            assertTrue(single >= 1.5 * bound * (1 - tolerance), "seed " + seed + ": one flow took " + single);
            assertTrue(spread >= bound * (1 - tolerance), "seed " + seed + ": 64 flows took " + spread);
            assertTrue(spread <= 1.25 * bound, "seed " + seed + ": 64 flows took " + spread + ", bound " + bound);
        }
    }

    @Test
    void shouldSlowPipelineSendsThatCollideOnAnEcmpUplinkByRocesMeasuredUtilisation() {
        // The 8 sends above with one flow each: ECMP puts 2 or more on some uplink of leaf 0, an
        // overload ρ ≥ 2 there (each send offers its NIC's rate), which RoCE's behaviour (PFC,
        // DCQCN, go-back-N) runs at u(ρ) of the link: the phase takes 1/u(ρ) of the ideal on its
        // busiest uplink, between 1/u(2), the largest utilisation at ρ ≥ 2, and 1/min u.
        FabricBehaviour roce = BehaviourTable.shipped().behaviour(new BehaviourKey(BehaviourKey.FlowControl.PFC,
                FabricSpec.CongestionControl.DCQCN, BehaviourKey.Recovery.GO_BACK_N, RoutingMode.ECMP));
        double latency = Calibration.DEFAULT.netStepPs() / 1e12;
        double ideal = acrossTwoToOneLeaves(1, 1).pipelineSendSeconds(1e9) - latency;
        double fabric = acrossTwoToOneLeaves(1, 1, roce).pipelineSendSeconds(1e9) - latency;
        double lowest = 1;
        for (int i = 0; i < 4; i++) {
            lowest = Math.min(lowest, roce.utilisation(i));
        }
        double tolerance = FabricPhase.COMPLETION_TOLERANCE;
        assertTrue(fabric >= ideal / roce.utilisation(0) * (1 - tolerance), fabric + " against ideal " + ideal);
        assertTrue(fabric <= ideal / lowest * (1 + tolerance), fabric + " against ideal " + ideal);
    }

    /**
     * flows-per-peer only spreads a send over hashed paths. Where no hash picks the path its count must change
     * nothing: on one switch (PP2 x DP4, one route per pair), and on the non-blocking tree (16 ports, 8 uplinks per
     * leaf) under adaptive routing or spraying, which balance the 8 stage-0 sends of 1 GB over the uplinks whatever
     * their flows: each at its NIC's 0.96 x 50 GB/s, 1e9 / 48e9 s = 20.833 ms, plus the 14 µs step, for 1 and 64
     * flows alike. Under ECMP the same non-blocking tree is not such a case: 8 single flows hashed onto 8 uplinks
     * are balanced with probability 8! / 8^8 = 0.24%, and seed 1 puts two sends on one uplink, 2 x 20.833 ms; 64
     * flows each (512 over 8 uplinks, 64 ± 7.5 per uplink) finish within 1.25 of the bound (seed 1: 1.156). Every
     * run ends on a whole picosecond, hence the 1 ps tolerance.
     */
    @Test
    void shouldLeavePipelineSendsAloneWhateverTheFlowsPerPeerWhereNoHashPicksTheirPath() {
        double latency = Calibration.DEFAULT.netStepPs() / 1e12;
        double bound = 1e9 / (50e9 * Calibration.DEFAULT.nicEfficiency());
        SwitchSpec sixteenPorts = new SwitchSpec("t.S16", "generic", 16, 50e9, 0, 0, false, false);
        for (int flows : new int[] { 1, 64 }) {
            FabricCollectiveTimer oneSwitch = new FabricCollectiveTimer(eightNodes(),
                    Placement.of(new ParallelismSpec(1, 2, 4, 1, 1, false)), RoutingMode.ECMP, flows, 1);
            assertEquals(bound + latency, oneSwitch.pipelineSendSeconds(1e9), 1e-12);
            for (RoutingMode routing : new RoutingMode[] { RoutingMode.ADAPTIVE, RoutingMode.SPRAY }) {
                assertEquals(oneSwitch.pipelineSendSeconds(1e9),
                        acrossTwoLeaves(sixteenPorts, 1.0, routing, flows, 1, null).pipelineSendSeconds(1e9),
                        routing + ", " + flows + " flows");
            }
        }
        double single = acrossTwoLeaves(sixteenPorts, 1.0, RoutingMode.ECMP, 1, 1, null).pipelineSendSeconds(1e9);
        double spread = acrossTwoLeaves(sixteenPorts, 1.0, RoutingMode.ECMP, 64, 1, null).pipelineSendSeconds(1e9);
        assertEquals(2 * bound, single - latency, 1e-12);
        assertTrue(spread - latency <= 1.25 * bound, "64 flows took " + spread);
    }

    /** One node of 8 × H100 whose scale-up is {@code kind} at {@code bytesPerSecond} per accelerator, TP8. */
    private static FabricCollectiveTimer tensorParallelNode(ScaleUpSpec.Kind kind, double bytesPerSecond) {
        NodeSpec node = new NodeSpec("t.Node", TrainingFixtures.H100, 8,
                new ScaleUpSpec(TrainingFixtures.NVLINK4, kind, 8, bytesPerSecond, false), null, 0, false);
        return new FabricCollectiveTimer(ClusterTopologies.build(new ClusterSpec("t.One", node, 1, null, 0, null, null)),
                Placement.of(new ParallelismSpec(8, 1, 1, 1, 1, false)), RoutingMode.ECMP,
                FabricSpec.DEFAULT_FLOWS_PER_PEER, 1);
    }

    @Test
    void shouldSpreadATensorParallelRingStepOverTheFullMeshsLinkDisjointRings() {
        // A full mesh of 8 at 7 × 50 GB/s: a link per pair of r = 50 GB/s × the profile's NVLink efficiency.
        // K_8 gives 6 link-disjoint directed rings (MeshRings), so a ring step sends 1/6 of a rank's bytes over
        // each of 6 links: one more GB a rank costs 1 GB / (6r), where the one link to the next rank took 1 GB / r.
        // A switched domain of 6 × 50 GB/s per accelerator (6r derated) costs the same per GB; the differences of
        // two sizes leave out the step latencies.
        double r = 50e9 * Calibration.DEFAULT.nvlinkEfficiency();
        FabricCollectiveTimer mesh = tensorParallelNode(ScaleUpSpec.Kind.FULL_MESH, 7 * 50e9);
        double perGigabyte = mesh.ringStepSeconds(Axis.TENSOR, 2e9, 0) - mesh.ringStepSeconds(Axis.TENSOR, 1e9, 0);
        assertEquals(1e9 / (6 * r), perGigabyte, 1e9 / (6 * r) * 1e-9);
        FabricCollectiveTimer switched = tensorParallelNode(ScaleUpSpec.Kind.SWITCHED, 6 * 50e9);
        assertEquals(perGigabyte,
                switched.ringStepSeconds(Axis.TENSOR, 2e9, 0) - switched.ringStepSeconds(Axis.TENSOR, 1e9, 0),
                perGigabyte * 1e-9);
    }
}
