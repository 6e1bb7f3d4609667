package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/** KV-cache transfers share the decode nodes' NICs with the EP all-to-all of the decode pool. */
class ExpertTrafficTest {
    /** A small MoE: 8 layers, 64 experts of width 1408, top-8, GQA 8 KV heads. */
    private static final TransformerSpec SMALL_MOE = new TransformerSpec("t.SmallMoe", 8, 4096, 11008, 32, 8, 128,
            32000, true, 64, 8, 0, 1408, 0, 0, 0);

    @Test
    void shouldSlowKvTransfersWhenExpertTrafficCrossesTheDecodeNodes() {
        // decode replica of 16 GPUs on nodes 1-2: EP16 sends across the two nodes, EP8 stays in each node
        double acrossNodes = kvMean(run(16));
        double insideNodes = kvMean(run(8));
        assertTrue(acrossNodes > insideNodes * 1.01, acrossNodes + " s with cross-node EP against " + insideNodes);
    }

    @Test
    void shouldStartNoExpertFlowsWhenTheExpertGroupFitsTheDomain() {
        RunResult result = run(8);
        // only KV flows: 64 requests × 8 flows (8 TP8 prefill KV shards → one TP1 decode DP rank)
        assertEquals(64L * 8, result.flows());
    }

    private static RunResult run(int expertParallel) {
        InferenceSpec spec = new InferenceSpec("t.Moe", SMALL_MOE, ServingFixtures.dgxH100(3, 0), Precision.FP8,
                List.of(ServingFixtures.pool(Role.PREFILL, 1, ServingFixtures.tensor(8), 16384, 256, 0),
                        ServingFixtures.pool(Role.DECODE, 1, new ParallelismSpec(1, 1, 16, 1, expertParallel, false),
                                8192, 1024, 0)),
                ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 4096, 256, 64), List.of(), false);
        return InferenceRunner.run(spec);
    }

    private static double kvMean(RunResult result) {
        return ServingLatencyTest.summary(result, "kvTransferSeconds").get("mean");
    }
}
