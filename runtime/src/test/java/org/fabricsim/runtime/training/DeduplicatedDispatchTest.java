package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Map;

import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
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
