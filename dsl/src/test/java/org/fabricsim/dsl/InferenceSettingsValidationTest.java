package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/**
 * An inference deployment's settings come in any order, pools among them; the model, the traffic and a pool
 * are required and every other setting is stated once: each rule fires once and stays quiet once.
 */
class InferenceSettingsValidationTest extends FabricModelTest {
    private static final String MODEL = "model M on C";
    private static final String POOL = "serving pool { replicas 1 parallel tensor 8 }";
    private static final String TRAFFIC = "traffic { arrival all-at-once prompt fixed 10 output fixed 10 }";

    /** A deployment of a small dense model on two DGX H100 whose braces hold {@code settings}, one a line. */
    private Model deployment(String... settings) throws Exception {
        return parser.parse("""
                import fabric.catalog.nvidia.*
                cluster C { nodes 2 x DGX_H100 scale-out InfiniBand_NDR single-switch { switch QM9700 } }
                model M transformer { layers 2 hidden 64 heads 8 vocab 100 }
                inference Serve {
                    %s
                }
                """.formatted(String.join("\n    ", settings)));
    }

    @Test
    void shouldRefuseAPoolOfNoReplicasAndAcceptOne() throws Exception {
        // 'replicas 0' (or '00') validated, and the mapper's requirePositive failed the run as an internal error
        validation.assertError(deployment(MODEL, "serving pool { replicas 00 parallel tensor 8 }", TRAFFIC),
                Literals.POOL, IssueCodes.NOT_POSITIVE, "A pool serves with at least one replica");
        validation.assertNoIssue(deployment(MODEL, POOL, TRAFFIC), Literals.POOL, IssueCodes.NOT_POSITIVE);
    }

    @Test
    void shouldMapSettingsWrittenInAnyOrderWithPoolsAnywhereAsTheCanonicalOrder() throws Exception {
        Model model = deployment(TRAFFIC, "prefill pool { replicas 2 parallel tensor 4 }", "slo ttft p99 2 s",
                "kv-cache bf16", MODEL, "decode pool { replicas 1 parallel tensor 8 }", "precision fp8");
        validation.assertNoErrors(model);
        InferenceSpec spec = mapper.toInference((Inference) model.getElements().get(2));
        // the pools in the order written, each with its own replicas; the settings between them all kept
        assertEquals(List.of(InferenceSpec.Role.PREFILL, InferenceSpec.Role.DECODE),
                spec.pools().stream().map(InferenceSpec.Pool::role).toList());
        assertEquals(List.of(2, 1), spec.pools().stream().map(InferenceSpec.Pool::replicas).toList());
        assertEquals(1, spec.slos().size());
        assertEquals("M", spec.model().name());
        assertEquals(Precision.FP8, spec.precision());
        assertEquals(Precision.BF16, spec.kvCachePrecision());
    }

    @Test
    void shouldRejectADeploymentWithoutItsModel() throws Exception {
        validation.assertError(deployment(POOL, TRAFFIC), Literals.INFERENCE, IssueCodes.INFERENCE_MODEL_MISSING,
                "Inference Serve serves no model: write 'model M on C'");
    }

    @Test
    void shouldAcceptADeploymentWithItsModelLast() throws Exception {
        validation.assertNoIssue(deployment(POOL, TRAFFIC, MODEL), Literals.INFERENCE,
                IssueCodes.INFERENCE_MODEL_MISSING);
    }

    @Test
    void shouldRejectADeploymentWithoutTraffic() throws Exception {
        validation.assertError(deployment(MODEL, POOL), Literals.INFERENCE, IssueCodes.INFERENCE_TRAFFIC_MISSING,
                "Inference Serve has no traffic");
    }

    @Test
    void shouldAcceptADeploymentWithTrafficFirst() throws Exception {
        validation.assertNoIssue(deployment(TRAFFIC, MODEL, POOL), Literals.INFERENCE,
                IssueCodes.INFERENCE_TRAFFIC_MISSING);
    }

    @Test
    void shouldRejectADeploymentWithoutAPool() throws Exception {
        validation.assertError(deployment(MODEL, TRAFFIC), Literals.INFERENCE, IssueCodes.INFERENCE_POOL_MISSING,
                "Inference Serve has no pool of replicas");
    }

    @Test
    void shouldAcceptADeploymentWithOnePool() throws Exception {
        validation.assertNoIssue(deployment(MODEL, TRAFFIC, POOL), Literals.INFERENCE,
                IssueCodes.INFERENCE_POOL_MISSING);
    }

    @Test
    void shouldRejectEachRepetitionOfASetting() throws Exception {
        Model model = deployment(MODEL, "precision fp8", POOL, TRAFFIC, "precision bf16", "precision fp8");
        validation.assertError(model, Literals.INFERENCE, IssueCodes.INFERENCE_SETTING_REPEATED,
                "'precision' is stated 3 times in inference Serve: keep one.");
        // the second and the third keyword are marked, the first is not
        assertEquals(2, validation.validate(model).stream()
                .filter(issue -> IssueCodes.INFERENCE_SETTING_REPEATED.equals(issue.getCode())).count());
    }

    @Test
    void shouldRejectAKvTransferSplitOverTwoSettings() throws Exception {
        validation.assertError(deployment(MODEL, POOL, TRAFFIC, "kv-transfer bulk", "kv-transfer over scale-out"),
                Literals.INFERENCE, IssueCodes.INFERENCE_SETTING_REPEATED, "'kv-transfer' is stated 2 times");
    }

    @Test
    void shouldAskForAllObjectivesOnOneSloLine() throws Exception {
        validation.assertError(deployment(MODEL, POOL, TRAFFIC, "slo ttft p99 2 s", "slo itl p99 50 ms"),
                Literals.INFERENCE, IssueCodes.INFERENCE_SETTING_REPEATED,
                "write its objectives on one 'slo' line, separated by commas");
    }

    @Test
    void shouldAcceptSeveralPoolsAndSeveralObjectivesOnOneLine() throws Exception {
        validation.assertNoIssue(deployment(MODEL, "prefill pool { replicas 1 parallel tensor 8 }", TRAFFIC,
                "decode pool { replicas 1 parallel tensor 8 }", "slo ttft p99 2 s, itl p99 50 ms",
                "kv-transfer bulk over scale-out"), Literals.INFERENCE, IssueCodes.INFERENCE_SETTING_REPEATED);
    }
}
