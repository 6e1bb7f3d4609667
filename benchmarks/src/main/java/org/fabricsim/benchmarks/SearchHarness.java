package org.fabricsim.benchmarks;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.search.Search;
import org.fabricsim.runtime.search.SearchRun;
import org.fabricsim.runtime.search.SearchRuns;
import org.fabricsim.runtime.spec.SearchSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
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
 * in the same JVM; prints each one's counts, stage wall times, the process CPU time of the whole
 * search and of its screen, and the screen rate: configurations per minute per core (the search's
 * own figure, from the screen's wall time) and per CPU minute (from the process CPU time the screen
 * took, which a loaded machine does not inflate); then the medians of both rates.
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
        double[] cpuRates = new double[runs];
        for (int i = 0; i < runs; i++) {
            long[] screenCpu = new long[1];
            SearchRuns timed = timed(SearchRuns.local(new Simulator()::run, threads, StudyRunner.Progress.NONE),
                    screenCpu);
            long start = System.nanoTime();
            long startCpu = ProcessCpu.nanos();
            StudyResult result = new Search(timed, Math.min(threads, Runtime.getRuntime().availableProcessors()))
                    .run(study);
            Map<String, Object> search = result.studies().get(0).search();
            rates[i] = ((Number) search.get("screenPerMinutePerCore")).doubleValue();
            cpuRates[i] = ((Number) search.get("feasible")).doubleValue() / (screenCpu[0] / 60e9);
            System.out.printf(Locale.ROOT, "search %d: %.1f s wall, %.1f s CPU (screen %.1f s CPU); considered %s,"
                    + " feasible %s, refined %s; stages %s; %.0f configurations/min/core (wall), %.0f per CPU minute;"
                    + " rejected %s; best %s%n", i, (System.nanoTime() - start) / 1e9,
                    (ProcessCpu.nanos() - startCpu) / 1e9, screenCpu[0] / 1e9, search.get("considered"),
                    search.get("feasible"), search.get("refined"), search.get("seconds"), rates[i], cpuRates[i],
                    search.get("rejected"), search.get("best") instanceof Map<?, ?> best
                            ? best.get("variation") + " objective " + best.get("objective") : "-");
        }
        Arrays.sort(rates);
        Arrays.sort(cpuRates);
        System.out.printf(Locale.ROOT, "median screen rate of %d: %.0f configurations/min/core (wall), %.0f per CPU"
                + " minute%n", runs, rates[runs / 2], cpuRates[runs / 2]);
    }

    /** {@code local}, adding the process CPU time its screen takes to {@code screenCpu[0]}. */
    private static SearchRuns timed(SearchRuns local, long[] screenCpu) {
        return new SearchRuns() {
            @Override
            public List<RunResult> run(StudySpec study, List<SearchRun> runs) {
                return local.run(study, runs);
            }

            @Override
            public double[] screen(StudySpec study, List<TrainingSpec> plans) {
                long start = ProcessCpu.nanos();
                double[] values = local.screen(study, plans);
                screenCpu[0] += ProcessCpu.nanos() - start;
                return values;
            }
        };
    }
}
