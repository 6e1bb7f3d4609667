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
import org.fabricsim.runtime.study.Knobs;
import org.fabricsim.runtime.study.RunSeeds;
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
 * as a definition, and the time each stage took. A search whose stated axes span more than {@link
 * SearchSize#MAX_CONFIGURATIONS} configurations is one failed run with {@link SearchSize}'s reason, before anything
 * is enumerated. With no feasible configuration the study has one
 * failed run whose reason names the rule that rejected the most and the nearest feasible point. A base job
 * the study's other axes cannot build (a cluster too small for the job) is a failed run with the reason, as
 * that combination is in a sweep, listed after the search's runs; the other bases are searched.
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
        SearchKind kind = kind(workload);
        if (kind == null) {
            String reason = "not simulated yet: a search covers a training job or an inference deployment";
            return failed(study, new TrainingSpace(search, List.of()), reason, start, start, List.of());
        }
        AxisSpace space = kind.space(search, study.variations().stream().filter(kind::searches).toList());
        BaseJobs planned = new BaseJobs(study);
        String refusal = SearchSize.refusal(study, planned);
        if (refusal != null) {
            return failed(study, space, refusal, start, start, List.of());
        }
        List<Candidate> feasible = new ArrayList<>();
        List<Map<String, Object>> labels = new ArrayList<>();
        List<RunResult> unbuilt = new ArrayList<>();
        List<WorkloadSpec> bases = bases(study, planned, labels, unbuilt);
        for (int b = 0; b < bases.size(); b++) {
            Map<String, Object> axes = labels.get(b);
            space.enumerate(bases.get(b), spec -> feasible.add(new Candidate(spec, axes)));
        }
        long enumerated = System.nanoTime();
        if (feasible.isEmpty()) {
            return failed(study, space, Nearest.nothingFeasible(kind, space, search, bases), start, enumerated,
                    unbuilt);
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
                    after(List.of(failedRun(study, workload, reason, start, screened)), unbuilt));
        }
        List<Candidate> refinedCandidates = new ArrayList<>(ranked.subList(0, Math.min(search.refine(),
                ranked.size())));
        ranked.stream().filter(c -> c.spec.equals(workload)).findFirst()
                .filter(written -> !refinedCandidates.contains(written)).ifPresent(refinedCandidates::add);
        long seed = RunSeeds.seed(study.seed(), 0, workload);
        List<RunResult> refined = runs.run(study, refinedCandidates.stream().map(c -> new SearchRun(c.spec,
                study.name() + c.label(kind), c.variation(kind), seed)).toList());
        long done = System.nanoTime();
        return result(study, Summary.of(kind, search, space, feasible.size(), ranked, refined, null,
                new long[] {start, enumerated, screened, done}, threads).withBest(kind, ranked, refinedCandidates,
                        refined, study), after(refined, unbuilt));
    }

    /** The search of {@code workload}'s kind, or null for a workload no search covers. */
    static SearchKind kind(WorkloadSpec workload) {
        if (workload instanceof TrainingSpec) {
            return new TrainingKind();
        }
        return workload instanceof InferenceSpec ? new ServingKind() : null;
    }

    /**
     * Whether a search of a {@code workload} enumerates {@code parameter} itself; each value of a study's other
     * axes makes base jobs ({@link #baseSweep}), as a sweep's runs. O(1).
     */
    public static boolean enumerates(Knobs.Workload workload, VariationSpec.Parameter parameter) {
        return switch (workload) {
            case TRAINING -> TrainingKind.SEARCHED.contains(parameter);
            case INFERENCE -> ServingKind.SEARCHED.contains(parameter);
            case BENCHMARK -> false;
        };
    }

    /**
     * The sweep whose runs are the base jobs of {@code study}'s search: its workload under the study's axes that the
     * search does not enumerate (every axis for a workload no search covers). Its runs are planned up front, as a
     * sweep's are, and so are refused above {@link org.fabricsim.runtime.study.StudySize#MAX_RUNS}.
     */
    public static StudySpec baseSweep(StudySpec study) {
        SearchKind kind = kind(study.workloads().get(0));
        List<VariationSpec> others = study.variations().stream().filter(a -> kind == null || !kind.searches(a))
                .toList();
        return new StudySpec(study.model(), study.source(), study.name(), study.workloads(), others, List.of(),
                List.of(), study.seed(), study.calibration());
    }

    /**
     * The base jobs ({@link #baseSweep}) with their labels, as {@code planned} built them (the bound's count may have
     * built some already); a base that cannot be built goes to {@code unbuilt} as the failed run its sweep would give,
     * with the reason.
     */
    private static List<WorkloadSpec> bases(StudySpec study, BaseJobs planned, List<Map<String, Object>> labels,
            List<RunResult> unbuilt) {
        List<WorkloadSpec> jobs = new ArrayList<>();
        List<StudyRunner.PlannedRun> runs = planned.runs();
        for (int b = 0; b < runs.size(); b++) {
            StudyRunner.PlannedRun run = runs.get(b);
            WorkloadSpec job = planned.built(b);
            if (job != null) {
                jobs.add(job);
                labels.add(run.variation());
            } else {
                unbuilt.add(RunResult.failed(run.name(), StudyRunner.kind(run.workload()), study.name(),
                        run.variation(), run.seed(), StudyRunner.reason(planned.failure(b)), 0));
            }
        }
        return jobs;
    }

    /** {@code runs}, then {@code unbuilt}. */
    private static List<RunResult> after(List<RunResult> runs, List<RunResult> unbuilt) {
        List<RunResult> all = new ArrayList<>(runs);
        all.addAll(unbuilt);
        return all;
    }

    private static List<Candidate> rank(List<Candidate> feasible, SearchSpec.Objective objective) {
        Comparator<Candidate> byValue = Comparator.comparingDouble(c -> c.screened);
        List<Candidate> ranked = new ArrayList<>(feasible.stream().filter(c -> !Double.isNaN(c.screened)).toList());
        ranked.sort(objective.maximize() ? byValue.reversed() : byValue);
        return ranked;
    }

    private StudyResult failed(StudySpec study, AxisSpace space, String reason, long start, long end,
            List<RunResult> unbuilt) {
        return result(study, Summary.of(null, study.search(), space, 0, List.of(), List.of(), reason,
                new long[] {start, end, end, end}, threads),
                after(List.of(failedRun(study, study.workloads().get(0), reason, start, end)), unbuilt));
    }

    private static RunResult failedRun(StudySpec study, WorkloadSpec workload, String reason, long start, long end) {
        return RunResult.failed(study.name(), StudyRunner.kind(workload), study.name(), Map.of(),
                RunSeeds.seed(study.seed(), 0, workload), reason, (end - start) / 1e9);
    }

    private static StudyResult result(StudySpec study, Summary summary, List<RunResult> runs) {
        StudyResult.StudyInfo info = new StudyResult.StudyInfo(study.name(), study.source() == null ? ""
                : study.source(), study.seed(), study.variations().stream().map(VariationSpec::label).toList(),
                study.report(), summary.toJson());
        return new StudyResult(Version.TOOL, study.model(), List.of(info), runs);
    }
}
