package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.result.ConsoleTable;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

class InferenceDispatchTest {
    @Test
    void shouldRunInferenceSpecsAsKindInferenceAndRenderTheirLatencies() {
        InferenceSpec spec = new InferenceSpec("t.Serve", ServingFixtures.LLAMA3_8B, ServingFixtures.dgxH100(1, 2.5),
                Precision.FP8, List.of(ServingFixtures.pool(InferenceSpec.Role.SERVING, 2, ServingFixtures.tensor(1),
                        8192, 256, 0)),
                ServingFixtures.fixed(new InferenceSpec.Poisson(10), 256, 64, 100),
                List.of(new InferenceSpec.Slo(InferenceSpec.SloMetric.TTFT, 99, 2.0)), false);
        RunResult result = new Simulator().run(spec, 3);
        assertEquals("inference", result.kind());
        assertEquals(100, ((Number) result.metrics().get("completedRequests")).intValue());
        String text = ConsoleTable.render(result);
        assertTrue(text.contains("time to first token") && text.contains("$/M output tokens")
                && text.contains("ttft p99 <= 2.00 s"), text);
    }

    @Test
    void shouldRejectAPlanWhoseWeightsDoNotFit() {
        // 70B FP8 on one 80 GB H100: ~70 GB of weights leaves room, BF16 (~141 GB) does not
        InferenceSpec spec = new InferenceSpec("t.TooBig", ServingFixtures.LLAMA3_70B, ServingFixtures.dgxH100(1, 0),
                Precision.BF16, List.of(ServingFixtures.pool(InferenceSpec.Role.SERVING, 1, ServingFixtures.tensor(1),
                        8192, 256, 0)),
                ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 128, 16, 10), List.of(), false);
        IllegalArgumentException error = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> InferenceRunner.run(spec));
        assertTrue(error.getMessage().contains("does not fit") && error.getMessage().contains("tensor"),
                error.getMessage());
    }
}
