package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * A training's shape against its model and nodes: attention and KV heads over TP, TP within the scale-up domain,
 * layers over the pipeline stages, the batch over DP × micro-batch. Each rule fires on a job and stays quiet on
 * the job one number away.
 */
class TrainingShapeChecksTest extends FabricModelTest {

    /** A job on 4 Gaudi 3 nodes (32 accelerators) of a model of {@code layers} and {@code heads}, then {@code job}. */
    private Model job(String layers, String heads, String job) throws Exception {
        return parser.parse("""
                import fabric.catalog.intel.*
                import fabric.catalog.standards.*
                cluster Gaudi { nodes 4 x Gaudi3_HLS scale-out RoCEv2_200 single-switch }
                model Small transformer { layers %s hidden 1024 %s vocab 32000 }
                training Train {
                    model Small on Gaudi
                    sequence 2048
                    %s
                }
                """.formatted(layers, heads, job));
    }

    private Set<String> codes(Model model) {
        return validation.validate(model).stream().map(Issue::getCode).collect(Collectors.toSet());
    }

    @Test
    void shouldRejectAttentionHeadsThatDoNotSplitOverTensorParallelism() throws Exception {
        // 12 heads over TP 8: 12 mod 8 = 4, no whole share; over TP 4 each rank holds 3.
        String tp8 = "batch 64 sequences parallel tensor 8 pipeline 2 data 2";
        validation.assertError(job("8", "heads 12", tp8), Literals.PARALLELISM, IssueCodes.HEADS_NOT_DIVISIBLE,
                "12 attention heads do not split over TP 8");
        assertFalse(codes(job("8", "heads 12", "batch 64 sequences parallel tensor 4 pipeline 2 data 4"))
                .contains(IssueCodes.HEADS_NOT_DIVISIBLE));
    }

    @Test
    void shouldRejectKvHeadsThatNeitherSplitNorReplicateOverTensorParallelism() throws Exception {
        // 16 heads split over TP 4; 6 KV heads neither split (6 mod 4 = 2) nor replicate (4 mod 6 = 4). 2 KV heads
        // replicate (4 mod 2 = 0): each pair of ranks shares one.
        String tp4 = "batch 64 sequences parallel tensor 4 pipeline 2 data 4";
        validation.assertError(job("8", "heads 16 kv-heads 6", tp4), Literals.PARALLELISM,
                IssueCodes.HEADS_NOT_DIVISIBLE, "6 KV heads neither split over nor replicate evenly across TP 4");
        assertFalse(codes(job("8", "heads 16 kv-heads 2", tp4)).contains(IssueCodes.HEADS_NOT_DIVISIBLE));
    }

    @Test
    void shouldWarnWhenTensorParallelismCrossesTheScaleUpDomain() throws Exception {
        // A Gaudi 3 HLS links its 8 accelerators in one full mesh: TP 16 spans two domains, TP 8 fills one.
        validation.assertWarning(job("8", "heads 16", "batch 64 sequences parallel tensor 16 data 2"),
                Literals.PARALLELISM, IssueCodes.TP_CROSSES_SCALE_UP, "TP 16 crosses the scale-up domain");
        assertFalse(codes(job("8", "heads 16", "batch 64 sequences parallel tensor 8 data 4"))
                .contains(IssueCodes.TP_CROSSES_SCALE_UP));
    }

    @Test
    void shouldAdviseTheNearestTensorDegreeThatFitsBothTheDomainAndTheHeads() throws Exception {
        // Domain of 8. TP 7 on 16 heads: the divisors of 8 that split 16 heads are 1, 2, 4, 8; |8 - 7| = 1 is nearest
        // (the largest divisor at most 7, 4, was advised before). On 12 heads 8 does not split them (12 mod 8 = 4):
        // 4 is nearest, |4 - 7| = 3 against |2 - 7| = 5.
        validation.assertWarning(job("8", "heads 16", "batch 64 sequences parallel tensor 7 data 4"),
                Literals.PARALLELISM, IssueCodes.TP_CROSSES_SCALE_UP, "Set tensor to 8 (the nearest degree that"
                        + " divides 8 and splits the model's 16 heads) and take the accelerators it adds");
        validation.assertWarning(job("8", "heads 12", "batch 64 sequences parallel tensor 7 data 4"),
                Literals.PARALLELISM, IssueCodes.TP_CROSSES_SCALE_UP, "Set tensor to 4 (the nearest degree that"
                        + " divides 8 and splits the model's 12 heads) and move the rest");
    }

    @Test
    void shouldRejectMorePipelineStagesThanLayers() throws Exception {
        // 8 layers cannot fill PP 16 (16 > 8); PP 8 gives each stage one layer. TP 2 × PP × DP covers 32.
        validation.assertError(job("8", "heads 16", "batch 64 sequences parallel tensor 2 pipeline 16 data 1"),
                Literals.PARALLELISM, IssueCodes.TOO_FEW_LAYERS, "8 layers cannot fill 16 pipeline stages");
        assertFalse(codes(job("8", "heads 16", "batch 64 sequences parallel tensor 2 pipeline 8 data 2"))
                .contains(IssueCodes.TOO_FEW_LAYERS));
    }

    @Test
    void shouldRejectMorePipelineChunksThanAnIntHoldsAsTooFewLayersWithoutAValidatorCrash() throws Exception {
        // PP 2,147,483,647 × 2 virtual stages = 4,294,967,294 chunks for 8 layers: wrapped in an int the product read
        // -2, and the memory check then laid out a plan of -2 chunks ("Error executing EValidator"). PP 2 × 2 = 4
        // chunks of 2 layers fill 8; TP 2 × PP 2 × DP 8 covers the 32 accelerators.
        String interleaved = " schedule interleaved-1f1b virtual-stages 2";
        List<Issue> issues = validation.validate(job("8", "heads 16",
                "batch 64 sequences parallel tensor 2 pipeline 2147483647 data 1" + interleaved));
        assertTrue(issues.stream().anyMatch(issue -> IssueCodes.TOO_FEW_LAYERS.equals(issue.getCode())),
                issues::toString);
        assertTrue(issues.stream().noneMatch(issue -> issue.getMessage().contains("Error executing")), issues::toString);
        assertFalse(codes(job("8", "heads 16", "batch 64 sequences parallel tensor 2 pipeline 2 data 8" + interleaved))
                .contains(IssueCodes.TOO_FEW_LAYERS));
    }

    @Test
    void shouldWarnWhenLayersDoNotDivideIntoThePipelineStages() throws Exception {
        // 9 layers over PP 2: stages of 4 and 5 (9 mod 2 = 1); 10 layers give 5 and 5.
        String pp2 = "batch 64 sequences parallel tensor 8 pipeline 2 data 2";
        validation.assertWarning(job("9", "heads 16", pp2), Literals.PARALLELISM, IssueCodes.UNEVEN_STAGES,
                "9 layers do not divide into 2 pipeline chunks");
        assertFalse(codes(job("10", "heads 16", pp2)).contains(IssueCodes.UNEVEN_STAGES));
    }

    @Test
    void shouldRejectABatchThatDoesNotSplitIntoDataParallelMicroBatches() throws Exception {
        // DP 2 × micro-batch 3 = 6 does not divide 64 sequences (64 mod 6 = 4); DP 2 × 4 = 8 does (8 steps).
        String dp2 = "parallel tensor 8 pipeline 2 data 2";
        validation.assertError(job("8", "heads 16", "batch 64 sequences " + dp2 + " micro-batch 3"), Literals.TRAINING,
                IssueCodes.BATCH_NOT_DIVISIBLE, "does not split into DP 2 × micro-batch 3 = 6");
        assertFalse(codes(job("8", "heads 16", "batch 64 sequences " + dp2 + " micro-batch 4"))
                .contains(IssueCodes.BATCH_NOT_DIVISIBLE));
    }

    @Test
    void shouldRejectATokenBatchOfPartSequences() throws Exception {
        // 100,000 tokens are 48.8 sequences of 2,048; 131,072 tokens are 64 of them.
        String dp2 = "parallel tensor 8 pipeline 2 data 2";
        validation.assertError(job("8", "heads 16", "batch 100000 tokens " + dp2), Literals.TRAINING,
                IssueCodes.BATCH_NOT_DIVISIBLE, "100000 tokens are not whole sequences of 2048");
        Set<String> whole = codes(job("8", "heads 16", "batch 131072 tokens " + dp2));
        assertFalse(whole.contains(IssueCodes.BATCH_NOT_DIVISIBLE), whole::toString);
        assertTrue(codes(job("8", "heads 16", "batch 64 sequences " + dp2)).stream()
                .noneMatch(code -> code.startsWith("fabric.workload.")), "the near-miss jobs raise no workload issue");
    }
}
