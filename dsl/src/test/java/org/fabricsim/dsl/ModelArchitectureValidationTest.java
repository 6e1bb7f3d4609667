package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.eclipse.xtext.diagnostics.Severity;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/**
 * A model's MLA query compression and multi-token prediction: mapped as written, refused at 0, and a query rank
 * warned where its two projections are no smaller than the full one. The model: h = 256, 4 heads of 64 with RoPE 32,
 * so a·(d + ρ) = 384 query columns; the full projection holds 256 · 384 = 98,304 weights, a rank-r compression
 * r · (256 + 384) = 640·r, no smaller from r = 98,304 ÷ 640 = 153.6 on: 153 saves, 154 does not.
 */
class ModelArchitectureValidationTest extends FabricModelTest {

    private Model model(String lines) throws Exception {
        return parser.parse("""
                cluster C { nodes 2 x 8 accelerators link 50 GB/s latency 1 us }
                model M moe { layers 2 hidden 256 heads 4 head-dim 64 vocab 1000 experts 8 top-k 2 expert-ffn 256
                    %s }
                training T { model M on C sequence 1024 batch 32 sequences parallel data 16 }
                """.formatted(lines));
    }

    @Test
    void shouldMapTheQueryRankAndPredictionDepthAndDefaultToNeither() throws Exception {
        TransformerSpec written = mappedTraining(model("mla kv-rank 64 q-rank 96 rope-dim 32 mtp-depth 1")).model();
        assertEquals(96, written.qLoraRank());
        assertEquals(1, written.mtpDepth());
        TransformerSpec plain = mappedTraining(model("mla kv-rank 64 rope-dim 32")).model();
        assertEquals(0, plain.qLoraRank());
        assertEquals(0, plain.mtpDepth());
    }

    @Test
    void shouldAcceptAQueryRankBelowTheBreakEven() throws Exception {
        Model model = model("mla kv-rank 64 q-rank 153 rope-dim 32");
        validation.assertNoIssue(model, Literals.LANGUAGE_MODEL, IssueCodes.QUERY_RANK_WIDE);
        validation.assertNoIssue(model, Literals.LANGUAGE_MODEL, IssueCodes.NOT_POSITIVE);
    }

    @Test
    void shouldWarnOfAQueryRankAtOrAboveTheBreakEven() throws Exception {
        validation.assertWarning(model("mla kv-rank 64 q-rank 154 rope-dim 32"), Literals.LANGUAGE_MODEL,
                IssueCodes.QUERY_RANK_WIDE, "98560 weights, no fewer than the 98304");
    }

    @Test
    void shouldRefuseAQueryRankOfZero() throws Exception {
        validation.assertError(model("mla kv-rank 64 q-rank 0 rope-dim 32"), Literals.LANGUAGE_MODEL,
                IssueCodes.NOT_POSITIVE, "'q-rank'");
    }

    @Test
    void shouldAcceptOnePredictionModuleAndRefuseZero() throws Exception {
        validation.assertNoIssue(model("mtp-depth 1"), Literals.LANGUAGE_MODEL, IssueCodes.NOT_POSITIVE);
        validation.assertError(model("mtp-depth 0"), Literals.LANGUAGE_MODEL, IssueCodes.NOT_POSITIVE, "'mtp-depth'");
    }

    @Test
    void shouldSayThatServingIgnoresThePredictionDepth() throws Exception {
        String inference = """
                cluster C { nodes 1 x 8 accelerators link 50 GB/s latency 1 us }
                model M transformer { layers 2 hidden 256 heads 4 vocab 1000 %s }
                inference S {
                    model M on C
                    serving pool { replicas 1 parallel tensor 8 }
                    traffic { arrival poisson 1 /s prompt fixed 10 output fixed 10 }
                }
                """;
        validation.assertIssue(parser.parse(inference.formatted("mtp-depth 1")), Literals.INFERENCE,
                IssueCodes.SERVING_FEATURE_IGNORED, Severity.INFO, "'mtp-depth' trains M's");
        validation.assertNoIssue(parser.parse(inference.formatted("")), Literals.INFERENCE,
                IssueCodes.SERVING_FEATURE_IGNORED);
    }

    /**
     * With a pool that speculates, "serving runs them only as a pool's drafts ('speculative ...')" read as if the
     * drafts were missing (session 70): the info says where the drafts' cost comes from instead.
     */
    @Test
    void shouldSayWhereTheDraftsCostComesFromWhenAPoolSpeculates() throws Exception {
        String inference = """
                cluster C { nodes 1 x 8 accelerators link 50 GB/s latency 1 us }
                model M transformer { layers 2 hidden 256 heads 4 vocab 1000 mtp-depth 1 }
                inference S {
                    model M on C
                    serving pool { replicas 1 parallel tensor 8 speculative draft-tokens 1 acceptance 0.8 }
                    traffic { arrival poisson 1 /s prompt fixed 10 output fixed 10 }
                }
                """;
        validation.assertIssue(parser.parse(inference), Literals.INFERENCE, IssueCodes.SERVING_FEATURE_IGNORED,
                Severity.INFO, "'mtp-depth' trains M's multi-token prediction modules beside it; this deployment's"
                        + " drafts cost what its pool's 'speculative' states");
    }
}
