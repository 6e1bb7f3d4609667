package org.fabricsim.runtime.spec;

import java.util.List;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.network.MaxMinNetwork;
import org.fabricsim.runtime.network.NetworkKind;

/**
 * What one simulation program runs: a {@code study} of the model (its workload under every
 * combination of its {@code vary} axes), or one workload that no study covers.
 *
 * @param model      the model's name (its package), reported as {@code model} in the JSON result
 * @param source     the {@code .fabric} file the program was generated from, for the report
 * @param name       the study's (or the lone workload's) qualified name
 * @param workloads  the workloads; each is run under every combination of {@code variations}
 * @param variations the sweep's axes, in model order; empty for a single run per workload
 * @param report     the metrics the study asks for, as written after {@code report} (e.g. {@code step-time});
 *                   empty for all
 * @param expectations the published figures every run is held against, in model order
 * @param seed       the study's seed; the runs of workload i are seeded from it and i (see {@code RunSeeds})
 * @param calibration the calibration profile every run uses (the study's {@code calibration} clause;
 *                   {@link CalibrationProfile#defaults()} otherwise)
 * @param completionTolerance the flow model's relative completion tolerance ε in [0, {@link
 *                   #MAX_COMPLETION_TOLERANCE}] (the study's {@code tolerance}; {@link
 *                   MaxMinNetwork#DEFAULT_COMPLETION_TOLERANCE} otherwise; 0 solves exactly)
 * @param search     the study's design-space search over its axes, or null for a sweep of them
 */
public record StudySpec(String model, String source, String name, List<WorkloadSpec> workloads,
        List<VariationSpec> variations, List<String> report, List<ExpectationSpec> expectations, long seed,
        CalibrationProfile calibration, double completionTolerance, SearchSpec search) {

    /** The seed of a study that does not state one. */
    public static final long DEFAULT_SEED = 1;
    /** The largest completion tolerance a study may state: 10%, beyond which times are guesses. */
    public static final double MAX_COMPLETION_TOLERANCE = 0.1;

    public StudySpec {
        Specs.requireName(model);
        Specs.requireName(name);
        workloads = List.copyOf(workloads);
        variations = List.copyOf(variations);
        report = List.copyOf(report);
        expectations = List.copyOf(expectations);
        if (calibration == null) {
            throw new IllegalArgumentException("study " + name + " needs a calibration profile");
        }
        if (!(completionTolerance >= 0 && completionTolerance <= MAX_COMPLETION_TOLERANCE)) {
            throw new IllegalArgumentException("study " + name + ": the completion tolerance is 0 to "
                    + MAX_COMPLETION_TOLERANCE + ", not " + completionTolerance);
        }
    }

    /** A sweep (a study without a search) at the given completion tolerance. */
    public StudySpec(String model, String source, String name, List<WorkloadSpec> workloads,
            List<VariationSpec> variations, List<String> report, List<ExpectationSpec> expectations, long seed,
            CalibrationProfile calibration, double completionTolerance) {
        this(model, source, name, workloads, variations, report, expectations, seed, calibration, completionTolerance,
                null);
    }

    /** A study with the default completion tolerance. */
    public StudySpec(String model, String source, String name, List<WorkloadSpec> workloads,
            List<VariationSpec> variations, List<String> report, List<ExpectationSpec> expectations, long seed,
            CalibrationProfile calibration, SearchSpec search) {
        this(model, source, name, workloads, variations, report, expectations, seed, calibration,
                MaxMinNetwork.DEFAULT_COMPLETION_TOLERANCE, search);
    }

    /** A sweep at the default completion tolerance. */
    public StudySpec(String model, String source, String name, List<WorkloadSpec> workloads,
            List<VariationSpec> variations, List<String> report, List<ExpectationSpec> expectations, long seed,
            CalibrationProfile calibration) {
        this(model, source, name, workloads, variations, report, expectations, seed, calibration, (SearchSpec) null);
    }

    /** A study with the default calibration profile. */
    public StudySpec(String model, String source, String name, List<WorkloadSpec> workloads,
            List<VariationSpec> variations, List<String> report, List<ExpectationSpec> expectations, long seed) {
        this(model, source, name, workloads, variations, report, expectations, seed, CalibrationProfile.defaults());
    }

    /**
     * The workloads of a model, each run once with the default seed, named after the workload when
     * there is one, after the model otherwise.
     */
    public StudySpec(String model, String source, List<WorkloadSpec> workloads) {
        this(model, source, workloads.size() == 1 ? workloads.get(0).name() : model, workloads, List.of(), List.of(),
                List.of(), DEFAULT_SEED);
    }

    /** This study with another seed (the command line's {@code --seed}). */
    public StudySpec withSeed(long newSeed) {
        return new StudySpec(model, source, name, workloads, variations, report, expectations, newSeed,
                calibration, completionTolerance, search);
    }

    /**
     * This study with its collective benchmarks on the network model {@code kind} (the command line's
     * {@code --network}); the other workloads choose no network model and stay as they are.
     */
    public StudySpec withNetwork(NetworkKind kind) {
        List<WorkloadSpec> chosen = workloads.stream().map(workload -> workload instanceof CollectiveBenchmarkSpec
                benchmark ? benchmark.withNetwork(kind) : workload).toList();
        return new StudySpec(model, source, name, chosen, variations, report, expectations, seed, calibration,
                completionTolerance, search);
    }

    /** Runs the study makes: workloads × the product of the axes' sizes. */
    public int runCount() {
        int runs = workloads.size();
        for (VariationSpec variation : variations) {
            runs = Math.multiplyExact(runs, variation.values().size());
        }
        return runs;
    }
}
