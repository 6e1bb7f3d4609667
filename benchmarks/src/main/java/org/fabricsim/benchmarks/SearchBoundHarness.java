package org.fabricsim.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.search.SearchSize;
import org.fabricsim.runtime.spec.SearchSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;

/**
 * What the editor's count of an {@code in all} search costs per validation ({@link SearchSize#beyondBound}, which
 * {@code VariationValidator} calls once per validation of such a study), one thread. Usage:
 *
 * <pre>  java -cp benchmarks.jar org.fabricsim.benchmarks.SearchBoundHarness RUNS [BASES]</pre>
 *
 * The job of {@link TrainingHarness} (Llama 3 405B on 16,384 H100) searched {@code in all} for the best MFU, with
 * {@code vary tensor [8]}, {@code vary context [1]}, {@code vary pipeline [16]}, {@code vary micro-batch [1]} stated
 * and {@code vary batch} over BASES values (5,555 by default) near 2³¹, the largest multiples of 2,048 below it: each
 * value a base job, each base counting 12 schedule pairs × 5 shardings × 3 recomputations = 180 configurations, so
 * 5,555 bases make 999,900, within {@link SearchSize#MAX_CONFIGURATIONS}, and every base is planned and counted.
 * Times RUNS calls after RUNS warm-up calls and prints each one's milliseconds, then the median, minimum and maximum.
 */
public final class SearchBoundHarness {
    private SearchBoundHarness() {
    }

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int bases = args.length > 1 ? Integer.parseInt(args[1]) : 5_555;
        List<Object> batches = new ArrayList<>(bases);
        for (int i = 1; i <= bases; i++) {
            batches.add((long) Integer.MAX_VALUE + 1 - 2_048L * i);
        }
        StudySpec study = new StudySpec("bench", "", "bench.SearchBound", List.of(TrainingHarness.llama405b16k()),
                List.of(whole(Parameter.TENSOR, 8), whole(Parameter.CONTEXT, 1), whole(Parameter.PIPELINE, 16),
                        whole(Parameter.MICRO_BATCH, 1), new VariationSpec(Parameter.BATCH, batches)),
                List.of(), List.of(), 1, CalibrationProfile.defaults(),
                new SearchSpec(SearchSpec.Objective.MFU, true, 0, 0, 1));
        double[] millis = new double[runs];
        for (int i = 0; i < 2 * runs; i++) {
            long start = System.nanoTime();
            String beyond = SearchSize.beyondBound(study);
            double elapsed = (System.nanoTime() - start) / 1e6;
            if (i >= runs) {
                millis[i - runs] = elapsed;
                System.out.printf(Locale.ROOT, "count %d: %.1f ms (%s)%n", i - runs, elapsed,
                        beyond == null ? "within the bound" : beyond.substring(0, Math.min(60, beyond.length())));
            }
        }
        Arrays.sort(millis);
        System.out.printf(Locale.ROOT, "%,d bases: median %.1f ms (min %.1f, max %.1f, %d runs)%n", bases,
                millis[runs / 2], millis[0], millis[runs - 1], runs);
    }

    private static VariationSpec whole(Parameter parameter, long value) {
        return new VariationSpec(parameter, List.of(value));
    }
}
