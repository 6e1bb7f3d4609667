package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.eclipse.xtext.diagnostics.Severity;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.training.TrainingSimulator;
import org.junit.jupiter.api.Test;

/**
 * A training's {@code dp-algorithm} (NCCL_ALGO for its data-parallel collectives): the editor refuses an algorithm
 * they cannot run ({@code fabric.workload.dp-algorithm-unavailable}), it reaches the spec, and it moves the step. TP 8
 * and DP 4 on 4 DGX H100s, ZeRO-1: 8 DP groups of one GPU per node; on QM9700 (Quantum-2, SHARPv3) the 32 NICs sit
 * under one leaf, so every group's tree is that leaf and every group is granted.
 */
class DataParallelAlgorithmValidationTest extends FabricModelTest {
    private Model model(String cluster, String statements) throws Exception {
        return parser.parse(CollNetTrainingValidationTest.MODEL.formatted(cluster, statements));
    }

    private Map<String, Object> metrics(String statements) throws Exception {
        return TrainingSimulator.run(mappedTraining(model("OnInfiniBand", statements))).metrics();
    }

    @Test
    void shouldRefuseCollNetWhereTheSwitchesDoNotReduce() throws Exception {
        // SN5600 (Spectrum-4 Ethernet) has no in-network-reduction: NCCL_ALGO=CollNetDirect leaves NCCL nothing to run.
        validation.assertIssue(model("OnRoCE", "dp-algorithm collnet-direct"), Literals.TRAINING,
                IssueCodes.DP_ALGORITHM_UNAVAILABLE, Severity.ERROR, "has no 'in-network-reduction'");
        validation.assertNoIssue(model("OnInfiniBand", "dp-algorithm collnet-direct"), Literals.TRAINING,
                IssueCodes.DP_ALGORITHM_UNAVAILABLE);
        validation.assertNoIssue(model("OnRoCE", "dp-algorithm ring"), Literals.TRAINING,
                IssueCodes.DP_ALGORITHM_UNAVAILABLE);
    }

    @Test
    void shouldRefuseAnAlgorithmTheStepDoesNotRunItsDataParallelCollectivesOn() throws Exception {
        // NCCL runs ZeRO-1's reduce-scatter and all-gather on ring, PAT, NVLS and CollNet-direct only, never a tree.
        validation.assertIssue(model("OnInfiniBand", "dp-algorithm double-binary-tree"), Literals.TRAINING,
                IssueCodes.DP_ALGORITHM_UNAVAILABLE, Severity.ERROR, "runs them and the all-reduce on 'ring' or");
        validation.assertNoIssue(model("OnInfiniBand", "dp-algorithm auto"), Literals.TRAINING,
                IssueCodes.DP_ALGORITHM_UNAVAILABLE);
    }

    @Test
    void shouldCarryTheAlgorithmToTheTrainingSpec() throws Exception {
        assertEquals(Algorithm.COLLNET_DIRECT,
                mappedTraining(model("OnInfiniBand", "dp-algorithm collnet-direct")).dataParallelAlgorithm());
        assertEquals(Algorithm.AUTO, mappedTraining(model("OnInfiniBand", "collnet")).dataParallelAlgorithm());
    }

    @Test
    void shouldMoveTheStepWhereCollNetIsForcedAndTheTunerKeptTheRing() throws Exception {
        // One GPU per node: CollNet's reduce-scatter and all-gather send S through each NIC one way where the ring
        // sends 3S/4, and no ring contends under the one leaf, so the tuner keeps the rings; forcing CollNet runs them
        // on CollNet, and the exposed data-parallel time grows.
        Map<String, Object> tuner = metrics("collnet");
        Map<String, Object> forced = metrics("dp-algorithm collnet-direct");
        assertEquals(false, tuner.get("collnetChosen"));
        assertEquals(true, forced.get("collnetChosen"));
        assertEquals(8, ((Number) forced.get("collnetGroupsGranted")).intValue());
        double dpTuner = dp(tuner);
        double dpForced = dp(forced);
        System.out.println("exposed DP: tuner " + dpTuner + " s, forced CollNet " + dpForced + " s; step "
                + tuner.get("stepTimeSeconds") + " s, " + forced.get("stepTimeSeconds") + " s");
        assertTrue(dpForced > dpTuner, dpForced + " s against " + dpTuner + " s");
    }

    @Test
    void shouldEqualTheTunersStepWhereTheRingIsForcedAndTheTunerPicksIt() throws Exception {
        Map<String, Object> tuner = metrics("collnet");
        Map<String, Object> ring = metrics("collnet dp-algorithm ring");
        assertEquals(tuner.get("stepTimeSeconds"), ring.get("stepTimeSeconds"));
        assertEquals(dp(tuner), dp(ring));
        assertEquals(String.valueOf(tuner.get("linkUtilization")), String.valueOf(ring.get("linkUtilization")));
    }

    private static double dp(Map<String, Object> metrics) {
        return ((Number) ((Map<?, ?>) metrics.get("exposedCommunicationSeconds")).get("dp")).doubleValue();
    }
}
