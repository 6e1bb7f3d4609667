package org.fabricsim.runtime.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

import org.fabricsim.runtime.Version;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.SearchSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.study.InfeasibleRunException;
import org.fabricsim.runtime.study.StudyRunner;

/**
 * A study's search over its training job: enumerate the plans of the {@link TrainingSpace} (each
 * combination of the study's other axes is a base job), screen every feasible one on the {@link
 * Screen}, refine the best {@code refine} by the screen on the engine (the flow model, as a sweep's
 * runs are simulated), and the job's own plan too when it is in the space and not among them (so the
 * best is never worse than the plan as written, and the report compares them), and report the refined runs with a summary: counts (considered, feasible,
 * screened, refined), rejections per rule, the best by the refined objective, the Pareto front of
 * the objective against the cost per hour over the screened plans, the best as a {@code training}
 * definition, and the time each stage took. With no feasible plan the study has one failed run whose
 * reason names the rule that rejected the most and the nearest feasible plan: the one with the fewest
 * parameters outside the space, found among every feasible value. Deterministic: the screen's values
 * do not depend on the threads, ties keep enumeration order.
 */
public final class TrainingSearch {
    /** The parameters a training search enumerates itself; the study's other axes make base jobs. */
    static final Set<Parameter> SEARCHED = EnumSet.of(Parameter.TENSOR, Parameter.PIPELINE, Parameter.DATA,
            Parameter.CONTEXT, Parameter.MICRO_BATCH, Parameter.SCHEDULE, Parameter.VIRTUAL_STAGES,
            Parameter.SHARDING, Parameter.RECOMPUTE);

    private final StudyRunner.Engine engine;
    private final int threads;
    private final StudyRunner.Progress progress;

    public TrainingSearch(StudyRunner.Engine engine, int threads, StudyRunner.Progress progress) {
        this.engine = engine;
        this.threads = threads;
        this.progress = progress;
    }

    /** Runs the search of {@code study}; its one workload must be a training job (others fail, saying so). */
    public StudyResult run(StudySpec study) {
        SearchSpec search = study.search();
        long start = System.nanoTime();
        if (!(study.workloads().get(0) instanceof TrainingSpec)) {
            RunResult failed = RunResult.failed(study.name(), StudyRunner.kind(study.workloads().get(0)),
                    study.name(), Map.of(), study.seed(), "not simulated yet: a search covers a training job; sweep"
                    + " the deployment's pools with 'vary' instead", 0);
            return result(study, Summary.of(search, new TrainingSpace(search, List.of()), 0, List.of(), List.of(),
                    failed.error(), start, start, start, start, threads), List.of(failed));
        }
        List<VariationSpec> searched = study.variations().stream().filter(a -> SEARCHED.contains(a.parameter()))
                .toList();
        TrainingSpace space = new TrainingSpace(search, searched);
        List<Candidate> feasible = new ArrayList<>();
        List<Map<String, Object>> bases = new ArrayList<>();
        List<TrainingSpec> baseJobs = bases(study, bases);
        for (int b = 0; b < baseJobs.size(); b++) {
            Map<String, Object> axes = bases.get(b);
            space.enumerate(baseJobs.get(b), spec -> feasible.add(new Candidate(spec, axes)));
        }
        long enumerated = System.nanoTime();
        long seed = StudyRunner.seed(study.seed(), 0);
        if (feasible.isEmpty()) {
            String reason = nothingFeasible(space, search, baseJobs);
            RunResult failed = RunResult.failed(study.name(), "training", study.name(), Map.of(), seed, reason,
                    (enumerated - start) / 1e9);
            return result(study, Summary.of(search, space, 0, List.of(), List.of(), reason, start, enumerated,
                    enumerated, enumerated, threads), List.of(failed));
        }
        double[] values = Parallel.map(feasible.size(), threads, () -> new Screen(study.calibration()),
                (screen, i) -> Objectives.value(search.objective(), feasible.get(i).spec,
                        screen.stepSeconds(feasible.get(i).spec)));
        for (int i = 0; i < values.length; i++) {
            feasible.get(i).screened = values[i];
        }
        long screened = System.nanoTime();
        List<Candidate> ranked = rank(feasible, search.objective());
        List<Candidate> refinedCandidates = new ArrayList<>(ranked.subList(0, Math.min(search.refine(),
                ranked.size())));
        ranked.stream().filter(c -> c.spec.equals(study.workloads().get(0))).findFirst()
                .filter(written -> !refinedCandidates.contains(written)).ifPresent(refinedCandidates::add);
        List<RunResult> refined = refine(study, refinedCandidates, seed);
        long done = System.nanoTime();
        return result(study, Summary.of(search, space, feasible.size(), ranked, refined, null, start, enumerated,
                screened, done, threads).withBest(ranked, refinedCandidates, refined, study), refined);
    }

    /** The base jobs: the study's job under each combination of its axes that the search does not enumerate. */
    private static List<TrainingSpec> bases(StudySpec study, List<Map<String, Object>> labels) {
        List<VariationSpec> others = study.variations().stream().filter(a -> !SEARCHED.contains(a.parameter()))
                .toList();
        StudySpec sweep = new StudySpec(study.model(), study.source(), study.name(), study.workloads(), others,
                List.of(), List.of(), study.seed(), study.calibration());
        List<TrainingSpec> jobs = new ArrayList<>();
        for (StudyRunner.PlannedRun run : StudyRunner.expand(sweep)) {
            try {
                jobs.add((TrainingSpec) run.varied());
                labels.add(run.variation());
            } catch (InfeasibleRunException e) {
                // a base the study's own axes cannot build has no plans to search; the sweep would fail it too
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

    private List<RunResult> refine(StudySpec study, List<Candidate> candidates, long seed) {
        AtomicInteger done = new AtomicInteger();
        IntFunction<RunResult> one = i -> {
            Candidate c = candidates.get(i);
            RunResult run = engine.run(c.spec, study.calibration(), seed)
                    .inStudy(study.name() + c.label(), study.name(), c.variation(), seed)
                    .withExpectations(study.expectations());
            progress.finished(done.incrementAndGet(), candidates.size(), run);
            return run;
        };
        return Parallel.objects(candidates.size(), threads, one);
    }

    /** The reason of a search without a feasible plan: the rule that rejected the most and the nearest plan. */
    private static String nothingFeasible(TrainingSpace space, SearchSpec search, List<TrainingSpec> bases) {
        Map.Entry<String, Integer> worst = space.rejected().entrySet().stream().max(Map.Entry.comparingByValue())
                .orElse(null);
        String most = worst == null ? "the study's axes build no job"
                : "rule '" + worst.getKey() + "' rejected the most (" + worst.getValue() + " of "
                        + space.considered() + ")";
        TrainingSpace everything = new TrainingSpace(new SearchSpec(search.objective(), true,
                search.maxAccelerators(), search.budgetPerHour(), search.refine()), List.of());
        Candidate[] nearest = new Candidate[1];
        int[] distance = {Integer.MAX_VALUE};
        for (TrainingSpec base : bases) {
            everything.enumerate(base, spec -> {
                int d = space.distance(spec, base);
                if (d < distance[0]) {
                    distance[0] = d;
                    nearest[0] = new Candidate(spec, Map.of());
                }
            });
        }
        String point = nearest[0] == null ? "no plan of any value of the searched parameters is feasible either"
                : "the nearest feasible plan is " + nearest[0].label() + " (" + distance[0]
                        + " parameter" + (distance[0] == 1 ? "" : "s") + " outside the space)";
        return "no configuration of the search space is feasible: " + most + "; " + point;
    }

    private static StudyResult result(StudySpec study, Summary summary, List<RunResult> runs) {
        StudyResult.StudyInfo info = new StudyResult.StudyInfo(study.name(), study.source() == null ? ""
                : study.source(), study.seed(), study.variations().stream().map(VariationSpec::label).toList(),
                study.report(), summary.toJson());
        return new StudyResult(Version.TOOL, study.model(), List.of(info), runs);
    }
}
