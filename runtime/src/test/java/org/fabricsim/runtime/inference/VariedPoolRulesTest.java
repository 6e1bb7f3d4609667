package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.study.StudyRunner;
import org.junit.jupiter.api.Test;

/**
 * A study's varied serving pool passes the rules a written deployment must pass: Llama 3 8B (32 heads, 8 KV heads)
 * on one DGX H100 (8 GPUs), a TP1 prefill and a TP1 decode replica, 512 + 64-token requests. The engine is a stub
 * that echoes the decode pool's TP, so what is asserted is which runs reach it.
 */
class VariedPoolRulesTest {
    private static final InferenceSpec DEPLOYMENT = new InferenceSpec("t.Serve", ServingFixtures.LLAMA3_8B,
            ServingFixtures.dgxH100(1, 2), Precision.BF16,
            List.of(ServingFixtures.pool(Role.PREFILL, 1, ServingFixtures.tensor(1), 8192, 0, 0),
                    ServingFixtures.pool(Role.DECODE, 1, ServingFixtures.tensor(1), 0, 64, 0)),
            ServingFixtures.fixed(new InferenceSpec.Poisson(2), 512, 64, 300), List.of(), false);

    @Test
    void shouldFailAVariedPoolTensorDegreeThatDoesNotSplitTheHeadsAndRunItsNeighbours() {
        // 32 heads: 32 % 2 = 0 and 32 % 4 = 0 split (8 KV heads too), 32 % 3 = 2 does not. The pools then use
        // 1 + 3 = 4 of 8 GPUs, so only the heads rule is broken.
        StudyRunner.Engine echo = (workload, profile, seed) -> new RunResult(workload.name(), "inference", Map.of(),
                Map.of("decodeTensor", ((InferenceSpec) workload).pools().get(1).parallel().tensor()), 0);
        StudySpec study = new StudySpec("t", "t.fabric", "t.Study", List.of(DEPLOYMENT),
                List.of(new VariationSpec(Parameter.TENSOR, Role.DECODE, List.of(2L, 3L, 4L))), List.of(), List.of(), 1);
        List<RunResult> runs = new StudyRunner(echo, 1, StudyRunner.Progress.NONE).run(study).runs();
        assertEquals(2, runs.get(0).metrics().get("decodeTensor"));
        assertEquals("infeasible: inference t.Serve breaks the heads rule: the decode pool's tensor 3 does not divide"
                + " the model's 32 attention heads: vary tensor over divisors of 32.", runs.get(1).error());
        assertEquals(4, runs.get(2).metrics().get("decodeTensor"));
    }
}
