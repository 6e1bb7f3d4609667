package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.compute.PassTime;
import org.fabricsim.runtime.compute.TransformerCompute;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TrainingSpec.Recompute;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.study.InfeasibleRunException;
import org.fabricsim.runtime.study.Variations;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.junit.jupiter.api.Test;

class ExpertRoutingTest {
    /**
     * A toy MoE: 2 experts of width 256, top-1, hidden 256, not gated, no shared experts. With EP 2
     * each rank holds one expert, whose GEMMs are up (m, 256, 256) and down (m, 256, 256), m the
     * token copies it receives: all multiples of the 128×256 tile.
     */
    private static final TransformerSpec TOY_MOE = new TransformerSpec("t.ToyMoe", 2, 256, 1024, 2, 2, 128, 1024,
            false, 2, 1, 0, 256, 0, 0, 0);
    /** 1 TFLOP/s at 100% GEMM efficiency, one tile slot (every tile its own wave), memory never binding. */
    private static final Device TOY = new Device(1e12, 1e12, 1e30, 1, 1, 2);

    private static PassTime moeLayer(double load) {
        // 256 tokens per rank, TP 1, EP 2: one local expert receives 256 × top-1 × L copies.
        return new TransformerCompute(TOY, TOY_MOE, 256, 256, 1, 2, load, false, Recompute.NONE,
                SoftwareSpec.MEGATRON_CORE, 0).layer(true);
    }

    @Test
    void shouldRunTheBusiestRanksExpertGemmsOneAndAHalfTimesAsLongAtSkewOneAndAHalf() {
        // m = 256 balanced, 384 at L = 1.5: 2 and 3 row tiles, 1 column tile, 1 slot, no padding.
        // Forward and input-gradient GEMMs (m, 256, 256): 2·m·256·256 FLOPs at depth efficiency
        // 256/(256+64) = 0.8: m × 163,840 ps each, two of them → balanced 83.886 µs, skewed 125.829 µs.
        // Weight-gradient GEMMs (256, 256, m) have depth m: 2·256·256·m ÷ (m/(m+64)) = 131,072·(m+64)
        // ps each, two → 83.886 µs balanced, 117.441 µs skewed (×1.4: the tile epilogue does not scale).
        // Everything else in the layer (attention, router) does not depend on L.
        PassTime balanced = moeLayer(1.0);
        PassTime skewed = moeLayer(1.5);
        double expertsForward = 2 * 256 * 163_840e-12;
        assertEquals(0.5 * expertsForward, skewed.forwardSeconds() - balanced.forwardSeconds(), 1e-15);
        assertEquals(0.5 * expertsForward, skewed.backwardInputSeconds() - balanced.backwardInputSeconds(), 1e-15);
        assertEquals(2 * 131_072e-12 * (448 - 320), skewed.backwardWeightSeconds() - balanced.backwardWeightSeconds(),
                1e-15);
    }

    @Test
    void shouldCountTheBusiestRanksFlopsButKeepTheLayerUnchangedWhenBalanced() {
        double balanced = ExpertRoutingSpec.DEFAULT.busiestLoad();
        assertEquals(moeLayer(1.0).forwardSeconds(), moeLayer(balanced).forwardSeconds());
        // Extra forward FLOPs at L = 1.5: half the expert GEMMs, 0.5 × 2 × 2·256·256·256.
        assertEquals(0.5 * 2 * 2 * 256.0 * 256 * 256, moeLayer(1.5).forwardFlops() - moeLayer(1.0).forwardFlops(),
                1e-3);
    }

    @Test
    void shouldCapTheLoadAtTheCapacityFactorAndReportTheDroppedFraction() {
        ExpertRoutingSpec capped = new ExpertRoutingSpec(1.25, 1.5);
        assertEquals(1.25, capped.busiestLoad());
        assertEquals(1.0 / 6, capped.droppedTokenFraction(), 1e-15);
        assertEquals(1.5, dropless(1.5).busiestLoad());
        assertEquals(0, dropless(1.5).droppedTokenFraction());
        // The other of 2 ranks takes the rest, 2 − 1.5 = 0.5; of 4 ranks, (4 − 1.5)/3 each, capped at 0.8.
        assertEquals(0.5, capped.otherLoad(2), 1e-15);
        assertEquals(2.5 / 3, dropless(1.5).otherLoad(4), 1e-15);
        assertEquals(0.8, new ExpertRoutingSpec(0.8, 1.5).otherLoad(4), 1e-15);
        ExpertRoutingSpec roomy = new ExpertRoutingSpec(2, 1.5);
        assertEquals(1.5, roomy.busiestLoad());
        assertEquals(0, roomy.droppedTokenFraction());
        assertThrows(IllegalArgumentException.class, () -> new ExpertRoutingSpec(1.25, 0.9));
    }

    /** {@code nodes} single-GPU nodes with one 400G NIC each on one switch. */
    private static ClusterSpec singleGpuNodes(int nodes) {
        NodeSpec node = new NodeSpec("t.Node", TrainingFixtures.H100, 1, null, TrainingFixtures.CX7, 1, true);
        return new ClusterSpec("t.Nodes" + nodes, node, nodes, new ScaleOutSpec(TrainingFixtures.NDR,
                new TopologySpec.SingleSwitch(TrainingFixtures.QM9700), ScaleOutSpec.Routing.ECMP), 0, null, null);
    }

    private static FabricCollectiveTimer expertTimer(int ranks) {
        ClusterTopology topology = ClusterTopologies.build(singleGpuNodes(ranks));
        return new FabricCollectiveTimer(topology, Placement.of(new ParallelismSpec(1, 1, ranks, 1, ranks, false)),
                RoutingMode.ECMP, FabricSpec.DEFAULT_FLOWS_PER_PEER, 1);
    }

    @Test
    void shouldTimeTheAllToAllByTheBusiestReceiverOfTwoRanks() {
        // EP 2, each rank sends B = 1 GB. Balanced: B/2 crosses each NIC each way, at 0.96 × 50 GB/s.
        // Skew 1.5: rank 0 receives 1.5·B/2 from each rank, 0.75 GB of it from rank 1 over its NIC
        // (rank 1 receives 0.25 GB): the all-to-all takes 0.75 GB ÷ 48 GB/s, 1.5 × the balanced time.
        // Capacity 1.25 caps rank 0 at 1.25·B/2 = 0.625 GB from rank 1 (the rest is dropped, not sent):
        // 1.25 × balanced. Capacity 0.8, balanced: every rank takes 0.8·B/2 = 0.4 GB, 0.8 × balanced.
        FabricCollectiveTimer timer = expertTimer(2);
        double latency = Calibration.DEFAULT.netStepPs() / 1e12;
        double rate = 50e9 * Calibration.DEFAULT.nicEfficiency();
        assertEquals(0.5e9 / rate, timer.expertAllToAllSeconds(1e9, ExpertRoutingSpec.DEFAULT, null) - latency,
                0.5e9 / rate * 1e-3);
        assertEquals(0.75e9 / rate, timer.expertAllToAllSeconds(1e9, dropless(1.5), null) - latency,
                0.75e9 / rate * 1e-3);
        assertEquals(0.625e9 / rate, timer.expertAllToAllSeconds(1e9, new ExpertRoutingSpec(1.25, 1.5), null) - latency,
                0.625e9 / rate * 1e-3);
        assertEquals(0.4e9 / rate, timer.expertAllToAllSeconds(1e9, new ExpertRoutingSpec(0.8, 1), null) - latency,
                0.4e9 / rate * 1e-3);
    }

    @Test
    void shouldTimeTheAllToAllByTheBusiestReceiverOfFourRanks() {
        // EP 4, B = 1 GB, L = 2: every rank sends L·B/4 = 0.5 GB to rank 0 and (4 − 2)/3 · B/4 = 1/6 GB to
        // each other member. Rank 0's NIC takes 3 × 0.5 GB = 1.5 GB while every other link carries at
        // most 5/6 GB: 1.5 GB ÷ 48 GB/s, twice the balanced 3 × 0.25 GB ÷ 48 GB/s.
        FabricCollectiveTimer timer = expertTimer(4);
        double latency = Calibration.DEFAULT.netStepPs() / 1e12;
        double rate = 50e9 * Calibration.DEFAULT.nicEfficiency();
        assertEquals(0.75e9 / rate, timer.expertAllToAllSeconds(1e9, ExpertRoutingSpec.DEFAULT, null) - latency,
                0.75e9 / rate * 1e-3);
        assertEquals(1.5e9 / rate, timer.expertAllToAllSeconds(1e9, dropless(2), null) - latency, 1.5e9 / rate * 1e-3);
        assertThrows(IllegalArgumentException.class, () -> timer.expertAllToAllSeconds(1e9, dropless(4.5), null));
    }

    private static ExpertRoutingSpec dropless(double skew) {
        return new ExpertRoutingSpec(ExpertRoutingSpec.DROPLESS, skew);
    }

    private static RunResult toyRun(ExpertRoutingSpec routing) {
        ParallelismSpec plan = new ParallelismSpec(1, 1, 2, 1, 2, false).withExpertRouting(routing);
        TrainingSpec spec = TrainingFixtures.training("t.ToyMoeTraining", TOY_MOE, singleGpuNodes(2), 256, 2, plan,
                TrainingSpec.PipelineSchedule.ONE_F_ONE_B, TrainingSpec.Sharding.NONE);
        return TrainingSimulator.run(spec);
    }

    @Test
    void shouldReportTheRoutingAndTheDroppedFractionOfAnMoeRunAndKeepItsModelFlops() {
        RunResult balanced = toyRun(ExpertRoutingSpec.DEFAULT);
        RunResult capped = toyRun(new ExpertRoutingSpec(1.25, 1.5));
        Map<String, Object> metrics = capped.metrics();
        assertEquals(1.0 / 6, (double) metrics.get("droppedTokenFraction"), 1e-15);
        assertEquals(0.0, (double) balanced.metrics().get("droppedTokenFraction"));
        assertEquals(1.25, capped.parameters().get("capacityFactor"));
        assertEquals(1.5, capped.parameters().get("routingSkew"));
        double stepBalanced = (double) balanced.metrics().get("stepTimeSeconds");
        double stepCapped = (double) capped.metrics().get("stepTimeSeconds");
        assertTrue(stepCapped > stepBalanced);
        // MFU counts the same model FLOPs, so it falls exactly as the step grows.
        assertEquals(stepBalanced / stepCapped,
                (double) metrics.get("mfu") / (double) balanced.metrics().get("mfu"), 1e-12);
    }

    @Test
    void shouldVaryTheSkewAndTheCapacityOfAStudysPlanWithinTheExpertDegree() {
        ParallelismSpec plan = new ParallelismSpec(1, 1, 2, 1, 2, false)
                .withExpertRouting(new ExpertRoutingSpec(1.25, 1.0));
        TrainingSpec spec = TrainingFixtures.training("t.ToyMoeTraining", TOY_MOE, singleGpuNodes(2), 256, 2, plan,
                TrainingSpec.PipelineSchedule.ONE_F_ONE_B, TrainingSpec.Sharding.NONE);
        TrainingSpec skewed = (TrainingSpec) Variations.apply(spec, VariationSpec.Parameter.ROUTING_SKEW, 1.5);
        assertEquals(new ExpertRoutingSpec(1.25, 1.5), skewed.parallel().expertRouting());
        TrainingSpec roomy = (TrainingSpec) Variations.apply(spec, VariationSpec.Parameter.CAPACITY_FACTOR, 2L);
        assertEquals(new ExpertRoutingSpec(2, 1.0), roomy.parallel().expertRouting());
        assertThrows(InfeasibleRunException.class,
                () -> Variations.apply(spec, VariationSpec.Parameter.ROUTING_SKEW, 3L));
        assertThrows(InfeasibleRunException.class,
                () -> Variations.apply(spec, VariationSpec.Parameter.CAPACITY_FACTOR, 0L));
    }

    /** Varying the skew or the capacity keeps the rest of the plan's routing: its dispatcher, SMs and node limit. */
    @Test
    void shouldKeepTheDispatcherSmsAndNodeLimitWhenAStudyVariesTheRouting() {
        ExpertRoutingSpec deepep = new ExpertRoutingSpec(0, 1.0, ExpertRoutingSpec.Dispatcher.DEEPEP, 20, 4);
        ParallelismSpec plan = new ParallelismSpec(1, 1, 2, 1, 2, false).withExpertRouting(deepep);
        TrainingSpec spec = TrainingFixtures.training("t.ToyMoeTraining", TOY_MOE, singleGpuNodes(2), 256, 2, plan,
                TrainingSpec.PipelineSchedule.ONE_F_ONE_B, TrainingSpec.Sharding.NONE);
        TrainingSpec skewed = (TrainingSpec) Variations.apply(spec, VariationSpec.Parameter.ROUTING_SKEW, 1.5);
        assertEquals(new ExpertRoutingSpec(0, 1.5, ExpertRoutingSpec.Dispatcher.DEEPEP, 20, 4),
                skewed.parallel().expertRouting());
        TrainingSpec capped = (TrainingSpec) Variations.apply(spec, VariationSpec.Parameter.CAPACITY_FACTOR, 2L);
        assertEquals(new ExpertRoutingSpec(2, 1.0, ExpertRoutingSpec.Dispatcher.DEEPEP, 20, 4),
                capped.parallel().expertRouting());
    }

    @Test
    void shouldNotReportRoutingForADenseModel() {
        TransformerSpec dense = TrainingFixtures.dense("t.Dense", 2, 256, 1024, 2, 2, 1024, false);
        TrainingSpec spec = TrainingFixtures.training("t.DenseTraining", dense, singleGpuNodes(2), 256, 2,
                new ParallelismSpec(1, 1, 2, 1, 1, false), TrainingSpec.PipelineSchedule.ONE_F_ONE_B,
                TrainingSpec.Sharding.NONE);
        RunResult run = TrainingSimulator.run(spec);
        assertFalse(run.metrics().containsKey("droppedTokenFraction"));
        assertFalse(run.parameters().containsKey("routingSkew"));
    }
}
