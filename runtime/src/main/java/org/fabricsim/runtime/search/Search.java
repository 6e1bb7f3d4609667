package org.fabricsim.runtime.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.Version;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.SearchSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.WorkloadSpec;
import org.fabricsim.runtime.study.InfeasibleRunException;
import org.fabricsim.runtime.study.StudyRunner;

/**
 * A study's search over its workload, the same stages for every kind ({@link SearchKind}: a training
 * job's plan, an inference deployment's pools): enumerate the configurations of the kind's space (each
 * combination of the study's other axes is a base job), screen every feasible one, refine the best
 * {@code refine} by the screen on the engine (runs as a sweep's are simulated), and the workload as
 * written too when it is in the space and not among them (so the best is never worse than it, and the
 * report compares them), and report the refined runs with a summary: counts (considered, feasible,
 * screened, refined), rejections per rule (the screen's too), the best by the refined objective, the
 * Pareto front of the objective against the cost per hour over the screened configurations, the best
 * as a definition, and the time each stage took. With no feasible configuration the study has one
 * failed run whose reason names the rule that rejected the most and the nearest feasible point.
 * Engine runs (the refinement, a serving screen) and a training screen go to {@link SearchRuns}: local
 * threads or Spark.
 * Deterministic: the values do not depend on the threads or the engine, ties keep enumeration order.
 */
public final class Search {
    private final SearchRuns runs;
    private final int threads;

    /**
     * @param runs    where the engine runs and the analytical screen go
     * @param threads the cores they run on, for the screen's rate per core
     */
    public Search(SearchRuns runs, int threads) {
        this.runs = runs;
        this.threads = threads;
    }

    /** A search whose engine runs and screen use {@code threads} local threads. */
    public static Search local(StudyRunner.Engine engine, int threads, StudyRunner.Progress progress) {
        return new Search(SearchRuns.local(engine, threads, progress),
                Math.min(threads, Runtime.getRuntime().availableProcessors()));
    }

    /** Runs the search of {@code study}: its one workload is a training job or an inference deployment. */
    public StudyResult run(StudySpec study) {
        SearchSpec search = study.search();
        long start = System.nanoTime();
        WorkloadSpec workload = study.workloads().get(0);
        if (!(workload instanceof TrainingSpec || workload instanceof InferenceSpec)) {
            String reason = "not simulated yet: a search covers a training job or an inference deployment";
            return failed(study, new TrainingSpace(search, List.of()), reason, start, start);
        }
        SearchKind kind = workload instanceof TrainingSpec ? new TrainingKind() : new ServingKind();
        AxisSpace space = kind.space(search, study.variations().stream().filter(kind::searches).toList());
        List<Candidate> feasible = new ArrayList<>();
        List<Map<String, Object>> labels = new ArrayList<>();
        List<WorkloadSpec> bases = bases(study, kind, labels);
        for (int b = 0; b < bases.size(); b++) {
            Map<String, Object> axes = labels.get(b);
            space.enumerate(bases.get(b), spec -> feasible.add(new Candidate(spec, axes)));
        }
        long enumerated = System.nanoTime();
        if (feasible.isEmpty()) {
            return failed(study, space, Nearest.nothingFeasible(kind, space, search, bases), start, enumerated);
        }
        String[] rejected = new String[feasible.size()];
        double[] miss = new double[feasible.size()];
        double[] values = kind.screen(study, feasible, runs, rejected, miss);
        for (int i = 0; i < values.length; i++) {
            feasible.get(i).screened = values[i];
            if (rejected[i] != null) {
                space.rejected().merge(rejected[i], 1, Integer::sum);
            }
        }
        long screened = System.nanoTime();
        List<Candidate> ranked = rank(feasible, search.objective());
        if (ranked.isEmpty()) {
            String reason = Nearest.nothingPasses(kind, space, feasible, miss);
            return result(study, Summary.of(kind, search, space, feasible.size(), ranked, List.of(), reason,
                    new long[] {start, enumerated, screened, screened}, threads),
                    List.of(failedRun(study, workload, reason, start, screened)));
        }
        List<Candidate> refinedCandidates = new ArrayList<>(ranked.subList(0, Math.min(search.refine(),
                ranked.size())));
        ranked.stream().filter(c -> c.spec.equals(workload)).findFirst()
                .filter(written -> !refinedCandidates.contains(written)).ifPresent(refinedCandidates::add);
        long seed = StudyRunner.seed(study.seed(), 0);
        List<RunResult> refined = runs.run(study, refinedCandidates.stream().map(c -> new SearchRun(c.spec,
                study.name() + c.label(kind), c.variation(kind), seed)).toList());
        long done = System.nanoTime();
        return result(study, Summary.of(kind, search, space, feasible.size(), ranked, refined, null,
                new long[] {start, enumerated, screened, done}, threads).withBest(kind, ranked, refinedCandidates,
                        refined, study), refined);
    }

    /** The base jobs: the study's workload under each combination of its axes that the search does not enumerate. */
    private static List<WorkloadSpec> bases(StudySpec study, SearchKind kind, List<Map<String, Object>> labels) {
        List<VariationSpec> others = study.variations().stream().filter(a -> !kind.searches(a)).toList();
        StudySpec sweep = new StudySpec(study.model(), study.source(), study.name(), study.workloads(), others,
                List.of(), List.of(), study.seed(), study.calibration());
        List<WorkloadSpec> jobs = new ArrayList<>();
        for (StudyRunner.PlannedRun run : StudyRunner.expand(sweep)) {
            try {
                jobs.add(run.varied());
                labels.add(run.variation());
            } catch (InfeasibleRunException e) {
                // a base the study's own axes cannot build has nothing to search; the sweep would fail it too
                continue;
            }
        }
        return jobs;
    }

    private static List<Candidate> rank(List<Candidate> feasible, SearchSpec.Objective objective) {
        Comparator<Candidate> byValue = Comparator.comparingDouble(c -> c.screened);
        List<Candidate> ranked = new ArrayList<>(feasible.stream().filter(c -> !Double.isNaN(c.screened)).toList());
        ranked.sort(objective.maximize() ? byValue.reversed() : byValue);
        return ranked;
    }

    private StudyResult failed(StudySpec study, AxisSpace space, String reason, long start, long end) {
        return result(study, Summary.of(null, study.search(), space, 0, List.of(), List.of(), reason,
                new long[] {start, end, end, end}, threads),
                List.of(failedRun(study, study.workloads().get(0), reason, start, end)));
    }

    private static RunResult failedRun(StudySpec study, WorkloadSpec workload, String reason, long start, long end) {
        return RunResult.failed(study.name(), StudyRunner.kind(workload), study.name(), Map.of(),
                StudyRunner.seed(study.seed(), 0), reason, (end - start) / 1e9);
    }

    private static StudyResult result(StudySpec study, Summary summary, List<RunResult> runs) {
        StudyResult.StudyInfo info = new StudyResult.StudyInfo(study.name(), study.source() == null ? ""
                : study.source(), study.seed(), study.variations().stream().map(VariationSpec::label).toList(),
                study.report(), summary.toJson());
        return new StudyResult(Version.TOOL, study.model(), List.of(info), runs);
    }
}
