package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * A sweep plans at most StudySize.MAX_RUNS (100,000) runs, the product of its axes' value counts; the axes a search
 * enumerates are not counted, its other axes (a training search's sequence and batch) make its base jobs and are.
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
            String values = IntStream.rangeClosed(1, counts[i]).mapToObj(Integer::toString)
                    .collect(Collectors.joining(", "));
            axes.append("vary ").append(PARAMETERS[i]).append(" in [").append(values).append("]\n");
        }
        return parser.parse(TRAINING + "study X {\n simulate T\n" + axes + search + "\n}\n");
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
    void shouldNotCountTheAxesASearchEnumerates() throws Exception {
        // The same 40^6 axes in a search: micro-batch, data, tensor and pipeline are its space, screened, not run one
        // by one; sequence and batch make 40 x 40 = 1,600 base jobs.
        assertFalse(codes(study("search maximize mfu", 40, 40, 40, 40, 40, 40))
                .contains(IssueCodes.STUDY_TOO_MANY_RUNS));
    }

    @Test
    void shouldRejectASearchOfMoreBaseJobsThanAStudyMayPlanAndAcceptOneAtTheBound() throws Exception {
        // sequence and batch, which a training search does not enumerate, make 317 x 317 = 100,489 base jobs, each
        // planned up front as a sweep's run (Search.baseSweep), above the bound: the runtime refused them in a failed
        // run, and fabric sweep ended in an internal error. 316 x 316 = 99,856 is within it, whatever the 40
        // micro-batches the search enumerates.
        validation.assertError(study("search maximize mfu", 40, 317, 317), Literals.VARIATION,
                IssueCodes.STUDY_TOO_MANY_RUNS, "This study plans 100,489 runs", "'vary sequence' with 317 values");
        assertFalse(codes(study("search maximize mfu", 40, 316, 316)).contains(IssueCodes.STUDY_TOO_MANY_RUNS));
    }

    @Test
    void shouldNotCountAStudyWithoutAxes() throws Exception {
        assertTrue(codes(study("")).stream().noneMatch(IssueCodes.STUDY_TOO_MANY_RUNS::equals));
    }
}
