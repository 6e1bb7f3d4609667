package org.fabricsim.dsl;

import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * Training's expert degree against the TP × CP × DP ranks its EP groups fold over (Megatron-Core's MoE
 * parallel folding, expert-tensor-parallel size 1): EP may exceed DP, and must divide TP × CP × DP.
 */
class ExpertFoldingValidationTest extends ExpertPlanTest {

    /** A training of an 8-expert model on 16 accelerators with {@code plan}. */
    private Model training(String plan) throws Exception {
        return parallel("moe", plan);
    }

    @Test
    void shouldRejectAnExpertDegreeThatDoesNotDivideTensorContextAndDataRanks() throws Exception {
        // TP 2 × PP 4 × DP 2 = 16 accelerators; EP 8 does not divide TP·CP·DP = 4
        validation.assertError(training("tensor 2 pipeline 4 data 2 expert 8"), Literals.PARALLELISM,
                IssueCodes.EXPERTS_NOT_DIVISIBLE, "EP 8 must divide TP 2 × CP 1 × DP 2 = 4",
                "choose an expert degree that divides 4");
    }

    @Test
    void shouldAcceptAnExpertDegreeAboveDataParallelismThatDividesTensorTimesData() throws Exception {
        // TP 4 × PP 2 × DP 2 = 16 accelerators; EP 8 > DP 2 divides TP·CP·DP = 8 (Megatron-Core's folding)
        validation.assertNoIssue(training("tensor 4 pipeline 2 data 2 expert 8"), Literals.PARALLELISM,
                IssueCodes.EXPERTS_NOT_DIVISIBLE);
    }
}
