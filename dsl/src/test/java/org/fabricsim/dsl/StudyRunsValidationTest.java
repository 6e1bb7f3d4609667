package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.search.SearchSize;
import org.junit.jupiter.api.Test;

/**
 * A sweep plans at most StudySize.MAX_RUNS (100,000) runs, the product of its axes' value counts; the axes a search
 * enumerates are not counted as runs, its other axes (a training search's sequence and batch) make its base jobs and
 * are; its base jobs times the axes it enumerates make at most SearchSize.MAX_CONFIGURATIONS (1,000,000).
 */
class StudyRunsValidationTest extends FabricModelTest {
    private static final String TRAINING = """
            cluster C { nodes 4 x 8 accelerators link 400 Gb/s latency 1 us }
            model M transformer { layers 8 hidden 1024 heads 16 vocab 1000 }
            training T {
                model M on C
                sequence 2048
                batch 64 sequences
                parallel tensor 8 pipeline 2 data 2
            }
            """;
    private static final String[] PARAMETERS = { "micro-batch", "sequence", "batch", "data", "tensor", "pipeline" };

    /** A study of T with one axis per count, the i-th varying PARAMETERS[i] over 1 to counts[i]. */
    private Model study(String search, int... counts) throws Exception {
        StringBuilder axes = new StringBuilder();
        for (int i = 0; i < counts.length; i++) {
            axes.append("vary ").append(PARAMETERS[i]).append(" in [").append(wholes(counts[i])).append("]\n");
        }
        return parser.parse(TRAINING + "study X {\n simulate T\n" + axes + search + "\n}\n");
    }

    /** "1, 2, ..., n". */
    private static String wholes(int n) {
        return IntStream.rangeClosed(1, n).mapToObj(Integer::toString).collect(Collectors.joining(", "));
    }

    private Set<String> codes(Model model) {
        return validation.validate(model).stream().map(Issue::getCode).collect(Collectors.toSet());
    }

    @Test
    void shouldRejectASweepOfSixAxesOfFortyValuesNamingTheProductAndTheLargestAxis() throws Exception {
        // 40^6 = 4,096,000,000 runs, above Integer.MAX_VALUE, where the runner's plan overflowed; every axis has 40
        // values, so the first one written, micro-batch, is named.
        validation.assertError(study("", 40, 40, 40, 40, 40, 40), Literals.VARIATION,
                IssueCodes.STUDY_TOO_MANY_RUNS, "This study plans 4,096,000,000 runs",
                "more than the 100,000 a study may run", "'vary micro-batch' with 40 values");
    }

    @Test
    void shouldRejectASweepOneRunAboveTheBoundAndAcceptOneAtIt() throws Exception {
        // 10^5 = 100,000 runs is the bound; 10^4 x 11 = 110,000 is above it, its largest axis the 11 batches.
        assertFalse(codes(study("", 10, 10, 10, 10, 10)).contains(IssueCodes.STUDY_TOO_MANY_RUNS));
        validation.assertError(study("", 10, 10, 11, 10, 10), Literals.VARIATION, IssueCodes.STUDY_TOO_MANY_RUNS,
                "plans 110,000 runs", "'vary batch' with 11 values");
    }

    @Test
    void shouldBoundTheAxesASearchEnumeratesByTheSearchsOwnBound() throws Exception {
        // The same 40^6 axes in a search: micro-batch, data, tensor and pipeline are its space, screened rather than run
        // one by one, so not 'plans ... runs'; but sequence and batch make 40 x 40 = 1,600 base jobs, each searching
        // 40^4 = 2,560,000 plans: 4,096,000,000 configurations, above SearchSize.MAX_CONFIGURATIONS (1,000,000), which
        // passed the editor and exhausted the heap. Every searched axis has 40 values: the first, micro-batch, is named
        // and is the quick-fix data.
        Model search = study("search maximize mfu", 40, 40, 40, 40, 40, 40);
        validation.assertError(search, Literals.VARIATION, IssueCodes.STUDY_TOO_MANY_RUNS,
                "This study searches 4,096,000,000 configurations", "more than the 1,000,000 a search may consider",
                "'vary micro-batch' with 40 values");
        assertTrue(validation.validate(search).stream().filter(i -> IssueCodes.STUDY_TOO_MANY_RUNS.equals(i.getCode()))
                .allMatch(i -> List.of("micro-batch").equals(List.of(i.getData()))));
    }

    @Test
    void shouldRejectASearchOneConfigurationStepAboveItsBoundAndAcceptOneWithin() throws Exception {
        // 316 x 316 = 99,856 base jobs x 10 micro-batches = 998,560 configurations, within 1,000,000; x 11 = 1,098,416,
        // above it, its largest searched axis the 11 micro-batches (the 316-value axes are base axes).
        assertFalse(codes(study("search maximize mfu", 10, 316, 316)).contains(IssueCodes.STUDY_TOO_MANY_RUNS));
        validation.assertError(study("search maximize mfu", 11, 316, 316), Literals.VARIATION,
                IssueCodes.STUDY_TOO_MANY_RUNS, "searches 1,098,416 configurations", "'vary micro-batch' with 11 values");
    }

    @Test
    void shouldCountTheValuesAnInAllSearchEnumeratesForTheJob() throws Exception {
        // in all on T on 4 DGX H100 (32 accelerators of scale-up domain 8, 8 layers, sequence 2,048): TP the divisors
        // of 8 (4), CP 1 and 2 (1,024 tokens a rank), PP the divisors of 32 up to 8 (1, 2, 4, 8), 5 schedules +
        // interleaved's virtual stages 2..8 (12), 5 shardings, 3 recomputations: 4 × 2 × 4 × 12 × 5 × 3 = 5,760 per
        // micro-batch value. Batch 64 has 7 divisors, 40,320 configurations; batch 720,720 = 2^4 × 3^2 × 5 × 7 × 11 ×
        // 13 has 240, 1,382,400, above 1,000,000, with no axis stated (the editor counted 1 configuration)
        String h100 = "import fabric.catalog.nvidia.*\n" + TRAINING.replace(
                "4 x 8 accelerators link 400 Gb/s latency 1 us",
                "4 x DGX_H100 scale-out InfiniBand_NDR single-switch { switch QM9700 }");
        String search = "study X {\n simulate T\n search maximize mfu in all\n}\n";
        assertFalse(codes(parser.parse(h100 + search)).contains(IssueCodes.STUDY_TOO_MANY_RUNS));
        validation.assertError(parser.parse(h100.replace("batch 64 sequences", "batch 720720 sequences") + search),
                Literals.SEARCH, IssueCodes.STUDY_TOO_MANY_RUNS, "This study searches 1,382,400 configurations",
                "'micro-batch' (in all) with 240 values");
    }

    @Test
    void shouldCountInAllOnAVariedClusterOfALargerDomainAsTheRunDoes() throws Exception {
        // vary cluster [C, Wide]: C is 4 DGX H100 (scale-up domain 8), Wide one GB200 NVL72 (domain 72); T uses 32 of
        // either. In all with k stated micro-batches counts per base TP × CP 2 (1,024 tokens a rank) × PP 4 (the
        // divisors of 32 up to 8 layers) × k × 12 schedule pairs × 5 shardings × 3 recomputations: on C TP the divisors
        // of 8 (4), 5,760k; on Wide the 12 divisors of 72 (1, 2, 3, 4, 6, 8, 9, 12, 18, 24, 36, 72), 17,280k; 23,040k in
        // all. k = 43 is 990,720, within 1,000,000; k = 44 is 1,013,760, above it (counted on the job as written, C for
        // both bases, 506,880: accepted).
        String clusters = "import fabric.catalog.nvidia.*\n" + TRAINING.replace(
                "4 x 8 accelerators link 400 Gb/s latency 1 us",
                "4 x DGX_H100 scale-out InfiniBand_NDR single-switch { switch QM9700 }")
                + "cluster Wide { nodes 1 x GB200_NVL72 }\n";
        String micro = "study X {\n simulate T\n vary cluster in [C, Wide]\n vary micro-batch in [%s]\n"
                + " search maximize mfu in all\n}\n";
        Model within = parser.parse(clusters + micro.formatted(wholes(43)));
        assertFalse(codes(within).contains(IssueCodes.STUDY_TOO_MANY_RUNS));
        Model above = parser.parse(clusters + micro.formatted(wholes(44)));
        validation.assertError(above, Literals.SEARCH, IssueCodes.STUDY_TOO_MANY_RUNS,
                "This study searches 1,013,760 configurations", "'vary micro-batch' with 44 values");
        // the run refuses it in the same words
        String run = SearchSize.refusal(mapper.toStudy(EcoreUtil2.getAllContentsOfType(above, Study.class).get(0),
                "m", "m.fabric"));
        assertTrue(validation.validate(above).stream().anyMatch(i -> i.getMessage().equals("This study "
                + run.substring(run.indexOf("searches")))), run);
        // 1,001 micro-batches × 1,000 tensor degrees on 2 bases: the stated axes alone are 2,002,000, marked on 'vary
        // micro-batch'; the words are the run's, which stops after C's 1,001,000 × CP 2 × PP 4 × 180 = 1,441,440,000
        Model stated = parser.parse(clusters + micro.formatted(wholes(1_001)).replace("vary micro-batch",
                "vary tensor in [" + wholes(1_000) + "]\n vary micro-batch"));
        validation.assertError(stated, Literals.VARIATION, IssueCodes.STUDY_TOO_MANY_RUNS,
                "This study searches at least 1,441,440,000 configurations", "'vary micro-batch' with 1,001 values");
    }

    @Test
    void shouldCountAServingAxisWithoutARoleOncePerPool() throws Exception {
        // 'vary replicas' sets both pools: 1,001 x 1,001 = 1,002,001 configurations, above 1,000,000; one pool's
        // 'decode replicas' sets the decode pool only: 1,001, within it.
        String deployment = """
                cluster C { nodes 4 x 8 accelerators link 400 Gb/s latency 1 us }
                model M transformer { layers 8 hidden 1024 heads 16 vocab 1000 }
                inference I {
                    model M on C
                    prefill pool { replicas 1 parallel tensor 8 }
                    decode pool { replicas 1 parallel tensor 8 }
                }
                """;
        String values = wholes(1_001);
        validation.assertError(parser.parse(deployment + "study X {\n simulate I\n vary replicas in [" + values
                + "]\n search minimize ttft-p99\n}\n"), Literals.VARIATION, IssueCodes.STUDY_TOO_MANY_RUNS,
                "searches 1,002,001 configurations");
        assertFalse(codes(parser.parse(deployment + "study X {\n simulate I\n vary decode replicas in [" + values
                + "]\n search minimize ttft-p99\n}\n")).contains(IssueCodes.STUDY_TOO_MANY_RUNS));
    }

    @Test
    void shouldRejectASearchOfMoreBaseJobsThanAStudyMayPlanAndAcceptOneAtTheBound() throws Exception {
        // sequence and batch, which a training search does not enumerate, make 317 x 317 = 100,489 base jobs, each
        // planned up front as a sweep's run (Search.baseSweep), above the bound: the runtime refused them in a failed
        // run, and fabric sweep ended in an internal error. 316 x 316 = 99,856 is within it, with the one micro-batch
        // the search enumerates.
        validation.assertError(study("search maximize mfu", 40, 317, 317), Literals.VARIATION,
                IssueCodes.STUDY_TOO_MANY_RUNS, "This study plans 100,489 runs", "'vary sequence' with 317 values");
        assertFalse(codes(study("search maximize mfu", 1, 316, 316)).contains(IssueCodes.STUDY_TOO_MANY_RUNS));
    }

    @Test
    void shouldNotCountAStudyWithoutAxes() throws Exception {
        assertTrue(codes(study("")).stream().noneMatch(IssueCodes.STUDY_TOO_MANY_RUNS::equals));
    }
}
