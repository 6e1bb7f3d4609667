package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.Generation;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.junit.jupiter.api.Test;

/**
 * A serving replica's collectives that cross the scale-out fabric pay the behaviour the fabric states, as training's
 * and the KV caches' flows do ({@link CollectiveFit#onFabric}); inside one node nothing changes.
 */
class ServingCollectiveBehaviourTest {
    private static final Calibration CALIBRATION = Calibration.of(CalibrationProfile.defaults());
    /** A 9-port SN5600 at 8:1: h = ⌊9 · 8 ÷ 9⌋ = 8 NIC ports a leaf (one DGX) and ⌈8 ÷ 8⌉ = 1 uplink. */
    private static final TopologySpec EIGHT_TO_ONE = new TopologySpec.FatTree(new SwitchSpec("t.Radix9", "T", 9,
            50e9, 600_000, 0, false, false), 2, List.of(8.0));
    /** The fixtures' SN5600 at 1:1: 64 NIC ports a leaf, every node on one switch. */
    private static final TopologySpec ONE_LEAF = new TopologySpec.FatTree(ServingFixtures.SN5600, 2, List.of(1.0));
    /** Two points of the curve ({@link CollectiveCurve}: 2^e · 1.125). */
    private static final long SMALL_BYTES = 18L << 20;
    private static final long LARGE_BYTES = 72L << 20;

    /** {@code nodes} DGX H100 on RoCE 400G (DCQCN, ECMP) over {@code topology}, stating {@code flowControl}. */
    private static ClusterSpec dgx(int nodes, TopologySpec topology, FabricSpec.FlowControl flowControl) {
        ClusterSpec base = ServingFixtures.dgxH100(nodes, 0);
        FabricSpec f = base.scaleOut().fabric();
        FabricSpec stated = new FabricSpec(f.name(), f.vendor(), f.scope(), f.openStandard(), f.acceleratorVendor(),
                f.linkBytesPerSecond(), f.latencyPs(), flowControl, f.congestionControl(), f.adaptiveRouting(),
                f.packetSpraying(), f.inNetworkReduction(), f.flowsPerPeer(), f.linkEfficiency(), f.packet());
        return new ClusterSpec(base.name(), base.node(), nodes, new ScaleOutSpec(stated, topology,
                ScaleOutSpec.Routing.ECMP), 0, null, null);
    }

    private static CollectiveFit allToAll(ClusterSpec cluster, int ranks) {
        return CollectiveFit.of(ClusterTopologies.build(cluster, CALIBRATION), cluster, CollectiveOperation.ALL_TO_ALL,
                ranks, CALIBRATION.stepOverheads(), Generation.HOPPER);
    }

    /** The two fits give the same time to the picosecond at a decode message, and at the curve's two points. */
    private static void assertSameAtEverySize(CollectiveFit ideal, CollectiveFit roce) {
        for (long bytes : new long[] {64L * 8 * 7_168, SMALL_BYTES, LARGE_BYTES}) {
            assertEquals(ideal.timePs(bytes), roce.timePs(bytes), "at " + bytes + " B a rank");
        }
    }

    @Test
    void shouldRunACrossNodeAllToAllOnOneSwitchExactlyAsTheIdealFabric() {
        // EP16 over two DGX on one leaf: receiver j's NIC downlink takes 8 flows, each 1/8 of its sender's NIC,
        // an offered load of 8 · (1/8) = 1: no overload, u = 1, so the derated fill is the ideal one.
        CollectiveFit ideal = allToAll(dgx(2, ONE_LEAF, FabricSpec.FlowControl.UNSTATED), 16);
        CollectiveFit roce = allToAll(dgx(2, ONE_LEAF, FabricSpec.FlowControl.PFC), 16);
        assertSameAtEverySize(ideal, roce);
    }

    /**
     * EP16 over two DGX, one a leaf, each leaf one uplink as fast as a NIC (c = 50 GB/s): node 0's 8 NICs each send 8
     * flows (S/16 to each GPU of node 1) into that uplink, offered ρ = 8 with N = 64 flows, R = 64 · S/16 = 4·S bytes
     * an episode. The row (PFC, DCQCN, go-back-N, ECMP) stalls it ({@code DcqcnStall}): its queue would reach (1 −
     * 1/ρ)·R = 3.5·S (12.8 MB at the decode size below), past Kmax = 1.6 MB · c / c_s = 6.50 MB (thresholds set for the
     * scenario's c_s = 12.5 GB/s · 4096/4158 = 12.31 GB/s and scaled to c) and past what PFC admits before it pauses, 8
     * inputs · (12 MiB/9 + 4 KiB) = 11.2 MB; the 64 flows get E = Pmax·ΔK/(2·(ρ − 1)·N·MTU) = 0.2 · 4.87 MB / (2 · 7 ·
     * 64 · 4096 B) = 0.27 marks before Kmax, short of the log₂ 64 = 6 halvings they need. The link then idles D = τ_i −
     * (Kmin + y*)/c an episode, y* = ΔK for N ≥ 12, so D = τ_i − Kmax/c = 300 µs − 1.6 MB / 12.31 GB/s = 300 − 129.9375
     * = 170.0625 µs, whatever the size; the table's rate at (ρ, m) = (8, 8) is 0.9995, which the stall replaces. The
     * two uplinks (one each way) stall at once: the all-to-all ends D later.
     */
    @Test
    void shouldDelayAnAllToAllAcrossAnOversubscribedUplinkByDcqcnsStall() {
        double stallPs = 300e6 - 1.6e6 / (12.5e9 * 4096 / 4158) * 1e12;
        assertEquals(170_062_500, stallPs, 1e-3);
        CollectiveFit ideal = allToAll(dgx(2, EIGHT_TO_ONE, FabricSpec.FlowControl.UNSTATED), 16);
        CollectiveFit roce = allToAll(dgx(2, EIGHT_TO_ONE, FabricSpec.FlowControl.PFC), 16);
        // DeepSeek-V3's BF16 combine of 32 decoding tokens a rank (32 · 8 copies · 7,168 · 2 B), two curve points
        for (long bytes : new long[] {32L * 8 * 7_168 * 2, SMALL_BYTES, LARGE_BYTES}) {
            assertEquals(stallPs, roce.timePs(bytes) - ideal.timePs(bytes), 10, "at " + bytes + " B a rank");
        }
    }

    @Test
    void shouldLeaveAnAllToAllInsideOneNodeUnchanged() {
        // EP8 on node 0 of the 8:1 tree: every flow is on NVLink, which keeps its ideal capacity.
        CollectiveFit ideal = allToAll(dgx(2, EIGHT_TO_ONE, FabricSpec.FlowControl.UNSTATED), 8);
        CollectiveFit roce = allToAll(dgx(2, EIGHT_TO_ONE, FabricSpec.FlowControl.PFC), 8);
        assertSameAtEverySize(ideal, roce);
    }

    /**
     * DeepSeek-V3 decoding on EP16 (DP-attention 16) over the two DGX of the 8:1 tree, 512 requests: 32 sequences a
     * rank. Each of the 58 MoE layers' combines (BF16, 3.67 MB a rank) stalls on the uplinks for D = 170.0625 µs (test
     * above); each dispatch (FP8, half the bytes) queues 3.5 · 1.84 MB = 6.42 MB, inside DCQCN's marking band (Kmax
     * 6.50 MB) where it runs near the ideal. The inter-token latency grows by 58 · D = 9.864 ms (within 1%: what the
     * dispatches pay in the band), and the output rate falls.
     */
    @Test
    void shouldDecodeSlowerByEveryMoeLayersStallWhenTheExpertAllToAllCrossesAContendedFabric() {
        RunResult ideal = decode(dgx(2, EIGHT_TO_ONE, FabricSpec.FlowControl.UNSTATED));
        RunResult roce = decode(dgx(2, EIGHT_TO_ONE, FabricSpec.FlowControl.PFC));
        double idealItl = ServingLatencyTest.summary(ideal, "itlSeconds").get("p50");
        double roceItl = ServingLatencyTest.summary(roce, "itlSeconds").get("p50");
        assertEquals(58 * 170.0625e-6, roceItl - idealItl, 0.01 * 58 * 170.0625e-6,
                roceItl + " s against the ideal's " + idealItl);
        assertTrue(number(roce, "outputTokensPerSecond") < number(ideal, "outputTokensPerSecond"));
    }

    private static RunResult decode(ClusterSpec cluster) {
        InferenceSpec spec = new InferenceSpec("t.WideExpertDecode", ServingFixtures.DEEPSEEK_V3, cluster,
                Precision.FP8, List.of(ServingFixtures.pool(Role.DECODE, 1, new ParallelismSpec(1, 1, 16, 1, 16,
                        false), 0, 512, 0)),
                ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 1000, 17, 512), List.of(), false);
        return InferenceRunner.run(spec);
    }

    private static double number(RunResult result, String key) {
        return ((Number) result.metrics().get(key)).doubleValue();
    }
}
