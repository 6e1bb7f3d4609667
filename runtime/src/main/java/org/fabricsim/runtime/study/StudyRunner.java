package org.fabricsim.runtime.study;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.fabricsim.runtime.Version;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.search.Search;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.ExpertKernelBenchmarkSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.SharedFabricSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.WorkloadSpec;

/**
 * Runs a study: every workload under every combination of the study's axes (the Cartesian product,
 * the last axis varying fastest), on a fixed pool of threads, one run per task. Results come back in
 * expansion order whatever the completion order, so the first run is the baseline.
 *
 * <p>Seeds: every run of a workload draws with its {@link RunSeeds#seed(long, int, WorkloadSpec)}, from the study's
 * seed and the workload's position, so all variations of a workload share one seed. Every run that completes is held
 * against each of the study's expectations. A run that throws (an infeasible combination, a case the engine does
 * not simulate yet) becomes a failed {@link RunResult} carrying the reason; the other runs complete.
 * A study with a search runs it instead ({@link Search}).
 */
public final class StudyRunner {
    /** Simulates one workload with a calibration profile and a seed: the engine's entry point. */
    @FunctionalInterface
    public interface Engine {
        RunResult run(WorkloadSpec workload, CalibrationProfile profile, long seed);
    }

    /** Told about each finished run, from the worker threads. */
    @FunctionalInterface
    public interface Progress {
        /** No progress reporting. */
        Progress NONE = (done, total, run) -> {
        };

        void finished(int done, int total, RunResult run);
    }

    private final Engine engine;
    private final int threads;
    private final Progress progress;

    /**
     * @param engine   simulates one workload
     * @param threads  the pool size; runs never use more threads than there are runs
     * @param progress told about each finished run
     */
    public StudyRunner(Engine engine, int threads, Progress progress) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be positive, was " + threads);
        }
        this.engine = engine;
        this.threads = threads;
        this.progress = progress;
    }

    /** The default pool size: the local cores. */
    public static int localCores() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** One run of a study before it is simulated. */
    public record PlannedRun(int index, String name, WorkloadSpec workload, List<VariationSpec> axes,
            List<Object> values, long seed) {

        /** The varied values by keyword, labelled for people ({@link Variations#label}). */
        public Map<String, Object> variation() {
            Map<String, Object> variation = new LinkedHashMap<>();
            for (int i = 0; i < axes.size(); i++) {
                Object value = values.get(i);
                variation.put(axes.get(i).label(), value instanceof Number ? value : Variations.label(value));
            }
            return variation;
        }

        /** The workload with every axis set to this run's value. */
        public WorkloadSpec varied() {
            WorkloadSpec varied = workload;
            for (int i = 0; i < axes.size(); i++) {
                varied = Variations.apply(varied, axes.get(i), values.get(i));
            }
            return varied;
        }
    }

    /**
     * The runs of {@code study} in expansion order: workloads, then the axes' product, last axis fastest; a study
     * of more than {@link StudySize#MAX_RUNS} runs throws {@link InfeasibleRunException} with the reason.
     */
    public static List<PlannedRun> expand(StudySpec study) {
        String refusal = StudySize.refusal(study);
        if (refusal != null) {
            throw new InfeasibleRunException(refusal);
        }
        List<VariationSpec> axes = study.variations();
        int combinations = 1;
        for (VariationSpec axis : axes) {
            combinations *= axis.values().size();
        }
        List<PlannedRun> runs = new ArrayList<>();
        for (int w = 0; w < study.workloads().size(); w++) {
            WorkloadSpec workload = study.workloads().get(w);
            long seed = RunSeeds.seed(study.seed(), w, workload);
            String base = study.workloads().size() == 1 ? study.name() : workload.name();
            for (int c = 0; c < combinations; c++) {
                List<Object> values = new ArrayList<>(axes.size());
                int rest = c;
                for (int a = axes.size() - 1; a >= 0; a--) {
                    List<Object> axisValues = axes.get(a).values();
                    values.add(0, axisValues.get(rest % axisValues.size()));
                    rest /= axisValues.size();
                }
                int index = runs.size();
                runs.add(new PlannedRun(index, base + label(axes, values), workload, axes, values, seed));
            }
        }
        return runs;
    }

    /** The kind of a workload as results name it. */
    public static String kind(WorkloadSpec workload) {
        if (workload instanceof CollectiveBenchmarkSpec) {
            return "collective-benchmark";
        }
        if (workload instanceof ExpertKernelBenchmarkSpec) {
            return "expert-kernel-benchmark";
        }
        if (workload instanceof SharedFabricSpec) {
            return "shared-fabric";
        }
        return workload instanceof TrainingSpec ? "training" : "inference";
    }

    /**
     * Runs every run of {@code study}; failed runs carry their reason. A study that cannot be planned (more than
     * {@link StudySize#MAX_RUNS} runs) gives one failed run with the reason, as an infeasible run does.
     */
    public StudyResult run(StudySpec study) {
        List<PlannedRun> planned;
        try {
            if (study.search() != null) {
                return Search.local(engine, threads, progress).run(study);
            }
            planned = expand(study);
        } catch (InfeasibleRunException e) {
            WorkloadSpec first = study.workloads().get(0);
            return result(study, List.of(RunResult.failed(study.name(), kind(first), study.name(), Map.of(),
                    RunSeeds.seed(study.seed(), 0, first), reason(e), 0)));
        }
        List<RunResult> results = new ArrayList<>(planned.size());
        AtomicInteger done = new AtomicInteger();
        int poolSize = Math.min(threads, planned.size());
        if (poolSize <= 1) {
            for (PlannedRun run : planned) {
                results.add(runAndReport(study, run, done, planned.size()));
            }
        } else {
            ExecutorService pool = Executors.newFixedThreadPool(poolSize, task -> {
                Thread thread = new Thread(task, "fabricsim-run");
                thread.setDaemon(true);
                return thread;
            });
            try {
                List<Future<RunResult>> futures = new ArrayList<>();
                for (PlannedRun run : planned) {
                    futures.add(pool.submit(() -> runAndReport(study, run, done, planned.size())));
                }
                for (Future<RunResult> future : futures) {
                    results.add(future.get());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("study " + study.name() + " interrupted", e);
            } catch (ExecutionException e) {
                throw new IllegalStateException("study " + study.name() + " failed", e.getCause());
            } finally {
                pool.shutdownNow();
            }
        }
        return result(study, results);
    }

    /** The result of a sweep of {@code study} whose runs, in expansion order, gave {@code results}. */
    public static StudyResult result(StudySpec study, List<RunResult> results) {
        List<String> varied = study.variations().stream().map(VariationSpec::label).toList();
        StudyResult.StudyInfo info = new StudyResult.StudyInfo(study.name(), study.source() == null ? ""
                : study.source(), study.seed(), varied, study.report());
        return new StudyResult(Version.TOOL, study.model(), List.of(info), results);
    }

    private RunResult runAndReport(StudySpec study, PlannedRun run, AtomicInteger done, int total) {
        RunResult result = runOne(study, run);
        progress.finished(done.incrementAndGet(), total, result);
        return result;
    }

    /**
     * Simulates one planned run of {@code study} on this runner's engine: the result carries the run's name,
     * variation and seed and is held against the study's expectations; a run that throws, or a varied run that breaks
     * a rule the same job written out would break ({@link VariedFit}: heads, layers, experts, batch, context, DualPipe
     * schedule, memory), becomes a failed result with the reason. Other engines (the
     * Spark sweep) run each run through this one method.
     */
    public RunResult runOne(StudySpec study, PlannedRun run) {
        return simulate(engine, study, run.axes().isEmpty() ? run::varied : () -> VariedFit.checked(run.varied()),
                kind(run.workload()), run.name(), run.variation(), run.seed());
    }

    /**
     * Simulates the workload {@code workload} builds (of kind {@code kind}) as a run of {@code study} named
     * {@code name} with {@code variation} and {@code seed}: held against the study's expectations; a run that throws (an infeasible combination, a
     * run that exhausts the heap) becomes a failed result with the reason. A sweep's runs and a search's
     * runs go through this one method, on whichever engine runs them.
     */
    public static RunResult simulate(Engine engine, StudySpec study, Supplier<WorkloadSpec> workload, String kind,
            String name, Map<String, Object> variation, long seed) {
        long startNanos = System.nanoTime();
        try {
            WorkloadSpec spec = workload.get();
            RunResult result = engine.run(spec, study.calibration(), seed);
            if (MfuSplit.applies(study, spec)) {
                result = MfuSplit.split(result, (TrainingSpec) spec, engine, study.calibration(), seed);
            }
            return result.inStudy(name, study.name(), variation, seed)
                    .withExpectations(study.expectations());
        } catch (RuntimeException e) {
            return RunResult.failed(name, kind, study.name(), variation, seed, reason(e),
                    (System.nanoTime() - startNanos) / 1e9);
        } catch (OutOfMemoryError e) {
            return RunResult.failed(name, kind, study.name(), variation, seed,
                    OutOfMemoryReason.of(kind, Runtime.getRuntime().maxMemory()),
                    (System.nanoTime() - startNanos) / 1e9);
        }
    }

    /**
     * The reason a run that threw {@code e} fails with: {@code infeasible: …} for a combination that cannot be
     * built, {@code not simulated yet: …} for a case the engine lacks, else the message.
     */
    public static String reason(RuntimeException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (e instanceof UnsupportedOperationException) {
            return "not simulated yet: " + message;
        }
        if (e instanceof InfeasibleRunException) {
            return "infeasible: " + message;
        }
        return message;
    }

    private static String label(List<VariationSpec> axes, List<Object> values) {
        if (axes.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < axes.size(); i++) {
            out.append(i == 0 ? "" : ", ").append(axes.get(i).label()).append('=')
                    .append(Variations.label(values.get(i)));
        }
        return out.append(']').toString();
    }
}
