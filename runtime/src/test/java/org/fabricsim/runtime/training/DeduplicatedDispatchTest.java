package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.junit.jupiter.api.Test;

class DeduplicatedDispatchTest {

    /**
     * E = 8 experts, top-2, G = 4 ranks in N = 2 domains of D = 2 (e = 2 experts a rank). P(2) = 6/8 · 5/7 = 15/28,
     * P(4) = 4/8 · 3/7 = 3/14. Across domains X = (2 − 1)(1 − 3/14) = 11/14 copies against the uniform k·(G − D)/G = 1:
     * weight 11/14. Inside: N·(D − 1)·(1 − P(2)) = 2 · 13/28 = 13/14 copies against k·(D − 1)/G = 1/2: weight 13/7.
     */
    @Test
    void shouldSendATokenOnceToEachOtherDomainHoldingOneOfItsExpertsAndForwardItInside() {
        DeduplicatedDispatch dispatch = new DeduplicatedDispatch(2, 8);
        assertEquals(11.0 / 14, dispatch.remoteWeight(4, 2), 1e-12);
        assertEquals(13.0 / 7, dispatch.localWeight(4, 2), 1e-12);
    }

    /**
     * Qwen3-235B's top-8 of 128 experts over EP32 on four 8-GPU nodes: P(32) = Π_{i&lt;8} (96 − i)/(128 − i) = 0.0927,
     * so X = 3 · 0.9073 = 2.72 network copies per token where the all-to-all sends 8 · 24/32 = 6; weight 0.454.
     */
    @Test
    void shouldChargeQwen3AtEp32AboutTwoPointSevenNetworkCopiesInsteadOfSix() {
        assertEquals(2.7218 / 6, new DeduplicatedDispatch(8, 128).remoteWeight(32, 8), 1e-4);
    }

    /**
     * E = 8 experts, top-2, G = 4 ranks each its own domain (N = 4, two experts each) with a limit of 1 domain: every
     * token reaches exactly one, its own with probability 1/4, so X = 3/4 (weight 3/4 · 4/(2 · 3) = 1/2), where
     * unlimited routing reaches 3 · (1 − 6/8 · 5/7) = 39/28 other domains.
     */
    @Test
    void shouldSendATokenToOneOtherDomainAtMostUnderALimitOfOne() {
        assertEquals(0.75, new DeduplicatedDispatch(2, 8, 1).networkCopies(4, 1), 1e-12);
        assertEquals(0.5, new DeduplicatedDispatch(2, 8, 1).remoteWeight(4, 1), 1e-12);
        assertEquals(39.0 / 28, new DeduplicatedDispatch(2, 8).networkCopies(4, 1), 1e-12);
    }

    /**
     * DeepSeek-V3's top-8 of 256 experts over EP64 on eight 8-GPU nodes (32 experts a node), at most 4 nodes a token
     * (§2.1.2). Uniform routing reaches n nodes with P(n) = C(8, n)·Σ_i (−1)^i·C(n, i)·C(32(n − i), 8)/C(256, 8):
     * P(1) = 2.1e-7, P(2) = 0.000301, P(3) = 0.016315, P(4) = 0.158195, P(5..8) = 0.825188; E[min(n, 4)] = 3.98308, so
     * X = 3.98308 · 7/8 = 3.48520 copies across InfiniBand against 7 · (1 − Π_{i&lt;8} (224 − i)/(256 − i)) = 4.63282
     * without the limit: 24.8% fewer.
     */
    @Test
    void shouldSendDeepSeekV3sTokensToAtMostFourNodes() {
        assertEquals(3.48520, new DeduplicatedDispatch(8, 256, 4).networkCopies(64, 8), 1e-5);
        assertEquals(4.63282, new DeduplicatedDispatch(8, 256).networkCopies(64, 8), 1e-5);
    }

    @Test
    void shouldIgnoreALimitThatTopKNeverReaches() {
        assertEquals(new DeduplicatedDispatch(8, 256).remoteWeight(64, 8),
                new DeduplicatedDispatch(8, 256, 8).remoteWeight(64, 8));
    }

    @Test
    void shouldSendNothingAcrossDomainsWhenTheGroupFitsOne() {
        assertEquals(0, new DeduplicatedDispatch(8, 128).remoteWeight(8, 8));
    }

    /**
     * The EP32 Qwen3 row's all-to-all is NIC-bound; DeepEP cuts its network bytes to 0.454 of the all-to-all's, so
     * its exposed expert communication falls below half.
     */
    @Test
    void shouldExposeLessThanHalfTheExpertCommunicationOfTheAllToAllOnTheCrossNodeQwen3Row() throws IOException {
        Map<String, String> row = TrainingRows.readCsv("training-moe-heldout.csv").stream()
                .filter(r -> "modelzoo-qwen3-235b-ep32".equals(r.get("case"))).findFirst().orElseThrow();
        TrainingSpec deepep = MoeTrainingRows.spec(row);
        assertEquals(ExpertRoutingSpec.Dispatcher.DEEPEP, deepep.parallel().expertRouting().dispatcher());
        TrainingSpec allToAll = withDispatcher(deepep, ExpertRoutingSpec.Dispatcher.ALL_TO_ALL);
        double dedup = exposedExpertSeconds(deepep);
        double uniform = exposedExpertSeconds(allToAll);
        assertTrue(dedup < 0.5 * uniform, dedup + " s against " + uniform + " s");
    }

    @Test
    void shouldSpreadTheBusiestRanksNetworkCopiesOverTheNicsOfItsNode() {
        // EP32 on 4 DGX H100 (D = 8, N = 4) on 8 rails of a two-tier fat-tree, adaptive routing; DeepEP dispatch of
        // top-8 of 256 experts, B = 1 GB a rank, the busiest rank (member 0) loaded L, the others L' = (32 − L)/31. A
        // rank sends its copies for another node's members to that node's GPU of its own index (its rail; DeepSeek-V3
        // §3.2.2), which forwards them over NVLink. So node 0's GPU i takes over its NIC, from GPU i of each of the 3
        // other nodes, the remote weight w times the bytes for all 8 members of node 0: 3·w·(B/32)·(L + 7L') at 50 GB/s
        // × the NIC efficiency; the NVLink into the busiest rank (7 × the local weight 3.63 × L·B/32 at 450 GB/s × its
        // efficiency) stays below it up to L = 2. L = 1: 24·w·B/32 ÷ 48 GB/s; L = 2: (2 + 7·30/31)/8 = 1.0968 × that,
        // where sending the copies straight to the busiest rank's NIC (across the rails, over the spines) took twice
        // the balanced time.
        ClusterSpec rails = new ClusterSpec("t.Rails", TrainingFixtures.DGX_H100, 4,
                new ScaleOutSpec(TrainingFixtures.NDR, new TopologySpec.RailOptimized(TrainingFixtures.QM9700, 8, 2,
                        List.of(1.0, 1.0)), ScaleOutSpec.Routing.ADAPTIVE), 0, null, null);
        FabricCollectiveTimer timer = new FabricCollectiveTimer(ClusterTopologies.build(rails),
                Placement.of(new ParallelismSpec(1, 1, 32, 1, 32, false)), RoutingMode.ADAPTIVE,
                FabricSpec.DEFAULT_FLOWS_PER_PEER, 1);
        DeduplicatedDispatch dedup = new DeduplicatedDispatch(8, 256);
        ExpertRoutingSpec balanced = new ExpertRoutingSpec(ExpertRoutingSpec.DROPLESS, 1,
                ExpertRoutingSpec.Dispatcher.DEEPEP);
        double latency = Calibration.DEFAULT.netStepPs() / 1e12;
        double nicBound = 24 * dedup.remoteWeight(32, 8) * 1e9 / 32 / (50e9 * Calibration.DEFAULT.nicEfficiency());
        double one = timer.expertAllToAllSeconds(1e9, balanced, dedup) - latency;
        double two = timer.expertAllToAllSeconds(1e9, balanced.withRoutingSkew(2), dedup) - latency;
        assertEquals(nicBound, one, nicBound * 1e-3);
        assertEquals((2 + 7 * 30.0 / 31) / 8, two / one, 1e-3);
    }

    private static double exposedExpertSeconds(TrainingSpec spec) {
        Object exposed = TrainingSimulator.run(spec).metrics().get("exposedCommunicationSeconds");
        return ((Map<?, ?>) exposed).get("ep") instanceof Number seconds ? seconds.doubleValue() : Double.NaN;
    }

    private static TrainingSpec withDispatcher(TrainingSpec s, ExpertRoutingSpec.Dispatcher dispatcher) {
        return new TrainingSpec(s.name(), s.model(), s.cluster(), s.accelerators(), s.sequence(),
                s.globalBatchSequences(), s.microBatch(), s.precision(),
                s.parallel().withExpertRouting(s.parallel().expertRouting().withDispatcher(dispatcher)), s.schedule(),
                s.virtualStages(), s.sharding(), s.recompute(), s.overlap(), s.software(), s.tensorOverlap(),
                s.trainTokens());
    }
}
