package org.fabricsim.benchmarks;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.SearchSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.study.StudyRunner;

/**
 * The screen rate and the wall time of a training search. Usage:
 *
 * <pre>  java -cp benchmarks.jar org.fabricsim.benchmarks.SearchHarness THREADS REFINE [RUNS]</pre>
 *
 * The job of {@link TrainingHarness} (Llama 3 405B on 16,384 H100), searched {@code in all} for the
 * best MFU on its 16,384 accelerators: every feasible TP, CP, PP, micro-batch, schedule, virtual
 * stages, sharding and recomputation (DP follows), screened on the analytical network with
 * THREADS threads, the best REFINE simulated on the flow model. RUNS searches (3 by default), each
 * in the same JVM; prints each one's counts, stage times and screen rate (configurations per minute
 * per core), then the median rate.
 */
public final class SearchHarness {
    public static void main(String[] args) {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        int refine = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        StudySpec study = new StudySpec("bench", "", "bench.Search", List.of(TrainingHarness.llama405b16k()),
                List.of(), List.of(), List.of(), 1, CalibrationProfile.defaults(),
                new SearchSpec(SearchSpec.Objective.MFU, true, 0, 0, refine));
        double[] rates = new double[runs];
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            StudyResult result = new StudyRunner(new Simulator()::run, threads, StudyRunner.Progress.NONE)
                    .run(study);
            Map<String, Object> search = result.studies().get(0).search();
            rates[i] = ((Number) search.get("screenPerMinutePerCore")).doubleValue();
            System.out.printf(Locale.ROOT, "search %d: %.1f s; considered %s, feasible %s, refined %s; stages %s;"
                    + " %.0f configurations/min/core; rejected %s; best %s%n", i, (System.nanoTime() - start) / 1e9,
                    search.get("considered"), search.get("feasible"), search.get("refined"), search.get("seconds"),
                    rates[i], search.get("rejected"), search.get("best") instanceof Map<?, ?> best
                            ? best.get("variation") + " objective " + best.get("objective") : "-");
        }
        Arrays.sort(rates);
        System.out.printf(Locale.ROOT, "median screen rate of %d: %.0f configurations/min/core%n", runs,
                rates[runs / 2]);
    }
}
