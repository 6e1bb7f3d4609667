package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.junit.jupiter.api.Test;

/**
 * The training checks that keep the simulation from silently running something other than what is
 * written: interleaving that falls back to 1F1B, a DualPipe schedule it would refuse, a step of more
 * pipeline tasks than the run can index, placement orders, precisions without a GEMM rate, zero counts,
 * expert parallelism on a dense model, ring attention's 2 × CP split, and the message of a block that
 * lacks a required part. Each rule fires once and stays quiet once.
 */
class TrainingChecksTest extends FabricModelTest {
    private static final String JOB = """
            import fabric.catalog.nvidia.*

            cluster TwoDgx {
                nodes 2 x DGX_H100
                scale-out InfiniBand_NDR single-switch { switch QM9700 }
            }

            node A100Box {
                accelerators 8 x A100_SXM
                scale-up NVLink3 switched domain 8
                nics 8 x ConnectX7 rail-aligned
            }

            cluster TwoA100 {
                nodes 2 x A100Box
                scale-out InfiniBand_NDR single-switch { switch QM9700 }
            }

            model Small transformer {
                layers LAYERS
                hidden 1024
                heads 16
                vocab 32000
            }

            training Train {
                BODY
            }
            """;

    /** The job with {@code layers} layers and a training block of {@code lines}. */
    private Model job(int layers, String... lines) throws Exception {
        return parser.parse(JOB.replace("LAYERS", String.valueOf(layers)).replace("BODY",
                String.join("\n    ", lines)));
    }

    private List<Issue> issues(int layers, String... lines) throws Exception {
        return validation.validate(job(layers, lines));
    }

    private Set<String> codes(int layers, String... lines) throws Exception {
        return issues(layers, lines).stream().map(Issue::getCode).collect(Collectors.toSet());
    }

    private String message(String code, int layers, String... lines) throws Exception {
        return issues(layers, lines).stream().filter(issue -> code.equals(issue.getCode())).map(Issue::getMessage)
                .findFirst().orElse("no " + code);
    }

    private static final String ON_DGX = "model Small on TwoDgx";
    private static final String SEQUENCE = "sequence 4096";
    private static final String BATCH = "batch 64 sequences";

    @Test
    void shouldWarnWhenAnInterleavedScheduleHasNoBalancedInterleaving() throws Exception {
        // 4 layers on PP 4: one layer per stage leaves no v > 1, and 4 + 2 is no multiple of 4 · v.
        assertTrue(codes(4, ON_DGX, SEQUENCE, BATCH, "parallel tensor 4 pipeline 4", "schedule interleaved-1f1b")
                .contains(IssueCodes.INTERLEAVING_UNBALANCED));
        // 32 layers on PP 4: v = 8 chunks of one layer each.
        assertFalse(codes(32, ON_DGX, SEQUENCE, BATCH, "parallel tensor 4 pipeline 4", "schedule interleaved-1f1b")
                .contains(IssueCodes.INTERLEAVING_UNBALANCED));
    }

    @Test
    void shouldSayWhichVirtualStagesRunWhenOneIsWrittenOnAnInterleavedSchedule() throws Exception {
        // 32 layers on PP 4: 'virtual-stages 1' is read as no statement, so v = 8 chunks of one layer each run.
        String message = message(IssueCodes.VIRTUAL_STAGES_AUTOMATIC, 32, ON_DGX, SEQUENCE, BATCH,
                "parallel tensor 4 pipeline 4", "schedule interleaved-1f1b virtual-stages 1");
        assertTrue(message.contains("interleaves the deepest balanced 8 model chunks per stage")
                && message.contains("write 'schedule 1f1b'"), message);
        assertFalse(codes(32, ON_DGX, SEQUENCE, BATCH, "parallel tensor 4 pipeline 4",
                "schedule interleaved-1f1b virtual-stages 2").contains(IssueCodes.VIRTUAL_STAGES_AUTOMATIC));
        assertFalse(codes(32, ON_DGX, SEQUENCE, BATCH, "parallel tensor 4 pipeline 4", "schedule interleaved-1f1b")
                .contains(IssueCodes.VIRTUAL_STAGES_AUTOMATIC));
    }

    @Test
    void shouldSayWhichVirtualStagesRunWhenAStudyVariesOneOnAnInterleavedSchedule() throws Exception {
        // The same job in a study: the value 1 runs v = 8, the value 2 runs 2; under 1F1B as written, nothing.
        String body = String.join("\n    ", ON_DGX, SEQUENCE, BATCH, "parallel tensor 4 pipeline 4",
                "schedule interleaved-1f1b");
        String study = "\nstudy S {\n    simulate Train\n    vary virtual-stages in [1, 2]\n}\n";
        List<Issue> issues = validation.validate(parser.parse(JOB.replace("LAYERS", "32").replace("BODY", body)
                + study)).stream().filter(i -> IssueCodes.VIRTUAL_STAGES_AUTOMATIC.equals(i.getCode())).toList();
        assertEquals(1, issues.size(), issues.toString());
        assertTrue(issues.get(0).getMessage().contains("deepest balanced 8 model chunks per stage")
                && issues.get(0).getMessage().contains("vary schedule in [1f1b, interleaved-1f1b]"),
                issues.get(0).getMessage());
        String plain = body.replace("schedule interleaved-1f1b", "schedule 1f1b");
        assertFalse(validation.validate(parser.parse(JOB.replace("LAYERS", "32").replace("BODY", plain) + study))
                .stream().anyMatch(i -> IssueCodes.VIRTUAL_STAGES_AUTOMATIC.equals(i.getCode())));
    }

    @Test
    void shouldWarnWhenTheMicroBatchesPerReplicaAreNoMultipleOfThePipelineDegree() throws Exception {
        // A batch of 6 on DP 1: 6 micro-batches, no multiple of PP 4, so the stated v = 2 drops to 1;
        // the next batch that interleaves is 8.
        String message = message(IssueCodes.INTERLEAVING_MICRO_BATCHES, 32, ON_DGX, SEQUENCE, "batch 6 sequences",
                "parallel tensor 4 pipeline 4", "schedule interleaved-1f1b virtual-stages 2");
        assertTrue(message.contains("1 virtual stage instead of 2, as written") && message.contains("batch of 8"),
                message);
        assertFalse(codes(32, ON_DGX, SEQUENCE, "batch 8 sequences", "parallel tensor 4 pipeline 4",
                "schedule interleaved-1f1b virtual-stages 2").contains(IssueCodes.INTERLEAVING_MICRO_BATCHES));
    }

    @Test
    void shouldRefuseADualPipeScheduleTheSimulationCannotRun() throws Exception {
        // PP 4 on DP 1 with a batch of 6: 6 micro-batches per replica, fewer than 2 × PP = 8; a batch of 8 gives 8.
        String few = message(IssueCodes.DUALPIPE_SHAPE, 32, ON_DGX, SEQUENCE, "batch 6 sequences",
                "parallel tensor 4 pipeline 4", "schedule dualpipe");
        assertTrue(few.contains("(2 × PP = 8)") && few.contains("has 6")
                && few.contains("a batch of 8 sequences gives 8 micro-batches per replica"), few);
        // No pipeline (PP 1) is an odd number of stages: the nearest even degree is 2.
        String odd = message(IssueCodes.DUALPIPE_SHAPE, 32, ON_DGX, SEQUENCE, BATCH, "parallel tensor 8 data 2",
                "schedule dualpipe");
        assertTrue(odd.contains("even number of pipeline stages (has 1)") && odd.contains("use pipeline 2"), odd);
        assertFalse(codes(32, ON_DGX, SEQUENCE, "batch 8 sequences", "parallel tensor 4 pipeline 4",
                "schedule dualpipe").contains(IssueCodes.DUALPIPE_SHAPE));
    }

    @Test
    void shouldRefuseAStepOfMorePipelineTasksThanTheRunCanIndex() throws Exception {
        // 1F1B on PP 4 (TP 4, DP 1, micro-batch 1, v = 1, k = 2): a batch of 300,000,000 sequences is as many
        // micro-batches, 4 × 2 × 3 × 10⁸ = 2,400,000,000 tasks, above 2³¹ − 1 = 2,147,483,647; at most
        // ⌊2,147,483,647 ÷ 8⌋ = 268,435,455 micro-batches fit (2,147,483,640 tasks), and that batch is not refused.
        String parallel = "parallel tensor 4 pipeline 4";
        Issue over = issues(32, ON_DGX, SEQUENCE, "batch 300000000 sequences", parallel, "schedule 1f1b").stream()
                .filter(issue -> IssueCodes.PIPELINE_TASKS.equals(issue.getCode())).findFirst().orElseThrow();
        assertEquals(Severity.ERROR, over.getSeverity());
        assertEquals(List.of("268435455"), List.of(over.getData()));
        assertEquals("The run would refuse this job: it would schedule 2,400,000,000 pipeline tasks per step"
                + " (300,000,000 micro-batches x 4 stages x 1 chunks x 2 tasks), more than the 2,147,483,647 one step"
                + " can index; the largest factor is 300,000,000 micro-batches per step (the batch over data x"
                + " micro-batch). Fix: lower the batch or raise the micro-batch, to at most 268,435,455 micro-batches"
                + " per step.", over.getMessage());
        assertFalse(codes(32, ON_DGX, SEQUENCE, "batch 268435455 sequences", parallel, "schedule 1f1b")
                .contains(IssueCodes.PIPELINE_TASKS));
    }

    @Test
    void shouldRequireAnOrderToNameEveryAxisOnce() throws Exception {
        assertTrue(message(IssueCodes.ORDER_NOT_PERMUTATION, 32, ON_DGX, SEQUENCE, BATCH,
                "parallel tensor 8 data 2 order tp pp dp").contains("leaves out cp"));
        assertFalse(codes(32, ON_DGX, SEQUENCE, BATCH, "parallel tensor 8 data 2 order tp cp pp dp")
                .contains(IssueCodes.ORDER_NOT_PERMUTATION));
    }

    @Test
    void shouldMapTheOrderInnermostFirst() throws Exception {
        Model model = job(32, ON_DGX, SEQUENCE, BATCH, "parallel tensor 8 data 2 order dp tp cp pp");
        assertEquals(List.of(Axis.DATA, Axis.TENSOR, Axis.CONTEXT, Axis.PIPELINE),
                mappedTraining(model).parallel().order());
    }

    @Test
    void shouldWarnWhenTheOrderMovesTensorGroupsOutOfTheScaleUpDomain() throws Exception {
        // DP 2 inside TP 8: TP ranks 2 apart span 15 accelerators of two 8-GPU NVLink domains.
        assertTrue(message(IssueCodes.TP_NOT_INNERMOST, 32, ON_DGX, SEQUENCE, BATCH,
                "parallel tensor 8 data 2 order dp tp cp pp").contains("spans 15 accelerators"));
        // DP 2 inside TP 4 (PP 2 outside): TP ranks 2 apart span 7 accelerators, inside one node.
        assertFalse(codes(32, ON_DGX, SEQUENCE, BATCH, "parallel tensor 4 data 2 pipeline 2 order dp tp cp pp")
                .contains(IssueCodes.TP_NOT_INNERMOST));
    }

    @Test
    void shouldRefuseATrainingPrecisionWithoutAGemmRate() throws Exception {
        assertTrue(message(IssueCodes.UNSUPPORTED_PRECISION, 32, "model Small on TwoA100", SEQUENCE, BATCH,
                "parallel tensor 8 data 2", "precision fp8").contains("A100_SXM has no FP8 rate in the catalog"));
        assertTrue(codes(32, ON_DGX, SEQUENCE, BATCH, "parallel tensor 8 data 2", "precision fp4")
                .contains(IssueCodes.UNSUPPORTED_PRECISION));
        assertFalse(codes(32, ON_DGX, SEQUENCE, BATCH, "parallel tensor 8 data 2", "precision fp8")
                .contains(IssueCodes.UNSUPPORTED_PRECISION));
    }

    @Test
    void shouldRefuseZeroCountsAndDegrees() throws Exception {
        assertTrue(codes(32, ON_DGX, SEQUENCE, BATCH, "micro-batch 0", "parallel tensor 8 data 2")
                .contains(IssueCodes.NOT_POSITIVE));
        assertTrue(message(IssueCodes.NOT_POSITIVE, 32, ON_DGX, SEQUENCE, BATCH, "parallel tensor 8 data 2 pipeline 0")
                .startsWith("pipeline 0 would run as pipeline 1"));
        assertFalse(codes(32, ON_DGX, SEQUENCE, BATCH, "micro-batch 1", "parallel tensor 8 data 2")
                .contains(IssueCodes.NOT_POSITIVE));
    }

    @Test
    void shouldRefuseAModelOfZeroLayersAndATrainingOfZeroTokensOrSequences() throws Exception {
        // Each passed 'fabric validate' (the design checks skip a job that does not map) and then 'simulate' ended
        // in an internal error: the mapper refuses 0 layers, a 0-token sequence and a batch of 0 sequences.
        String tp8 = "parallel tensor 8 data 2";
        assertTrue(message(IssueCodes.NOT_POSITIVE, 0, ON_DGX, SEQUENCE, BATCH, tp8)
                .startsWith("A model's 'layers' is at least 1"));
        assertTrue(message(IssueCodes.NOT_POSITIVE, 32, ON_DGX, "sequence 0", BATCH, tp8)
                .startsWith("A sequence holds at least one token"));
        assertTrue(message(IssueCodes.NOT_POSITIVE, 32, ON_DGX, SEQUENCE, "batch 0 sequences", tp8)
                .startsWith("A batch holds at least one sequence"));
        assertFalse(codes(1, ON_DGX, "sequence 1", "batch 2 sequences", tp8).contains(IssueCodes.NOT_POSITIVE));
    }

    @Test
    void shouldRefuseMoreHeadsThanTheHiddenSizeWithoutAHeadDim() throws Exception {
        // Small's hidden size is 1,024: 4,096 heads leave head-dim = 1,024 ÷ 4,096 = 0 (integer division), which the
        // mapper refused inside simulate; 1,024 heads give a head-dim of 1.
        String heads = JOB.replace("LAYERS", "32").replace("BODY", ON_DGX + "\n" + SEQUENCE + "\n" + BATCH
                + "\nparallel tensor 8 data 2");
        List<Issue> many = validation.validate(parser.parse(heads.replace("heads 16", "heads 4096")));
        assertTrue(many.stream().anyMatch(issue -> IssueCodes.NOT_POSITIVE.equals(issue.getCode())
                && issue.getMessage().startsWith("4096 heads of a hidden size of 1024")), many::toString);
        assertFalse(validation.validate(parser.parse(heads.replace("heads 16", "heads 1024"))).stream()
                .anyMatch(issue -> IssueCodes.NOT_POSITIVE.equals(issue.getCode())));
    }

    @Test
    void shouldWarnAboutExpertParallelismOnADenseModel() throws Exception {
        assertTrue(codes(32, ON_DGX, SEQUENCE, BATCH, "parallel tensor 8 data 2 expert 2")
                .contains(IssueCodes.EXPERT_ON_DENSE));
        assertFalse(codes(32, ON_DGX, SEQUENCE, BATCH, "parallel tensor 8 data 2 expert 1")
                .contains(IssueCodes.EXPERT_ON_DENSE));
    }

    @Test
    void shouldRequireRingAttentionToSplitTheSequenceIntoTwiceTheContextDegree() throws Exception {
        // CP 2: 4 chunks; 4094 = 4 × 1023 + 2, the next multiple is 4096.
        assertTrue(message(IssueCodes.CONTEXT_SPLIT, 32, ON_DGX, "sequence 4094", BATCH,
                "parallel tensor 8 context 2 ring").contains("Use a sequence of 4096 tokens"));
        assertFalse(codes(32, ON_DGX, SEQUENCE, BATCH, "parallel tensor 8 context 2 ring")
                .contains(IssueCodes.CONTEXT_SPLIT));
        assertFalse(codes(32, ON_DGX, "sequence 4094", BATCH, "parallel tensor 8 context 2 all-gather")
                .contains(IssueCodes.CONTEXT_SPLIT));
    }

    @Test
    void shouldNameTheMissingPartsOfATraining() throws Exception {
        List<String> errors = issues(32, ON_DGX, SEQUENCE).stream()
                .filter(issue -> issue.getSeverity() == Severity.ERROR).map(Issue::getMessage).toList();
        assertEquals(List.of("This training lacks 'batch' and 'parallel', which are required: add them before its"
                + " closing '}'."), errors);
    }

    @Test
    void shouldReportAParallelProductBeyondAnyClusterInsteadOfOverflowing() throws Exception {
        // Fuzz finding: TP 8 x PP 2 x DP 2147483647 = 34,359,738,352 overflowed an int in the check.
        String huge = message(IssueCodes.PARALLEL_PRODUCT, 4, ON_DGX, SEQUENCE, BATCH,
                "parallel tensor 8 pipeline 2 data 2147483647");
        assertTrue(huge.contains("= 34359738352, but the job uses 16 accelerators"), huge);
        assertFalse(codes(4, ON_DGX, SEQUENCE, BATCH, "parallel tensor 8 pipeline 2")
                .contains(IssueCodes.PARALLEL_PRODUCT));
    }

    @Test
    void shouldCheckThePlacementOfAnOverflowingPlanWithoutThrowing() throws Exception {
        // Fuzz finding: TP 2147483647 x DP 4 with an order overflowed an int while the placement
        // check laid the ranks out ("Error executing EValidator"); the product error says it all.
        List<Issue> issues = issues(4, ON_DGX, SEQUENCE, BATCH, "parallel tensor 2147483647 data 4 order tp cp pp dp");
        assertTrue(issues.stream().anyMatch(issue -> IssueCodes.PARALLEL_PRODUCT.equals(issue.getCode())),
                issues::toString);
        assertTrue(issues.stream().noneMatch(issue -> issue.getMessage().contains("Error executing")),
                issues::toString);
    }
}
